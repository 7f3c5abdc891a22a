import { TRANSFER_METHODS, type TransferMethodKey, type TransferView } from '@rampart/contracts';
import { fromMinorUnits } from '../ledger';
import type { TransferMethod, TransferRow } from './repository';

export const METHOD_KEYS: Record<TransferMethod, TransferMethodKey> = {
  ach: 'primex_ach',
  instant_ach: 'primex_instant_ach',
  card: 'primex_card',
  us_wire: 'primex_fedwire',
  international_wire: 'primex_swift_wire',
};

export function methodOfKey(key: TransferMethodKey): TransferMethod {
  const kind = TRANSFER_METHODS[key].kind;
  if (kind === 'usd_balance') throw new TypeError('The USD balance is not a transfer method');
  return kind;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The client's view of a transfer (contracts TransferView): USD decimal strings, ISO times, last 4 digits only. */
export function toTransferView(row: TransferRow): TransferView {
  const contribution = row.direction === 'contribution';
  return {
    transferId: row.id,
    direction: row.direction,
    methodKey: METHOD_KEYS[row.method],
    method: row.method,
    methodTicker: TRANSFER_METHODS[METHOD_KEYS[row.method]].ticker,
    status: row.status,
    amount: fromMinorUnits(row.amount, 'USD'),
    fee: fromMinorUnits(row.fee, 'USD'),
    net: fromMinorUnits(contribution ? row.amount : -(row.amount + row.fee), 'USD'),
    methodRef: {
      kind: row.method_kind,
      id: row.method_id,
      last4: row.method_last4,
      label: row.method_label,
      bankCode: row.method_bank_code,
    },
    fundsAvailable: row.funds_available,
    settlesAt: iso(row.settles_at),
    confirmation: contribution ? null : row.confirmed_at ? 'confirmed' : 'required',
    confirmBy: iso(row.confirm_by),
    confirmedAt: iso(row.confirmed_at),
    settledAt: iso(row.settled_at),
    cancelledAt: iso(row.cancelled_at),
    reversedAt: iso(row.reversed_at),
    createdAt: row.created_at.toISOString(),
  };
}
