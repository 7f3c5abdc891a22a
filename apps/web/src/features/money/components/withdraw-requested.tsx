import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_CONFIRM_HOURS, type TransferView } from '@rampart/contracts';
import { LinkButton } from '../../../components/ui/link-button';
import { MessageBlock } from '../../../components/ui/message-block';
import { formatDateTime } from '../../../lib/format';
import { methodName } from '../method-text';
import { toCents } from '../money-math';
import { MONEY_PATH } from '../paths';
import { WITHDRAW_REQUESTED_HEADING_ID } from '../use-withdraw-form';
import { AmountLines } from './amount-lines';

/** A withdrawal sent and waiting: what the bank receives, the fee, and the email to confirm it from in time. */
export function WithdrawRequested({ requested }: { requested: TransferView }) {
  const { t } = useTranslation('money', { useSuspense: true });
  return (
    <MessageBlock
      tone="success"
      icon={<MailCheck size={30} />}
      title={t('withdraw.checkEmailTitle')}
      headingId={WITHDRAW_REQUESTED_HEADING_ID}
      message={t('withdraw.checkEmailText', { hours: WITHDRAWAL_CONFIRM_HOURS })}
      help={
        <div className="flex flex-col gap-3 text-left">
          <AmountLines
            testId="withdraw-lines"
            lines={[
              { label: t('breakdown.bankReceives'), cents: toCents(requested.amount) },
              {
                label: t('breakdown.fee', { method: methodName(t, requested.methodKey) }),
                cents: toCents(requested.fee),
              },
              {
                label: t('breakdown.fromBalance'),
                cents: (toCents(requested.amount) ?? 0n) + (toCents(requested.fee) ?? 0n),
                total: true,
              },
            ]}
          />
          {requested.confirmBy ? (
            <p className="text-sm text-ink-muted">
              {t('withdraw.confirmBy', { date: formatDateTime(requested.confirmBy) })}
            </p>
          ) : null}
        </div>
      }
      actions={<LinkButton to={MONEY_PATH}>{t('common.backToMoney')}</LinkButton>}
    />
  );
}
