import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { ApiClient } from '../../../lib/api';
import { settleInstantAchContributions } from '../api/settle-instant-ach-contributions';
import { settleLastAchContribution } from '../api/settle-last-ach-contribution';
import { settleLastCardContribution } from '../api/settle-last-card-contribution';
import { settleLastWireWithdrawal } from '../api/settle-last-wire-withdrawal';
import { triggerTestSellFlow } from '../api/test-sell-flow';
import type { useSandboxAction } from '../use-sandbox-action';

/** The settling actions of an opened account, in document 1's order; each call's reply names what it did. */
const SETTLE_ACTIONS = [
  { name: 'settleAch', call: settleLastAchContribution },
  { name: 'settleCard', call: settleLastCardContribution },
  { name: 'settleWireWithdrawal', call: settleLastWireWithdrawal },
  { name: 'settleInstantAch', call: settleInstantAchContributions },
  { name: 'testSellFlow', call: triggerTestSellFlow },
] as const satisfies readonly { name: string; call: (api: ApiClient) => Promise<{ message: string }> }[];

/** Document 1, section 2: settle last ACH, card and wire-withdrawal, settle instant ACH, and a test sell flow. */
export function SettleActions({ action }: { action: ReturnType<typeof useSandboxAction> }) {
  const { t } = useTranslation('sandbox', { useSuspense: true });
  return (
    <div className="flex flex-col gap-3">
      {SETTLE_ACTIONS.map(({ name, call }) => (
        <Button
          key={name}
          variant="secondary"
          isDisabled={action.busy !== null}
          onPress={() => void action.run(name, call)}
        >
          {t(`settle.${name}`)}
        </Button>
      ))}
    </div>
  );
}
