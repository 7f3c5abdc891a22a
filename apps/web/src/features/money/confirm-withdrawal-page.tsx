import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TRANSFER_MESSAGES, type TransferView } from '@rampart/contracts';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { isApiError, useApi } from '../../lib/api';
import { useServerText, type ServerText } from '../../lib/server-text';
import { formatDate, formatUsd } from '../../lib/format';
import { confirmWithdrawal } from './api/confirm-withdrawal';
import { moneyKey } from './api/keys';
import { destinationText } from './components/transfer-item';
import { methodName } from './method-text';
import { MONEY_PATH, WITHDRAW_PATH } from './paths';
import { holdingsKey } from '../../lib/queries/holdings';
import { limitsKey } from '../../lib/queries/limits';

type State =
  | { kind: 'confirming' }
  | { kind: 'confirmed'; transfer: TransferView }
  | { kind: 'missing' }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'notPending' }
  | { kind: 'failed'; details: string };

/** The server's answer, read by its error code (or its message, TRANSFER_MESSAGES) rather than its status alone. */
function stateOfError(error: unknown, serverText: ServerText, unexpected: string): State {
  if (!isApiError(error)) return { kind: 'failed', details: unexpected };
  const texts = [error.message, ...error.errors, ...Object.values(error.fields)];
  const is = (code: string, text: string) => error.code === code || texts.includes(text);
  if (is('withdrawal_confirmation_expired', TRANSFER_MESSAGES.confirmationExpired)) return { kind: 'expired' };
  if (is('withdrawal_confirmation_invalid', TRANSFER_MESSAGES.confirmationInvalid)) return { kind: 'invalid' };
  if (is('withdrawal_not_pending', TRANSFER_MESSAGES.withdrawalNotPending)) return { kind: 'notPending' };
  return { kind: 'failed', details: serverText.ofError(error) };
}

/**
 * /money/withdrawals/confirm?token= : the link of the withdrawal's email. Confirms once on arrival (the token is single
 * use), then says what happens next; a used, expired or unknown link says why and what to do.
 */
export function ConfirmWithdrawalPage() {
  const { t } = useTranslation('money', { useSuspense: true });
  const api = useApi();
  const queryClient = useQueryClient();
  const serverText = useServerText();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<State>(token === '' ? { kind: 'missing' } : { kind: 'confirming' });
  // React's development double effect must not spend the single-use token twice.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (token === '' || sentFor.current === token) return;
    sentFor.current = token;
    confirmWithdrawal(api, token).then(
      (reply) => {
        setState({ kind: 'confirmed', transfer: reply.transfer });
        void queryClient.invalidateQueries({ queryKey: moneyKey });
        void queryClient.invalidateQueries({ queryKey: holdingsKey });
        void queryClient.invalidateQueries({ queryKey: limitsKey });
      },
      (error: unknown) => setState(stateOfError(error, serverText, t('errors.unexpected'))),
    );
  }, [api, token, queryClient, serverText, t]);

  const backToMoney = <LinkButton to={MONEY_PATH}>{t('common.backToMoney')}</LinkButton>;

  switch (state.kind) {
    case 'confirming':
      return (
        <div role="status" aria-busy="true" className="flex flex-col items-center gap-4 py-10 text-center">
          <Loader2 size={36} className="animate-spin text-primary" aria-hidden="true" />
          <p className="text-lg font-semibold text-ink">{t('confirm.confirming')}</p>
        </div>
      );
    case 'confirmed': {
      const transfer = state.transfer;
      const destination = destinationText(transfer.methodRef);
      return (
        <MessageBlock
          tone="success"
          title={t('confirm.confirmedTitle')}
          message={t('confirm.confirmedText', {
            amount: formatUsd(transfer.amount),
            method: methodName(t, transfer.methodKey),
            destination,
          })}
          help={transfer.settlesAt ? t('confirm.expected', { date: formatDate(transfer.settlesAt) }) : undefined}
          actions={backToMoney}
        />
      );
    }
    case 'expired':
      return (
        <MessageBlock
          tone="warning"
          title={t('confirm.expiredTitle')}
          message={t('messages.confirmationExpired')}
          help={t('confirm.expiredHelp')}
          actions={<LinkButton to={WITHDRAW_PATH}>{t('confirm.newWithdrawal')}</LinkButton>}
        />
      );
    case 'invalid':
      return (
        <MessageBlock
          tone="warning"
          title={t('confirm.invalidTitle')}
          message={t('messages.confirmationInvalid')}
          help={t('confirm.invalidHelp')}
          actions={backToMoney}
        />
      );
    case 'notPending':
      return (
        <MessageBlock
          tone="info"
          title={t('confirm.notPendingTitle')}
          message={t('messages.withdrawalNotPending')}
          help={t('confirm.invalidHelp')}
          actions={backToMoney}
        />
      );
    case 'missing':
      return (
        <MessageBlock
          tone="warning"
          title={t('confirm.invalidTitle')}
          message={t('confirm.missingText')}
          actions={backToMoney}
        />
      );
    default:
      return (
        <MessageBlock
          tone="danger"
          title={t('confirm.failedTitle')}
          message={state.details}
          help={t('confirm.failedHelp')}
          actions={backToMoney}
        />
      );
  }
}
