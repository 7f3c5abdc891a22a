import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { freezeSandboxAccount } from '../api/freeze-account';
import { unfreezeSandboxAccount } from '../api/unfreeze-account';
import type { useSandboxAction } from '../use-sandbox-action';

/**
 * R5: the custodian freezes or unfreezes the account. Once frozen, every other call answers 401 with the frozen
 * marker and the app shows its frozen screen (which offers the sandbox unfreeze too).
 */
export function AccountFreeze({
  action,
  onUnfrozen,
}: {
  action: ReturnType<typeof useSandboxAction>;
  onUnfrozen(): void;
}) {
  const { t } = useTranslation('sandbox', { useSuspense: true });
  const busy = action.busy !== null;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink-muted">{t('freeze.help')}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button variant="danger" isDisabled={busy} onPress={() => void action.run('freeze', freezeSandboxAccount)}>
          {t('freeze.freeze')}
        </Button>
        <Button
          variant="secondary"
          isDisabled={busy}
          onPress={() => void action.run('unfreeze', unfreezeSandboxAccount, { onSuccess: onUnfrozen })}
        >
          {t('freeze.unfreeze')}
        </Button>
      </div>
    </div>
  );
}
