import {
  ORDER_CANCELLABLE_STATUSES,
  RAMP_TICKERS,
  SHORT_ID_PATTERN,
  trackingPath,
  type PublicOrder,
  type RampOrder,
} from '@rampart/contracts';
import { fromMinorUnits } from '../ledger';
import type { OrderRow, TransitionRow } from './repository';

const AWAITING: readonly string[] = ORDER_CANCELLABLE_STATUSES;

/** What anyone with the tracking id sees: figures, states and the chain's public facts; no user, no addresses. */
export function toPublicOrder(row: OrderRow, transitions: TransitionRow[]): PublicOrder {
  return {
    trackingId: row.tracking_id,
    shortId: row.short_id,
    side: row.side,
    status: row.status,
    sellAssetTicker: row.sell_asset,
    sellNetwork: row.sell_network,
    sellAmountTotal: fromMinorUnits(row.sell_amount, row.sell_asset),
    sellDeliveryMethod: row.sell_delivery_method,
    buyAssetTicker: row.buy_asset,
    buyNetwork: row.buy_network,
    receiveAmount: fromMinorUnits(row.receive_amount, row.buy_asset),
    rate: row.figures.rate,
    fees: row.figures.fees,
    totalFees: row.figures.totalFees,
    txHash: row.tx_hash,
    confirmations: row.confirmations,
    requiredConfirmations: row.required_confirmations,
    timeline: transitions.map((t) => ({ status: t.to_status, at: t.at.toISOString() })),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    expiresAt: AWAITING.includes(row.status) && row.expires_at ? row.expires_at.toISOString() : null,
    reason: row.reason,
  };
}

export function shortPath(shortId: string): string {
  return SHORT_ID_PATTERN.test(shortId) ? `/r/${shortId}` : '/';
}

/** The owner's view. */
export function toRampOrder(row: OrderRow, transitions: TransitionRow[]): RampOrder {
  const ticker = RAMP_TICKERS[row.sell_asset as keyof typeof RAMP_TICKERS];
  return {
    ...toPublicOrder(row, transitions),
    orderId: row.id,
    quoteId: row.quote_id,
    paymentMethod: row.payment_method,
    buyAddress: row.buy_address,
    buyMemo: row.buy_memo,
    depositAddress: row.deposit_address,
    depositMemo: row.deposit_memo,
    depositReceived: row.deposit_received > 0n ? fromMinorUnits(row.deposit_received, row.sell_asset) : null,
    minimumDeposit:
      row.side === 'sell' && row.sell_delivery_method === 'deposit' && ticker ? ticker.minimumDeposit : null,
    trackingUrl: trackingPath(row.tracking_id),
    shortUrl: shortPath(row.short_id),
    transferId: row.transfer_id,
  };
}
