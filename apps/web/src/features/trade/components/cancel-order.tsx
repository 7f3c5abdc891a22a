import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ORDER_CANCELLABLE_STATUSES, type OrderStatus, type RampOrder } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useSnackbar } from '../../../components/ui/snackbar';
import { isApiError, useApi } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { formatUsd } from '../../../lib/format';
import { cancelOrder } from '../api/cancel-order';
import { tradeKey } from '../api/ramp-assets';
import { formatAssetAmount } from './trade-lines';

export function isCancellable(status: OrderStatus): boolean {
  return (ORDER_CANCELLABLE_STATUSES as readonly OrderStatus[]).includes(status);
}

/**
 * Cancel, offered while the order waits for its payment or deposit (decision 058), after a confirmation dialog (Keep
 * has the focus). The server has the last word: a refusal shows its catalogue message, in the user's language, and
 * the order is read again.
 * Balances and activity are read again after it (an ACH-paid buy's pending deposit is cancelled with it).
 */
export function CancelOrder({ order }: { order: RampOrder }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const api = useApi();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const [open, setOpen] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelOrder(api, order.orderId),
    onSuccess: (cancelled) => {
      queryClient.setQueryData([...tradeKey, 'order', order.orderId], cancelled);
      snackbar.show({ message: t('order.cancelDone'), severity: 'success' });
    },
    onError: (error) => {
      snackbar.show({
        message: t('order.cancelFailed', {
          details: isApiError(error) ? serverText.ofError(error) : t('common.unexpected'),
        }),
        severity: 'error',
      });
    },
    onSettled: () => {
      setOpen(false);
      // Every screen showing the balance, the activity or this order reads it again.
      void queryClient.invalidateQueries();
    },
  });
  if (!isCancellable(order.status)) return null;
  const amount =
    order.side === 'buy'
      ? formatUsd(order.sellAmountTotal)
      : formatAssetAmount(order.sellAmountTotal, order.sellAssetTicker);
  return (
    <>
      <Button variant="secondary" fullWidth onPress={() => setOpen(true)}>
        {t('order.cancel')}
      </Button>
      <ConfirmDialog
        isOpen={open}
        title={t('order.cancelTitle')}
        message={t(order.side === 'buy' ? 'order.cancelBuyText' : 'order.cancelSellText', { amount })}
        confirmLabel={t('order.confirmCancel')}
        cancelLabel={t('order.keep')}
        isPending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
