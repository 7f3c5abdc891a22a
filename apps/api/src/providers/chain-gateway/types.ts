import type { Queryable } from '../../db';

/**
 * The chain gateway (docs/design-brief.md, section 4; decision 024): the seam to the blockchains.
 * It sends an asset to an address (a buy's delivery), gives each sell order a place to deposit to, and reports how
 * many confirmations a transaction has. Amounts are bigint minor units of the asset's decimals.
 */
export interface DeliverInput {
  network: string;
  asset: string;
  address: string;
  /** Memo or destination tag, for networks that use one; null otherwise. */
  memo: string | null;
  /** Minor units of `asset`. */
  amount: bigint;
  /** Our reference (the order id): the same reference gives the same transaction, never a second one. */
  reference: string;
  /** The asset's decimals (the sandbox's failure marker reads the amount as a decimal). */
  decimals: number;
}

export type DeliverResult = { ok: true; txHash: string } | { ok: false; reason: string };

export interface DepositTarget {
  address: string;
  /** Null on networks where each order has its own address. */
  memo: string | null;
}

export interface ConfirmationStatus {
  confirmations: number;
  /** The network's confirmations for finality; confirmed when `confirmations >= required`. */
  required: number;
}

export interface ChainGateway {
  readonly kind: 'sandbox' | 'evm';
  deliver(input: DeliverInput): Promise<DeliverResult>;
  /** Whether `network` takes deposits (a sell by deposit, a deposit address): ask before depositTarget. */
  takesDeposits(network: string): boolean;
  /**
   * Where a sell order's deposit goes: a per-order address, or the platform's address and a per-order memo. A gateway
   * that records its addresses does so in `tx`, the caller's transaction, so an order rolled back leaves none behind.
   */
  depositTarget(input: { network: string; reference: string }, tx: Queryable): DepositTarget | Promise<DepositTarget>;
  /**
   * The confirmations of a transaction sent at `sentAt`, seen at `now` (the caller's clock). The sandbox answers at
   * once from the clock; a real chain's gateway asks its node.
   */
  confirmations(input: {
    network: string;
    txHash: string;
    sentAt: Date;
    now: Date;
  }): ConfirmationStatus | Promise<ConfirmationStatus>;
  /** The confirmations a transaction on `network` needs to be final (an order shows its progress against it). */
  requiredConfirmations(network: string): number;
  /**
   * The hash to count a sent delivery's confirmations by: the version that was mined, else the one sent last. A real
   * chain's gateway also sends again a transaction its node lost and replaces one stuck below the market's fee
   * (decision 088): it writes in its own database transaction, so the caller holds none. The sandbox: `txHash`.
   */
  follow(input: { network: string; txHash: string }): string | Promise<string>;
  /** How long the confirmation job waits before looking again (the sandbox: when it reports the transaction final). */
  readonly confirmationDelayMs: number;
}
