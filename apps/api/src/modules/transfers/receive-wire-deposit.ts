import { transferFee, type TransferView } from '@rampart/contracts';
import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import {
  PLATFORM_FEES,
  WORLD_BANK,
  LEDGER_TRANSACTION_OPTIONS,
  postTransaction,
  userAccount,
  type Metadata,
  type Posting,
} from '../ledger';
import { claimTransfer } from './idempotency';
import { requireOpenedAccount } from './money';
import { recordTransferTransition, updateTransfer } from './repository';
import { wireReferenceOf } from './wire-instructions';
import { toTransferView } from './view';

export interface ReceivedWire {
  transfer: TransferView;
  transactionId: string;
  replayed: boolean;
}

/**
 * A wire that arrived, settled at once (the sandbox's send-and-settle-wire-deposit; a real custodian's incoming wire
 * notice would call the same). Decision 015: a wire of `amount + fee` arrives, the balance gains `amount`, the wire
 * fee goes to the platform; the transfer is recorded settled with its one ledger transaction. `ledgerKey` is the
 * caller's idempotency key for the ledger transaction (the sandbox's `sandbox:<user>:<key>`), and the transfer's
 * key too: the same key and amount give the same deposit back; the key on another call or amount, 422.
 */
export async function receiveWireDeposit(
  deps: { db: Db; clock: Clock },
  input: {
    userGuid: string;
    amount: bigint;
    method?: 'us_wire' | 'international_wire';
    ledgerKey: string;
    metadata?: Metadata;
  },
): Promise<ReceivedWire> {
  const method = input.method ?? 'us_wire';
  const fee = transferFee(method, input.amount);
  return deps.db.transaction(async (tx) => {
    await requireOpenedAccount(tx, input.userGuid);
    const now = deps.clock.now();
    const postings: Posting[] = [
      { source: WORLD_BANK, destination: userAccount(input.userGuid, 'USD'), asset: 'USD', amount: input.amount },
    ];
    if (fee > 0n) postings.push({ source: WORLD_BANK, destination: PLATFORM_FEES, asset: 'USD', amount: fee });
    // The ledger's key first: a key used by another sandbox call is refused (422) before anything is written.
    const posted = await postTransaction(tx, {
      idempotencyKey: input.ledgerKey,
      postings,
      metadata: { ...input.metadata, kind: 'deposit', method: 'wire', wireMethod: method, status: 'settled' },
    });
    const { row, replayed } = await claimTransfer(tx, {
      userId: input.userGuid,
      direction: 'contribution',
      method,
      status: 'settled',
      amount: input.amount,
      fee,
      methodKind: 'wire',
      methodId: null,
      methodLast4: null,
      methodLabel: wireReferenceOf(input.userGuid),
      methodBankCode: null,
      settlesAt: now,
      confirmTokenHash: null,
      confirmBy: null,
      idempotencyKey: `wire:${input.ledgerKey}`,
      request: { route: 'wire-arrived', method, amount: input.amount.toString() },
      now,
    });
    if (replayed || posted.replayed)
      return {
        transfer: toTransferView(row),
        transactionId: row.credit_transaction_id ?? posted.transactionId,
        replayed: true,
      };
    const settled = await updateTransfer(
      tx,
      row.id,
      { credit_transaction_id: posted.transactionId, funds_available: true },
      now,
    );
    await recordTransferTransition(tx, row.id, null, 'settled', 'Wire received and settled', now);
    return { transfer: toTransferView(settled), transactionId: posted.transactionId, replayed: false };
  }, LEDGER_TRANSACTION_OPTIONS);
}
