import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AssetWithdrawal } from '@rampart/contracts';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { isApiError, useApi } from '../../lib/api';
import { useServerText } from '../../lib/server-text';
import { formatAmount, formatDateTime } from '../../lib/format';
import { confirmAssetWithdrawal } from './api/asset-withdrawals';
import { moneyKey } from './api/keys';
import { WITHDRAW_ASSET_PATH } from './paths';
import { holdingsKey } from '../../lib/queries/holdings';
import { limitsKey } from '../../lib/queries/limits';

type State =
  | { kind: 'confirming' }
  | { kind: 'confirmed'; withdrawal: AssetWithdrawal }
  | { kind: 'missing' }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'failed'; details: string };

/**
 * /money/withdraw-asset/confirm?token= : the link of an asset withdrawal's email (decision 054). Confirms once on
 * arrival (the token is single use), then says when the asset will be sent; a used, expired or unknown link says why.
 * The refusals are told apart by their error codes.
 */
export function ConfirmAssetWithdrawalPage() {
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
    confirmAssetWithdrawal(api, token).then(
      (reply) => {
        setState({ kind: 'confirmed', withdrawal: reply.withdrawal });
        void queryClient.invalidateQueries({ queryKey: moneyKey });
        void queryClient.invalidateQueries({ queryKey: holdingsKey });
        void queryClient.invalidateQueries({ queryKey: limitsKey });
      },
      (error: unknown) => {
        if (isApiError(error) && error.code === 'withdrawal_confirmation_expired') setState({ kind: 'expired' });
        else if (isApiError(error) && error.code === 'withdrawal_confirmation_invalid') setState({ kind: 'invalid' });
        else
          setState({
            kind: 'failed',
            details: isApiError(error) ? serverText.ofError(error) : t('errors.unexpected'),
          });
      },
    );
  }, [api, token, queryClient, serverText, t]);

  const backToWithdrawals = <LinkButton to={WITHDRAW_ASSET_PATH}>{t('assetConfirm.back')}</LinkButton>;

  switch (state.kind) {
    case 'confirming':
      return (
        <div role="status" aria-busy="true" className="flex flex-col items-center gap-4 py-10 text-center">
          <Loader2 size={36} className="animate-spin text-primary" aria-hidden="true" />
          <p className="text-lg font-semibold text-ink">{t('confirm.confirming')}</p>
        </div>
      );
    case 'confirmed': {
      const w = state.withdrawal;
      return (
        <MessageBlock
          tone="success"
          title={t('confirm.confirmedTitle')}
          message={t('assetConfirm.confirmedText', {
            amount: formatAmount(w.amount, { ticker: w.assetTicker }),
            address: w.address,
            time: formatDateTime(w.expectedBy),
          })}
          actions={backToWithdrawals}
        />
      );
    }
    case 'expired':
      return (
        <MessageBlock
          tone="warning"
          title={t('confirm.expiredTitle')}
          message={t('assetConfirm.expiredText')}
          actions={backToWithdrawals}
        />
      );
    case 'invalid':
      return (
        <MessageBlock
          tone="warning"
          title={t('confirm.invalidTitle')}
          message={t('messages.confirmationInvalid')}
          help={t('assetConfirm.invalidHelp')}
          actions={backToWithdrawals}
        />
      );
    case 'missing':
      return (
        <MessageBlock
          tone="warning"
          title={t('confirm.invalidTitle')}
          message={t('confirm.missingText')}
          actions={backToWithdrawals}
        />
      );
    default:
      return (
        <MessageBlock
          tone="danger"
          title={t('confirm.failedTitle')}
          message={state.details}
          help={t('confirm.failedHelp')}
          actions={backToWithdrawals}
        />
      );
  }
}
