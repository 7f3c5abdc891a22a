import type { Queryable } from '../../src/db';
import { checkInvariants } from '../../src/modules/ledger';

/**
 * What the scale and crash tests read from the database once the traffic is done: the job queue's own record of
 * each job (pg-boss keeps completed jobs two days, `jobs/queue.ts`), and the side effects a job or a request leaves
 * (ledger transactions, transitions, mails), looked at for anything present twice or missing.
 */

/** Jobs that are due and not finished: queued, retrying or running. Future runs (the hourly cleanup) are not work. */
export async function outstandingJobs(db: Queryable): Promise<Array<{ name: string; state: string; n: number }>> {
  const { rows } = await db.query<{ name: string; state: string; n: bigint }>(
    `SELECT name, state, count(*)::int8 AS n FROM pgboss.job
     WHERE state IN ('created', 'retry', 'active') AND start_after <= now()
     GROUP BY name, state ORDER BY name, state`,
  );
  return rows.map((r) => ({ name: r.name, state: r.state, n: Number(r.n) }));
}

export async function jobSummary(
  db: Queryable,
): Promise<Array<{ name: string; state: string; jobs: number; retried: number }>> {
  const { rows } = await db.query<{ name: string; state: string; jobs: bigint; retried: bigint }>(
    `SELECT name, state, count(*)::int8 AS jobs, count(*) FILTER (WHERE retry_count > 0)::int8 AS retried
     FROM pgboss.job GROUP BY name, state ORDER BY name, state`,
  );
  return rows.map((r) => ({ name: r.name, state: r.state, jobs: Number(r.jobs), retried: Number(r.retried) }));
}

/** How many jobs completed between two instants (for the throughput the operations guide quotes). */
export async function completedJobs(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: bigint }>(
    `SELECT count(*)::int8 AS n FROM pgboss.job WHERE state = 'completed'`,
  );
  return Number(rows[0]?.n ?? 0n);
}

/** Rows (as readable lines) of every query that finds a side effect present twice or a job for one thing twice. */
export async function duplicates(db: Queryable): Promise<string[]> {
  const checks: Array<{ name: string; sql: string }> = [
    {
      name: 'a ledger transaction of one kind twice for one transfer',
      sql: `SELECT metadata->>'transferId' || ' ' || (metadata->>'kind') || ' x' || count(*) AS line FROM ledger_transactions
            WHERE metadata ? 'transferId' GROUP BY metadata->>'transferId', metadata->>'kind' HAVING count(*) > 1`,
    },
    {
      name: 'a ledger transaction of one kind twice for one order',
      sql: `SELECT metadata->>'orderId' || ' ' || (metadata->>'kind') || ' x' || count(*) AS line FROM ledger_transactions
            WHERE metadata ? 'orderId' GROUP BY metadata->>'orderId', metadata->>'kind' HAVING count(*) > 1`,
    },
    {
      name: 'a ledger transaction of one kind twice for one asset withdrawal',
      sql: `SELECT metadata->>'withdrawalId' || ' ' || (metadata->>'kind') || ' x' || count(*) AS line FROM ledger_transactions
            WHERE metadata ? 'withdrawalId' GROUP BY metadata->>'withdrawalId', metadata->>'kind' HAVING count(*) > 1`,
    },
    {
      name: 'an order entered one state twice',
      sql: `SELECT order_id || ' ' || to_status || ' x' || count(*) AS line FROM ramp_order_transitions GROUP BY order_id, to_status HAVING count(*) > 1`,
    },
    {
      name: 'a transfer made one move twice',
      sql: `SELECT transfer_id || ' ' || coalesce(from_status, '-') || '->' || to_status || ' x' || count(*) AS line FROM transfer_transitions
            GROUP BY transfer_id, from_status, to_status HAVING count(*) > 1`,
    },
    {
      name: 'an order mailed about one state twice',
      sql: `SELECT recipient || ' ' || template || ' ' || substring(text_body from 'tracking_id=([A-Za-z0-9_-]+)') || ' x' || count(*) AS line FROM outbox
            WHERE template LIKE 'order-%' GROUP BY recipient, template, substring(text_body from 'tracking_id=([A-Za-z0-9_-]+)') HAVING count(*) > 1`,
    },
    {
      name: 'one mail with two delivery jobs',
      sql: `SELECT data->>'outboxId' || ' x' || count(*) AS line FROM pgboss.job WHERE name IN ('mail.send', 'sms.send')
            GROUP BY data->>'outboxId' HAVING count(*) > 1`,
    },
    {
      name: 'a mail with no delivery job',
      sql: `SELECT o.id::text AS line FROM outbox o WHERE NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name IN ('mail.send', 'sms.send') AND j.data->>'outboxId' = o.id::text)`,
    },
  ];
  const found: string[] = [];
  for (const check of checks) {
    const { rows } = await db.query<{ line: string }>(check.sql);
    for (const row of rows) found.push(`${check.name}: ${row.line}`);
  }
  return found;
}

/** The ledger invariants (docs/design-brief.md, section 3; ledger/invariants.ts) as lines; empty when they hold. */
export async function invariantViolations(db: Queryable): Promise<string[]> {
  return (await checkInvariants(db)).violations;
}

export async function count(db: Queryable, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: bigint | number }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

/**
 * "The banks settle": ACH deposits and withdrawals settle five US banking days after they are made (decision 015),
 * which a test cannot wait for. Their due date is moved to now, in the transfers and in the queued settlement jobs,
 * as a test clock would; the workers' jobs (and their sweep) then settle them as they would on the day.
 */
export async function bringSettlementsDue(db: Queryable): Promise<number> {
  const moved = await db.query<{ id: string }>(
    `UPDATE transfers SET settles_at = now() WHERE status = 'pending' AND settles_at > now()
       AND (direction = 'contribution' OR confirmed_at IS NOT NULL) RETURNING id`,
  );
  await db.query(
    `UPDATE pgboss.job SET start_after = now() WHERE name = 'transfers.settle' AND state IN ('created', 'retry') AND start_after > now()`,
  );
  return moved.rows.length;
}
