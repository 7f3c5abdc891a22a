import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { ORDER_STEPS, PRODUCT_EVENTS, RAMP_SIDES, type ProductEvent } from '@rampart/contracts';
import type { Db } from '../../db';
import { QUEUE_STATS_SQL } from '../../jobs/queue-stats';
import type { ProductEvents } from '../../lib/product-events';
import type { HotWalletBalance } from '../../providers/chain-gateway/evm';

/**
 * The metrics in Prometheus' text format (decision 036). Two kinds:
 * - counted in this process as things happen: HTTP requests by route pattern and status class, product events,
 *   client error reports. Each instance counts its own; Prometheus sums the instances.
 * - read from the database when scraped: the job queue, orders by state, ledger transactions. They describe the
 *   shared database, so every instance reports the same numbers (aggregate them with max, not sum).
 * Every app has a registry of its own (tests build several apps in one process); the process's own metrics (CPU,
 * memory, event loop) live in one registry per process.
 */
export interface Metrics {
  /** The request hook's one call: cheap (a map lookup, an increment, a bucket search). */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void;
  events: ProductEvents;
  clientErrorReported(): void;
  /** Reads the database series (one statement) and renders everything. Never throws for a database failure. */
  render(): Promise<string>;
  readonly contentType: string;
}

/** The terminal exits every side can take (decision 024); with ORDER_STEPS, the states reported even when empty. */
const ORDER_EXITS = ['cancelled', 'expired', 'failed', 'refunded'] as const;
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const STATUS_CLASSES = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'] as const;
const SNAPSHOT_TIMEOUT_MS = 2000;
/** A node that is down must not hold the scrape: the balances are then reported missing (rampart_hot_wallets_up 0). */
const HOT_WALLETS_TIMEOUT_MS = 5000;

async function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Minor units to a decimal string of whole units: 1_500_000n at 6 -> '1.5'. */
function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** One round trip for every database series; each part reads an index or a small table (decision 036 has the costs). */
const SNAPSHOT_SQL = `
  SELECT 'queue' AS kind, queue AS a, NULL::text AS b, ready::int8 AS n, delayed::int8 AS m, oldest_age_seconds::float8 AS x
  FROM (${QUEUE_STATS_SQL}) qs
  UNION ALL
  SELECT 'order', status, side, count(*)::int8, 0::int8, 0::float8 FROM ramp_orders GROUP BY status, side
  UNION ALL
  SELECT 'ledger', NULL, NULL, count(*)::int8, 0::int8, 0::float8 FROM ledger_transactions`;

interface SnapshotRow {
  kind: 'queue' | 'order' | 'ledger';
  a: string | null;
  b: string | null;
  n: bigint | number | string;
  m: bigint | number | string;
  x: number | string;
  [key: string]: unknown;
}

interface Snapshot {
  queues: Array<{ queue: string; ready: number; delayed: number; oldestAgeSeconds: number }>;
  orders: Array<{ state: string; side: string; count: number }>;
  ledgerTransactions: number;
}

let processRegistry: Registry | null = null;

/** CPU, memory, event loop and GC of this process: collected once per process, whoever builds apps in it. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

async function readSnapshot(db: Db): Promise<Snapshot> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const { rows } = await Promise.race([
      db.query<SnapshotRow>(SNAPSHOT_SQL),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('metrics snapshot timed out')), SNAPSHOT_TIMEOUT_MS);
      }),
    ]);
    const snapshot: Snapshot = { queues: [], orders: [], ledgerTransactions: 0 };
    for (const row of rows) {
      if (row.kind === 'queue' && row.a)
        snapshot.queues.push({
          queue: row.a,
          ready: Number(row.n),
          delayed: Number(row.m),
          oldestAgeSeconds: Math.max(0, Number(row.x)),
        });
      else if (row.kind === 'order' && row.a && row.b)
        snapshot.orders.push({ state: row.a, side: row.b, count: Number(row.n) });
      else if (row.kind === 'ledger') snapshot.ledgerTransactions = Number(row.n);
    }
    return snapshot;
  } finally {
    clearTimeout(timer);
  }
}

export function createMetrics(deps: {
  db: Db;
  version: string;
  stage: string;
  onSnapshotError?: (error: unknown) => void;
  /** The EVM gateway's hot wallets (decision 085), read from their nodes at each scrape; null: none configured. */
  hotWallets?: { balances(): Promise<HotWalletBalance[]> } | null;
  onHotWalletsError?: (error: unknown) => void;
}): Metrics {
  const registry = new Registry();
  const labels = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'rampart_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: labels,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'rampart_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: labels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const productEvents = new Counter({
    name: 'rampart_product_events_total',
    help: "Product events (R22): source 'server' where the API did it, 'client' as the SPA reported it",
    labelNames: ['event', 'source'] as const,
    registers: [registry],
  });
  // Both sources of every event start at 0, so a rate never starts from an absent series.
  for (const event of PRODUCT_EVENTS)
    for (const source of ['server', 'client'] as const) productEvents.labels(event, source).inc(0);
  const clientErrors = new Counter({
    name: 'rampart_client_errors_total',
    help: 'Errors the SPA reported to POST /api/client-errors',
    registers: [registry],
  });
  new Gauge({
    name: 'rampart_build_info',
    help: 'The running version and stage',
    labelNames: ['version', 'stage'] as const,
    registers: [registry],
  })
    .labels(deps.version, deps.stage)
    .set(1);

  let snapshot: Snapshot | null = null;
  new Gauge({
    name: 'rampart_metrics_database_up',
    help: 'Whether the database answered the last scrape (0: the queue, order and ledger series are missing)',
    registers: [registry],
    collect() {
      this.set(snapshot ? 1 : 0);
    },
  });
  new Gauge({
    name: 'rampart_job_queue_depth',
    help: 'Jobs due and not yet taken by a worker, per queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const q of snapshot?.queues ?? []) this.labels(q.queue).set(q.ready);
    },
  });
  new Gauge({
    name: 'rampart_job_queue_delayed',
    help: 'Jobs queued for a later time (expiries, settlement dates), per queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const q of snapshot?.queues ?? []) this.labels(q.queue).set(q.delayed);
    },
  });
  new Gauge({
    name: 'rampart_job_queue_oldest_age_seconds',
    help: 'How long the oldest due job of a queue has waited for a worker (0 when none waits)',
    labelNames: ['queue'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const q of snapshot?.queues ?? []) this.labels(q.queue).set(q.oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'rampart_orders',
    help: 'Orders by side and state (decision 024)',
    labelNames: ['side', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      if (!snapshot) return;
      for (const side of RAMP_SIDES)
        for (const state of [...ORDER_STEPS[side], ...ORDER_EXITS]) this.labels(side, state).set(0);
      for (const o of snapshot.orders) this.labels(o.side, o.state).set(o.count);
    },
  });
  // The ledger is append-only (decision 012), so its row count is a true counter: rate() gives transfers per second.
  new Counter({
    name: 'rampart_ledger_transactions_total',
    help: 'Ledger transactions recorded (all instances together: read from the database)',
    registers: [registry],
    collect() {
      this.reset();
      if (snapshot) this.inc(snapshot.ledgerTransactions);
    },
  });

  let wallets: HotWalletBalance[] | null = null;
  const hotWallets = deps.hotWallets ?? null;
  if (hotWallets) {
    new Gauge({
      name: 'rampart_hot_wallets_up',
      help: "Whether every EVM network's node answered the last scrape's balance reads (0: the balance series are missing)",
      registers: [registry],
      collect() {
        this.set(wallets ? 1 : 0);
      },
    });
    new Gauge({
      name: 'rampart_hot_wallet_balance',
      help: "The hot wallet's balance per network and asset, in whole units (kind token, or native: the gas coin); for watching only, the ledger counts in minor units",
      labelNames: ['network', 'asset', 'kind'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const w of wallets ?? [])
          this.labels(w.network, w.asset, w.kind).set(Number(formatUnits(w.balance, w.decimals)));
      },
    });
    new Gauge({
      name: 'rampart_hot_wallet_low',
      help: 'Whether the hot wallet holds less of an asset than its EVM_<NETWORK>_LOW_BALANCE threshold (1: refill it)',
      labelNames: ['network', 'asset', 'kind'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const w of wallets ?? [])
          if (w.lowBalance !== null) this.labels(w.network, w.asset, w.kind).set(w.low ? 1 : 0);
      },
    });
  }

  type Child = { count: ReturnType<typeof requests.labels>; duration: ReturnType<typeof duration.labels> };
  const children = new Map<string, Child>();

  return {
    contentType: registry.contentType,
    observeRequest(method, route, statusCode, seconds) {
      const m = METHODS.has(method) ? method : 'OTHER';
      // The route pattern, never the URL: ids and query strings would make a series per request.
      const r = route ?? 'unmatched';
      const cls = STATUS_CLASSES[Math.floor(statusCode / 100)] ?? 'other';
      const key = `${m} ${r} ${cls}`;
      let child = children.get(key);
      if (!child) {
        child = { count: requests.labels(m, r, cls), duration: duration.labels(m, r, cls) };
        children.set(key, child);
      }
      child.count.inc();
      child.duration.observe(seconds);
    },
    events: {
      record(event: ProductEvent, source: 'server' | 'client') {
        productEvents.labels(event, source).inc();
      },
    },
    clientErrorReported() {
      clientErrors.inc();
    },
    async render() {
      try {
        snapshot = await readSnapshot(deps.db);
      } catch (error) {
        snapshot = null;
        deps.onSnapshotError?.(error);
      }
      if (hotWallets) {
        try {
          wallets = await withTimeout(hotWallets.balances(), HOT_WALLETS_TIMEOUT_MS, 'hot wallet balances timed out');
        } catch (error) {
          wallets = null;
          deps.onHotWalletsError?.(error);
        }
      }
      return `${await registry.metrics()}\n${await processMetrics().metrics()}`;
    },
  };
}

/**
 * The request hook (decision 036): every answered request, by its route pattern (`/api/ramp/quote`, `/api/r/:shortId`;
 * 'unmatched' for a 404 without a route). Callback style, no promise per request: the quote benchmark runs it
 * thousands of times a second.
 */
export function observeRequests(app: FastifyInstance, metrics: Pick<Metrics, 'observeRequest'>): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
