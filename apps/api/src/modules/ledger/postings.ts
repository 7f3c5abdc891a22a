import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { fromMinorUnits } from './amount';
import { accountNameProblem, parseAccountName } from './account-names';
import { isAssetCode, type AssetCode } from './assets';
import { LedgerError, withinBalanceBound } from './errors';
import type { Json } from '../../lib/idempotency';
import type { BalanceKey } from './repository';

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

export interface WriteInput {
  idempotencyKey: string;
  postings: Posting[];
  metadata: Metadata;
  /** A hold's amount taken off `held` first, under the same lock (a capture). */
  releaseHeld?: BalanceKey & { amount: bigint };
}

/**
 * The arguments of the database's `ledger_write` and `ledger_post` after the key and metadata: the postings as
 * columns, every account named with its owner, and the user balances the transaction moves (only user accounts keep
 * a balance row, decision 086) with their change, in the order a refusal names them.
 */
export function writeArguments(input: WriteInput): unknown[] {
  const owners = new Map<string, string | null>();
  const balances = new Map<string, { key: BalanceKey; delta: bigint; held: bigint }>();
  const move = (account: string, asset: AssetCode, delta: bigint, held = 0n) => {
    const { userId } = parseAccountName(account);
    owners.set(account, userId);
    if (!userId) return;
    const id = `${account}\u0000${asset}`;
    const entry = balances.get(id) ?? { key: { account, asset }, delta: 0n, held: 0n };
    entry.delta += delta;
    entry.held += held;
    balances.set(id, entry);
  };
  const release = input.releaseHeld;
  if (release) move(release.account, release.asset, 0n, -release.amount);
  for (const p of input.postings) {
    move(p.source, p.asset, -p.amount);
    move(p.destination, p.asset, p.amount);
  }
  const moved = [...balances.values()];
  return [
    input.postings.map((p) => p.source),
    input.postings.map((p) => p.destination),
    input.postings.map((p) => p.asset),
    input.postings.map((p) => p.amount.toString()),
    [...owners.keys()],
    [...owners.values()],
    moved.map((b) => b.key.account),
    moved.map((b) => b.key.asset),
    moved.map((b) => b.delta.toString()),
    moved.map((b) => b.held.toString()),
  ];
}

export type ShortRow = {
  short_account: string | null;
  short_asset: string | null;
  available: bigint | null;
  requested: bigint | null;
};

/** The refusal for a user account that lacks the funds, from the database's answer. */
export function insufficientFunds(row: ShortRow): LedgerError {
  const asset = row.short_asset as AssetCode;
  return new LedgerError('insufficient_funds', {
    account: row.short_account!,
    asset,
    available: fromMinorUnits(BigInt(row.available!), asset),
    requested: fromMinorUnits(BigInt(row.requested!), asset),
  });
}

/**
 * Writes one ledger transaction inside the caller's database transaction, in one statement (`ledger_write`): locks
 * the user balances it moves in the ledger's one order (creating missing rows), refuses with insufficient_funds any
 * user account whose available funds (balance - held) would go below zero, then appends the transaction and its
 * postings and moves the balances. Accounts that are not a user's keep no balance row and take no lock.
 */
export async function writePostings(tx: Queryable, input: WriteInput): Promise<{ transactionId: string }> {
  const { rows } = await withinBalanceBound(
    tx.query<ShortRow & { transaction_id: string | null }>(
      'SELECT * FROM ledger_write($1, $2, $3, $4, $5, $6, $7::int8[], $8, $9::uuid[], $10, $11, $12::int8[], $13::int8[])',
      [randomUUID(), input.idempotencyKey, JSON.stringify(input.metadata), ...writeArguments(input)],
      { name: 'ledger_write' },
    ),
  );
  const row = rows[0]!;
  if (!row.transaction_id) throw insufficientFunds(row);
  return { transactionId: row.transaction_id };
}
