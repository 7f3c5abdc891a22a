import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { fromMinorUnits } from './amount';
import { accountNameProblem, parseAccountName, type AccountName } from './account-names';
import { isAssetCode, type AssetCode } from './assets';
import { LedgerError } from './errors';
import type { Json } from '../../lib/idempotency';
import {
  adjustBalance,
  ensureAndLockBalances,
  insertTransaction,
  type BalanceKey,
  type PostingRow,
} from './repository';

export interface Posting {
  source: string;
  destination: string;
  asset: AssetCode;
  /** Minor units of the asset, > 0 (use toMinorUnits at the edge). */
  amount: bigint;
}

export type Metadata = { [key: string]: Json };

const MAX_POSTINGS = 100;
const MAX_INT8 = 9_223_372_036_854_775_807n;

/** Validates an amount in minor units; the field name goes into the validation error. */
export function checkAmount(amount: unknown, field: string): bigint {
  if (typeof amount !== 'bigint') throw AppError.validation({ [field]: 'The amount must be a bigint of minor units' });
  if (amount <= 0n || amount > MAX_INT8) throw AppError.validation({ [field]: 'The amount must be positive' });
  return amount;
}

export function checkAsset(asset: unknown, field: string): AssetCode {
  if (!isAssetCode(asset)) throw AppError.validation({ [field]: 'Unknown asset' });
  return asset;
}

export function checkMetadata(metadata: unknown): Metadata {
  if (metadata === undefined) return {};
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) {
    throw AppError.validation({ metadata: 'Metadata must be an object' });
  }
  try {
    return JSON.parse(JSON.stringify(metadata)) as Metadata;
  } catch {
    throw AppError.validation({ metadata: 'Metadata must be plain JSON' });
  }
}

/**
 * Checks postings before anything touches the database. A posting {source, destination, asset, amount} moves a
 * positive amount between two different accounts, so each posting, and hence the transaction, balances per asset.
 */
export function checkPostings(postings: unknown): Posting[] {
  if (!Array.isArray(postings) || postings.length === 0)
    throw AppError.validation({ postings: 'At least one posting is needed' });
  if (postings.length > MAX_POSTINGS) throw AppError.validation({ postings: `At most ${MAX_POSTINGS} postings` });
  return postings.map((raw: unknown, i) => {
    const p = (raw ?? {}) as Partial<Record<keyof Posting, unknown>>;
    for (const side of ['source', 'destination'] as const) {
      const problem = accountNameProblem(p[side]);
      if (problem) throw AppError.validation({ [`postings[${i}].${side}`]: `The account ${problem}` });
    }
    if (p.source === p.destination)
      throw AppError.validation({ [`postings[${i}].destination`]: 'Source and destination must differ' });
    return {
      source: p.source as string,
      destination: p.destination as string,
      asset: checkAsset(p.asset, `postings[${i}].asset`),
      amount: checkAmount(p.amount, `postings[${i}].amount`),
    };
  });
}

export function postingsAsJson(postings: Posting[]): Json {
  return postings.map((p) => ({
    source: p.source,
    destination: p.destination,
    asset: p.asset,
    amount: p.amount.toString(),
  }));
}

/**
 * Writes one ledger transaction inside the caller's database transaction: creates and locks the balance rows in the
 * fixed order, refuses any user account whose available funds (balance - held) would go below zero, then moves the
 * balances and appends the transaction and its postings. `releaseHeld` first takes a hold's amount off `held` on
 * a row that is locked with the rest (a capture).
 */
export async function writePostings(
  tx: Queryable,
  input: {
    idempotencyKey: string;
    postings: Posting[];
    metadata: Metadata;
    releaseHeld?: BalanceKey & { amount: bigint };
  },
): Promise<{ transactionId: string }> {
  const accounts = new Map<string, AccountName>();
  const keys: BalanceKey[] = [];
  const deltas = new Map<string, { key: BalanceKey; delta: bigint }>();
  const addDelta = (account: string, asset: AssetCode, delta: bigint) => {
    const id = `${account}\u0000${asset}`;
    const entry = deltas.get(id) ?? { key: { account, asset }, delta: 0n };
    entry.delta += delta;
    deltas.set(id, entry);
  };
  for (const p of input.postings) {
    for (const name of [p.source, p.destination]) accounts.set(name, parseAccountName(name));
    keys.push({ account: p.source, asset: p.asset }, { account: p.destination, asset: p.asset });
    addDelta(p.source, p.asset, -p.amount);
    addDelta(p.destination, p.asset, p.amount);
  }
  const release = input.releaseHeld;
  if (release) {
    accounts.set(release.account, parseAccountName(release.account));
    keys.push(release);
  }
  const locked = await ensureAndLockBalances(tx, [...accounts.values()], keys);

  if (release) {
    const row = locked.get(`${release.account}\u0000${release.asset}`)!;
    row.held -= release.amount;
    await adjustBalance(tx, release, { held: -release.amount });
  }
  for (const [id, { key, delta }] of deltas) {
    const row = locked.get(id)!;
    if (row.user_owned && delta < 0n && row.balance + delta < row.held) {
      throw new LedgerError('insufficient_funds', {
        account: key.account,
        asset: key.asset,
        available: fromMinorUnits(row.balance - row.held, key.asset),
        requested: fromMinorUnits(-delta, key.asset),
      });
    }
  }
  const changes = [...deltas.values()]
    .filter(({ delta }) => delta !== 0n)
    .map(({ key, delta }) => ({ ...key, balance: delta }));
  const rows: PostingRow[] = input.postings.map((p) => ({ ...p }));
  const { id } = await insertTransaction(tx, {
    idempotencyKey: input.idempotencyKey,
    metadata: input.metadata,
    postings: rows,
    changes,
  });
  return { transactionId: id };
}
