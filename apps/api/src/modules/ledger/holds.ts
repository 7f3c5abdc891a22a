import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { fromMinorUnits } from './amount';
import { parseAccountName } from './account-names';
import type { AssetCode } from './assets';
import { LedgerError } from './errors';
import { checkIdempotencyKey, claimKey, storeResult } from './idempotency';
import { checkAmount, checkAsset, checkMetadata, writePostings, type Metadata } from './postings';
import {
  adjustBalance,
  closeHold,
  ensureAndLockBalances,
  findHoldForUpdate,
  insertHold,
  type HoldRow,
} from './repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PlaceHoldInput {
  idempotencyKey: string;
  /** A user-owned account (users:<guid>:...): only user funds are reserved. */
  account: string;
  asset: AssetCode;
  amount: bigint;
  metadata?: Metadata;
}

export interface HoldResult {
  holdId: string;
  replayed: boolean;
}

export interface CaptureResult extends HoldResult {
  transactionId: string;
}

/** Reserves available funds (balance - held) of a user account. All three hold calls run inside `db.transaction(...)`. */
export async function placeHold(tx: Queryable, input: PlaceHoldInput): Promise<HoldResult> {
  const idempotencyKey = checkIdempotencyKey(input.idempotencyKey);
  const account = parseAccountName(input.account);
  if (!account.userId) throw AppError.validation({ account: 'Only user accounts can hold funds' });
  const asset = checkAsset(input.asset, 'asset');
  const amount = checkAmount(input.amount, 'amount');
  const metadata = checkMetadata(input.metadata);
  const claim = await claimKey(tx, idempotencyKey, 'hold', {
    account: account.name,
    asset,
    amount: amount.toString(),
    metadata,
  });
  if (!claim.claimed) return { ...(claim.result as { holdId: string }), replayed: true };

  const key = { account: account.name, asset };
  const row = (await ensureAndLockBalances(tx, [account], [key])).values().next().value!;
  const available = row.balance - row.held;
  if (available < amount) {
    throw new LedgerError('insufficient_funds', {
      account: account.name,
      asset,
      available: fromMinorUnits(available, asset),
      requested: fromMinorUnits(amount, asset),
    });
  }
  await adjustBalance(tx, key, { held: amount });
  const holdId = await insertHold(tx, { idempotencyKey, account: account.name, asset, amount, metadata });
  await storeResult(tx, idempotencyKey, { holdId });
  return { holdId, replayed: false };
}

async function activeHold(tx: Queryable, holdId: unknown): Promise<HoldRow> {
  if (typeof holdId !== 'string' || !UUID.test(holdId)) throw AppError.validation({ holdId: 'Not a hold id' });
  const hold = await findHoldForUpdate(tx, holdId);
  if (!hold) throw new AppError('not_found', { message: 'There is no such hold' });
  if (hold.status !== 'active') throw new LedgerError('hold_not_active', { holdId, status: hold.status });
  return hold;
}

/** Gives the reserved funds back to the account's available balance. */
export async function releaseHold(
  tx: Queryable,
  input: { idempotencyKey: string; holdId: string },
): Promise<HoldResult> {
  const idempotencyKey = checkIdempotencyKey(input.idempotencyKey);
  const claim = await claimKey(tx, idempotencyKey, 'release', { holdId: String(input.holdId) });
  if (!claim.claimed) return { ...(claim.result as { holdId: string }), replayed: true };
  // The hold row first, then its balance row: the same order as capture, so the two never deadlock.
  const hold = await activeHold(tx, input.holdId);
  await ensureAndLockBalances(tx, [parseAccountName(hold.account)], [{ account: hold.account, asset: hold.asset }]);
  await adjustBalance(tx, { account: hold.account, asset: hold.asset }, { held: -hold.amount });
  await closeHold(tx, hold.id, 'released', null);
  await storeResult(tx, idempotencyKey, { holdId: hold.id });
  return { holdId: hold.id, replayed: false };
}

/**
 * Turns a hold into a transaction: `amount` (default the whole hold, never more) moves from the held account to
 * `destination`; the rest of the hold is released.
 */
export async function captureHold(
  tx: Queryable,
  input: { idempotencyKey: string; holdId: string; destination: string; amount?: bigint; metadata?: Metadata },
): Promise<CaptureResult> {
  const idempotencyKey = checkIdempotencyKey(input.idempotencyKey);
  parseAccountName(input.destination, 'destination');
  const metadata = checkMetadata(input.metadata);
  const requested = input.amount === undefined ? null : checkAmount(input.amount, 'amount');
  const claim = await claimKey(tx, idempotencyKey, 'capture', {
    holdId: String(input.holdId),
    destination: input.destination,
    amount: requested === null ? null : requested.toString(),
    metadata,
  });
  if (!claim.claimed) return { ...(claim.result as { holdId: string; transactionId: string }), replayed: true };

  const hold = await activeHold(tx, input.holdId);
  if (input.destination === hold.account)
    throw AppError.validation({ destination: 'The destination must be another account' });
  const amount = requested ?? hold.amount;
  if (amount > hold.amount) throw AppError.validation({ amount: 'A capture cannot take more than the hold' });
  const { transactionId } = await writePostings(tx, {
    idempotencyKey,
    postings: [{ source: hold.account, destination: input.destination, asset: hold.asset, amount }],
    metadata: { ...metadata, holdId: hold.id },
    releaseHeld: { account: hold.account, asset: hold.asset, amount: hold.amount },
  });
  await closeHold(tx, hold.id, 'captured', transactionId);
  await storeResult(tx, idempotencyKey, { holdId: hold.id, transactionId });
  return { holdId: hold.id, transactionId, replayed: false };
}
