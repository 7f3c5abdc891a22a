import type { Queryable } from '../../db';

export interface InvariantReport {
  ok: boolean;
  violations: string[];
}

/** Each query returns one row per violation, with a `problem` column describing it. */
const CHECKS: Array<{ name: string; sql: string }> = [
  {
    name: 'each transaction has postings',
    sql: `SELECT 'transaction ' || t.id || ' has no postings' AS problem
          FROM ledger_transactions t WHERE NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.transaction_id = t.id)`,
  },
  {
    name: 'each posting is a positive move between two accounts',
    sql: `SELECT 'posting ' || transaction_id || '#' || seq || ' is malformed' AS problem
          FROM ledger_postings WHERE amount <= 0 OR source = destination`,
  },
  {
    name: 'each posting names accounts and an asset the ledger knows',
    sql: `SELECT 'posting ' || p.transaction_id || '#' || p.seq || ' names an unknown account or asset' AS problem
          FROM ledger_postings p
          WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.name = p.source)
             OR NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.name = p.destination)
             OR NOT EXISTS (SELECT 1 FROM ledger_assets s WHERE s.code = p.asset)`,
  },
  {
    name: 'each transaction balances per asset',
    sql: `SELECT 'transaction ' || transaction_id || ' does not balance in ' || asset || ' (' || sum(amount) || ')' AS problem
          FROM (SELECT transaction_id, asset, -amount AS amount FROM ledger_postings
                UNION ALL SELECT transaction_id, asset, amount FROM ledger_postings) legs
          GROUP BY transaction_id, asset HAVING sum(amount) <> 0`,
  },
  {
    // Only user accounts keep a balance row (decision 086); every other account's balance is its postings' sum.
    name: 'the accounts of each asset sum to zero',
    sql: `WITH others AS (
            SELECT asset, amount FROM ledger_postings WHERE destination NOT LIKE 'users:%'
            UNION ALL SELECT asset, -amount FROM ledger_postings WHERE source NOT LIKE 'users:%'
          ), totals AS (
            SELECT asset, balance AS amount FROM ledger_balances UNION ALL SELECT asset, amount FROM others
          )
          SELECT 'the accounts in ' || asset || ' sum to ' || sum(amount) AS problem
          FROM totals GROUP BY asset HAVING sum(amount) <> 0`,
  },
  {
    name: 'only user accounts keep a balance row',
    sql: `SELECT 'account ' || account || ' keeps a balance row in ' || asset AS problem
          FROM ledger_balances WHERE account NOT LIKE 'users:%'`,
  },
  {
    name: 'each cached balance equals the sum of its postings',
    sql: `WITH moves AS (
            SELECT destination AS account, asset, amount FROM ledger_postings WHERE destination LIKE 'users:%'
            UNION ALL SELECT source, asset, -amount FROM ledger_postings WHERE source LIKE 'users:%'
          ), sums AS (SELECT account, asset, sum(amount) AS total FROM moves GROUP BY account, asset)
          SELECT 'balance of ' || coalesce(b.account, s.account) || ' in ' || coalesce(b.asset, s.asset) || ' is '
                 || coalesce(b.balance, 0) || ' but its postings sum to ' || coalesce(s.total, 0) AS problem
          FROM ledger_balances b FULL JOIN sums s ON s.account = b.account AND s.asset = b.asset
          WHERE coalesce(b.balance, 0) <> coalesce(s.total, 0)`,
  },
  {
    name: 'balance rows know whether a user owns them',
    sql: `SELECT 'balance row ' || b.account || ' ' || b.asset || ' has user_owned wrong' AS problem
          FROM ledger_balances b JOIN ledger_accounts a ON a.name = b.account
          WHERE b.user_owned <> (a.user_id IS NOT NULL)`,
  },
  {
    name: 'no user account is negative',
    sql: `SELECT 'user account ' || account || ' is negative in ' || asset || ' (' || balance || ')' AS problem
          FROM ledger_balances WHERE user_owned AND balance < 0`,
  },
  {
    name: 'held is covered and matches the active holds',
    sql: `WITH active AS (SELECT account, asset, sum(amount) AS total FROM ledger_holds WHERE status = 'active' GROUP BY account, asset)
          SELECT 'account ' || b.account || ' in ' || b.asset || ' holds ' || b.held || ' of balance ' || b.balance
                 || ' with active holds of ' || coalesce(h.total, 0) AS problem
          FROM ledger_balances b LEFT JOIN active h ON h.account = b.account AND h.asset = b.asset
          WHERE b.held < 0 OR b.held <> coalesce(h.total, 0) OR (b.user_owned AND b.held > b.balance) OR (NOT b.user_owned AND b.held <> 0)`,
  },
];

/**
 * Checks the ledger's invariants over the whole database (docs/design-brief.md, section 3): each transaction
 * balances, the accounts of each asset sum to zero, only user accounts keep a balance row and each equals the sum
 * of its postings, no user
 * account is negative, and held amounts are covered and match the active holds. Run it after every integration and
 * fuzz test.
 */
export async function checkInvariants(db: Queryable): Promise<InvariantReport> {
  const violations: string[] = [];
  for (const check of CHECKS) {
    const { rows } = await db.query<{ problem: string }>(check.sql);
    for (const row of rows) violations.push(`${check.name}: ${row.problem}`);
  }
  return { ok: violations.length === 0, violations };
}

export async function assertInvariants(db: Queryable): Promise<void> {
  const report = await checkInvariants(db);
  if (!report.ok) throw new Error(`Ledger invariants broken:\n${report.violations.join('\n')}`);
}
