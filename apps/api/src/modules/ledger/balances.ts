import type { Queryable } from '../../db';
import { parseAccountName } from './account-names';
import { ALWAYS_LISTED_ASSETS, LEDGER_ASSETS, type AssetCode } from './assets';
import { ensureAndLockBalances, type BalanceKey } from './repository';

/**
 * Takes the row locks of these balances now, in the ledger's one order (creating rows that do not exist yet). A
 * transaction that posts to the same user balances in several separate commands locks them all first, so two
 * transactions cannot take them in opposite orders and deadlock. Accounts that are not a user's keep no balance row
 * and take no lock (decision 086).
 */
export async function lockBalances(tx: Queryable, keys: BalanceKey[]): Promise<void> {
  await ensureAndLockBalances(
    tx,
    keys.map((k) => parseAccountName(k.account)),
    keys,
  );
}

export interface AssetBalance {
  asset: AssetCode;
  /** Minor units: the sum of the postings. */
  settled: bigint;
  /** Reserved by active holds. */
  held: bigint;
  /** settled - held: what the user can spend or withdraw. */
  available: bigint;
}

/**
 * The user's balances over all of the user's accounts: the always-listed assets (zero where the user has none) and
 * every other asset the user has held (a balance row exists, even at zero now).
 */
export async function getBalances(db: Queryable, userGuid: string): Promise<AssetBalance[]> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userGuid))
    throw new TypeError('userGuid must be a uuid');
  const { rows } = await db.query<{ asset: AssetCode; settled: bigint; held: bigint }>(
    `SELECT b.asset, sum(b.balance)::int8 AS settled, sum(b.held)::int8 AS held
     FROM ledger_balances b JOIN ledger_accounts a ON a.name = b.account
     WHERE a.user_id = $1 GROUP BY b.asset`,
    [userGuid.toLowerCase()],
  );
  const byAsset = new Map(rows.map((r) => [r.asset, r]));
  const listed = (Object.keys(LEDGER_ASSETS) as AssetCode[]).filter(
    (asset) => ALWAYS_LISTED_ASSETS.includes(asset) || byAsset.has(asset),
  );
  return listed.sort().map((asset) => {
    const row = byAsset.get(asset);
    const settled = BigInt(row?.settled ?? 0n);
    const held = BigInt(row?.held ?? 0n);
    return { asset, settled, held, available: settled - held };
  });
}

/**
 * One account's balance in one asset (zeros when it has none). A user account reads its balance row; any other
 * account keeps none (decision 086): its balance is the sum of its postings, read now.
 */
export async function getAccountBalance(
  db: Queryable,
  account: string,
  asset: AssetCode,
): Promise<Omit<AssetBalance, 'asset'>> {
  if (parseAccountName(account).userId === null) {
    const { rows } = await db.query<{ balance: bigint }>(
      `SELECT (coalesce((SELECT sum(amount) FROM ledger_postings WHERE destination = $1 AND asset = $2), 0)
             - coalesce((SELECT sum(amount) FROM ledger_postings WHERE source = $1 AND asset = $2), 0))::int8 AS balance`,
      [account, asset],
    );
    const settled = BigInt(rows[0]?.balance ?? 0n);
    return { settled, held: 0n, available: settled };
  }
  const { rows } = await db.query<{ balance: bigint; held: bigint }>(
    'SELECT balance, held FROM ledger_balances WHERE account = $1 AND asset = $2',
    [account, asset],
  );
  const settled = BigInt(rows[0]?.balance ?? 0n);
  const held = BigInt(rows[0]?.held ?? 0n);
  return { settled, held, available: settled - held };
}
