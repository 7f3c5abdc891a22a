import {
  RAMP_DESTINATION_METHODS,
  RAMP_SOURCE_METHODS,
  TRANSFER_METHODS,
  TRANSFER_METHOD_KEYS,
  isTransferMethodKey,
  minorToDecimal,
  type RampLimitsReply,
  type TransferMethodKey,
} from '@rampart/contracts';

/**
 * The payment methods of a trade (R13; document 2, section 9 "Transfer methods"; decision 030): which ones a side
 * offers, what each needs, and its fee as figures the page formats. Pure: no texts, no requests.
 */

export type TradeSide = 'buy' | 'sell';

export function isTradeSide(value: unknown): value is TradeSide {
  return value === 'buy' || value === 'sell';
}

/** R13: a buy is paid with the USD balance, ACH or instant ACH; a sell pays out to the USD balance or ACH. */
export function tradeMethodsFor(side: TradeSide): readonly TransferMethodKey[] {
  return side === 'buy' ? RAMP_SOURCE_METHODS : RAMP_DESTINATION_METHODS;
}

/** The methods document 2 lists that trades do not take (card, both wires): shown disabled with "notify me". */
export function unavailableMethodsFor(side: TradeSide): TransferMethodKey[] {
  const offered = tradeMethodsFor(side);
  return TRANSFER_METHOD_KEYS.filter((key) => !offered.includes(key));
}

/** ACH and instant ACH move money through a linked bank; the USD balance needs nothing. */
export function needsLinkedBank(method: TransferMethodKey): boolean {
  return method === 'primex_ach' || method === 'primex_instant_ach';
}

/** The sides a method serves in a trade: pay for a buy, receive a sell's proceeds. */
export function tradeSidesOf(method: TransferMethodKey): TradeSide[] {
  return (['buy', 'sell'] as const).filter((side) => tradeMethodsFor(side).includes(method));
}

/** A method's fee for the page to word: none, a fixed USD amount ("2.00") or a percentage as a fraction ("0.0050"). */
export type MethodFee = { kind: 'none' } | { kind: 'fixed'; amount: string } | { kind: 'percent'; fraction: string };

export function methodFee(method: TransferMethodKey): MethodFee {
  const fee = TRANSFER_METHODS[method].fee;
  if (fee.kind === 'percent') return { kind: 'percent', fraction: minorToDecimal(fee.basisPoints, 4) };
  return fee.cents === 0n ? { kind: 'none' } : { kind: 'fixed', amount: minorToDecimal(fee.cents, 2) };
}

/** The method of a `/trade/method/:tradeMethod` path, or null (the page says it cannot be found). */
export function tradeMethodOf(param: string | undefined): TransferMethodKey | null {
  return isTransferMethodKey(param) ? param : null;
}

/** The limits that apply to a method, in the order a user reads them: its weekly limit, the daily, the per-trade. */
export function limitsOf(reply: RampLimitsReply | undefined, method: TransferMethodKey) {
  if (!reply) return [];
  return reply.limits.filter((limit) => limit.method === null || limit.method === method);
}
