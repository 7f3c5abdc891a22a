import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransferView } from '@rampart/contracts';
import { useSnackbar } from '../../components/ui/snackbar';
import { isApiError, useApi } from '../../lib/api';
import { useServerText } from '../../lib/server-text';
import { cancelTransfer } from './api/cancel-transfer';
import { useTransfers } from './api/list-transfers';
import { useRefreshMoney } from './use-refresh-money';

/**
 * The transfer history's state: the transfers, the one the user asked to cancel and whether its cancel is in
 * flight. Whatever the server answers, the dialog closes and the transfers and balances are read again.
 */
export function useTransferHistory() {
  const { t } = useTranslation('money', { useSuspense: true });
  const transfers = useTransfers();
  const api = useApi();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const refreshMoney = useRefreshMoney();
  const [cancelling, setCancelling] = useState<TransferView | null>(null);
  const [pending, setPending] = useState(false);

  /** An error's text in the user's language: a reply by its keys, anything else as unexpected. */
  const failure = (error: unknown) => (isApiError(error) ? serverText.ofError(error) : t('errors.unexpected'));

  const confirmCancel = async () => {
    if (!cancelling) return;
    setPending(true);
    try {
      await cancelTransfer(api, cancelling.transferId);
      snackbar.show({ message: t('history.cancelled'), severity: 'success' });
    } catch (error) {
      snackbar.show({ message: t('history.cancelFailed', { details: failure(error) }), severity: 'error' });
    } finally {
      setPending(false);
      setCancelling(null);
      refreshMoney();
    }
  };

  return {
    transfers,
    failure,
    cancelling,
    pending,
    askToCancel: setCancelling,
    confirmCancel: () => void confirmCancel(),
    keep: () => setCancelling(null),
  };
}
