import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  BUILD_STAGES,
  DEFAULT_FEATURE_FLAGS,
  DEFAULT_QUOTE_TTL_SECONDS,
  FeatureFlags,
  KYC_UPLOAD_LIMIT_BYTES,
  type BuildStage,
} from '@rampart/contracts';
import { EvmConfigError, parseEvmGatewayConfig, type EvmNetworkConfig } from './providers/chain-gateway/evm';
import { DEFAULT_PRICE_TABLE, scaleEntry, type PriceTable, type PriceTableEntry } from './providers/prices/table';

/**
 * Every setting of the process, read once at boot. A bad or missing variable stops the process with a
 * message naming it (ConfigError), so a misconfigured deployment never half-starts.
 */
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\/.+/.test(v), 'must be a postgres:// or postgresql:// URL');

const redisUrl = z.string().refine((v) => /^rediss?:\/\/.+/.test(v), 'must be a redis:// or rediss:// URL');

const httpUrl = z.string().refine((v) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}, 'must be an http(s) URL');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Decision 036: when set, GET /api/metrics answers only `Authorization: Bearer <METRICS_TOKEN>`. In
  // production without it there is no /api/metrics at all (decision 052).
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{16,256}$/, 'must be 16 to 256 characters of A-Z a-z 0-9 . _ ~ + / = -')
    .optional(),
  // R22: the SPA reports its errors to Sentry with this DSN; unset, to POST /api/client-errors (the API's log).
  SENTRY_DSN: httpUrl.optional(),
  // The API's reference page (/api/docs) and its OpenAPI document (/api/openapi.json); `false` removes both (decision 068).
  API_DOCS: booleanString.default(true),
  SANDBOX_MODE: booleanString.optional(),
  BUILD_STAGE: z.enum(BUILD_STAGES).optional(),
  // Where Contact Support goes; unset, the app's own /support page, which names SUPPORT_EMAIL (decision 059).
  SUPPORT_URL: httpUrl.optional(),
  SUPPORT_EMAIL: z.email('must be an email address').optional(),
  AD_BLOCK_PROBE_URL: httpUrl.optional(),
  // Decision 034: the wallet platform's public API key of this mini-app; unset, the wallet mode can only be emulated.
  WALLET_APP_API_KEY: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,100}$/, 'must be the wallet platform API key (a UUID)')
    .optional(),
  PUBLIC_URL: httpUrl.optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(1024 * 1024),
  RUN_WORKER: booleanString.default(true),
  // Decision 052: how many proxies stand in front of the app, or their addresses; never a plain `true`.
  TRUST_PROXY: z.string().optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  FEATURE_FLAGS: z.string().optional(),
  // Signs the identity tokens. Unset: one is generated on first start and kept in the database (app_settings),
  // so restarts and every instance share it.
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/.+/.test(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Rampart <no-reply@rampart.example>'),
  // How long the sandbox custodian takes to decide an application once the agreement is signed (the waiting screen).
  CUSTODIAN_REVIEW_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  // How long the sandbox identity-document service takes to conclude a manual review (decision 'review', decision 010).
  IDV_REVIEW_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  // R11: one KYC document upload request carries at most 60 MB. Lower it (tests, small hosts), never above R11.
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().min(1024).max(KYC_UPLOAD_LIMIT_BYTES).default(KYC_UPLOAD_LIMIT_BYTES),
  // The worker loop (`npm run worker`, or an API with RUN_WORKER): how often it sweeps due transfers and orders (decisions 015, 053).
  WORKER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  // Prices and quotes (decision 023): an HTTP price feed instead of the built-in table when set.
  PRICE_FEED_URL: httpUrl.optional(),
  PRICE_FEED_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  PRICE_FEED_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  // JSON rows over the built-in table: {"BTC": {"bid": "59900", "ask": "60100"}, "ETH": {"price": "3000", "spreadBps": 50}}.
  PRICE_TABLE: z.string().optional(),
  QUOTE_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(DEFAULT_QUOTE_TTL_SECONDS),
  // Quotes per user per minute (decision 023); 0 switches the limit off (benchmarks).
  // Orders (decision 024): the sandbox chain gateway reports a delivery confirmed this long after sending.
  CHAIN_CONFIRMATION_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  // Decision 085: the EVM networks served by the real gateway (EVM_<NETWORK>_* each, read by parseEvmGatewayConfig);
  // unset, every network is the sandbox's. How often a sent delivery's confirmations are read from its node.
  EVM_NETWORKS: z.string().optional(),
  EVM_CONFIRMATION_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  // An order waiting for funds (ACH) or a deposit expires after this many hours.
  ORDER_AWAIT_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  // A buy paid by ACH is priced again when its money arrives; it goes on if the user receives at most this much less
  // (basis points: 100 = 1 %), else its money stays in the USD balance (decision 029).
  // R14 (decision 032): the cold-storage step before a held asset is sent to an external address (up to a banking day).
  ASSET_WITHDRAWAL_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(5),
  ORDER_MAX_SLIPPAGE_BPS: z.coerce.number().int().min(0).max(5_000).default(100),
  QUOTE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(30),
  // Connections each process keeps to the PostgreSQL server (decision 041: 10 measured as good as more at 50
  // concurrent requests; mind the server's max_connections times the processes).
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  // Requests per client (a signed-in user, else an address) per minute on the API, and on the sign-in, sign-up, code
  // and password routes (decision 037); 0 switches one off (benchmarks).
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(30),
  // Several instances share the request limits and lockout counters through Redis (decision 037); unset: the limits
  // count in each process and the lockouts in the database. REDIS_KEY_PREFIX separates deployments on one Redis.
  REDIS_URL: redisUrl.optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, 'must be 1 to 64 letters, digits or : . _ -')
    .default('rampart:'),
});

export type Env = Record<string, string | undefined>;

export interface Config {
  env: 'development' | 'production' | 'test';
  version: string;
  port: number;
  host: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolMax?: number };
  dataDir: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /**
   * GET /api/metrics (decisions 036, 052): off, or on with the bearer token it asks for; a null token (outside
   * production only) leaves it open.
   */
  metrics: { enabled: false } | { enabled: true; token: string | null };
  /** R22: the SPA's Sentry DSN; null sends its error reports to the API's log. */
  sentryDsn: string | null;
  /** Whether /api/docs and /api/openapi.json exist (API_DOCS, decision 068). */
  apiDocs: boolean;
  /** R4: the sandbox screen and its calls exist only in sandbox mode (default off in production). */
  sandbox: boolean;
  stage: BuildStage;
  /** Contact Support's target: SUPPORT_URL, or the app's own /support page (decision 059). */
  supportUrl: string;
  /** The operator's support address shown on /support; null when the deployment names none. */
  supportEmail: string | null;
  adBlockProbeUrl: string | null;
  /** The wallet platform's public API key (the SPA's wallet mode, decision 034); null when not a wallet mini-app. */
  walletAppApiKey: string | null;
  /** Where users reach the app, for links sent by mail and SMS; the request's own origin when unset. */
  publicUrl: string | null;
  bodyLimitBytes: number;
  runWorker: boolean;
  /**
   * Whose X-Forwarded-For to believe (decision 052): false, none (the socket's peer is the client); a number, that many
   * proxies in front (the client is that many entries from the right); addresses and CIDR ranges, the proxies' own.
   */
  trustProxy: false | number | string[];
  webDistDir: string;
  flags: FeatureFlags;
  /** Identity token signing secret; null means "generated and kept in the database". */
  jwtSecret: string | null;
  /** Mail goes through SMTP when set, else to the server log (and the dev outbox). */
  smtpUrl: string | null;
  mailFrom: string;
  /** Seconds between the signed agreement and the custodian's decision job. */
  custodianReviewDelaySeconds: number;
  /** Seconds between a `review` identity decision and the job that concludes the manual review. */
  idvReviewDelaySeconds: number;
  workerSweepSeconds: number;
  /** R11: the most bytes one KYC document upload request may carry (files and fields together). */
  uploadLimitBytes: number;
  /** Where prices come from (decision 023): the feed when feedUrl is set, else the table. */
  prices: { feedUrl: string | null; feedTimeoutMs: number; feedMaxAgeSeconds: number; table: PriceTable };
  /** How long a quote is firm. */
  quoteTtlSeconds: number;
  /** Quotes per user per rolling minute; 0 = no limit. */
  quoteRateLimitPerMinute: number;
  /** Requests per client per minute on the API and on its authentication routes (decision 037); 0 = no limit. */
  rateLimits: { perMinute: number; authPerMinute: number };
  /** Where the request limits and lockouts are shared between instances; null: per process and in the database. */
  redis: { url: string; keyPrefix: string } | null;
  /** Orders (decision 024): the sandbox chain gateway's confirmation delay, and how long an order awaits funds or a deposit. */
  chainConfirmationDelaySeconds: number;
  /** The networks settled on a real EVM chain (decision 085); empty: all on the sandbox gateway. Holds the keys. */
  evm: { networks: EvmNetworkConfig[]; confirmationPollSeconds: number };
  orderAwaitHours: number;
  /** How much less (basis points) a late-funded buy may deliver after it is priced again (decision 029). */
  orderMaxSlippageBps: number;
  /** Seconds before a requested asset withdrawal is sent (decision 032). */
  assetWithdrawalDelaySeconds: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Env, options: { version: string; rootDir: string }): Config {
  // Empty strings mean "not set": shells and .env files often leave a variable defined but blank.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  const e = parsed.data;
  const flags = parseFlags(e.FEATURE_FLAGS);
  const production = e.NODE_ENV === 'production';
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const sandbox = e.SANDBOX_MODE ?? !production;
  const dataDir = path.resolve(options.rootDir, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    version: options.version,
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolMax: e.DB_POOL_MAX }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    dataDir,
    logLevel: e.LOG_LEVEL,
    // Decision 052: the metrics name routes, queues and order counts; production never serves them to anyone.
    metrics: e.METRICS_TOKEN
      ? { enabled: true, token: e.METRICS_TOKEN }
      : production
        ? { enabled: false }
        : { enabled: true, token: null },
    sentryDsn: e.SENTRY_DSN ?? null,
    apiDocs: e.API_DOCS,
    sandbox,
    stage: e.BUILD_STAGE ?? (production && !sandbox ? 'prod' : sandbox ? 'sandbox' : 'development'),
    supportUrl: e.SUPPORT_URL ?? '/support',
    supportEmail: e.SUPPORT_EMAIL ?? null,
    adBlockProbeUrl: e.AD_BLOCK_PROBE_URL ?? null,
    walletAppApiKey: e.WALLET_APP_API_KEY ?? null,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    runWorker: e.RUN_WORKER,
    trustProxy,
    webDistDir: path.resolve(options.rootDir, e.WEB_DIST_DIR ?? 'apps/web/dist'),
    flags,
    jwtSecret: e.JWT_SECRET ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    custodianReviewDelaySeconds: e.CUSTODIAN_REVIEW_DELAY_SECONDS,
    idvReviewDelaySeconds: e.IDV_REVIEW_DELAY_SECONDS,
    workerSweepSeconds: e.WORKER_SWEEP_SECONDS,
    uploadLimitBytes: e.UPLOAD_LIMIT_BYTES,
    prices: {
      feedUrl: e.PRICE_FEED_URL ?? null,
      feedTimeoutMs: e.PRICE_FEED_TIMEOUT_MS,
      feedMaxAgeSeconds: e.PRICE_FEED_MAX_AGE_SECONDS,
      table: parsePriceTable(e.PRICE_TABLE),
    },
    quoteTtlSeconds: e.QUOTE_TTL_SECONDS,
    quoteRateLimitPerMinute: e.QUOTE_RATE_LIMIT_PER_MINUTE,
    rateLimits: { perMinute: e.RATE_LIMIT_PER_MINUTE, authPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    chainConfirmationDelaySeconds: e.CHAIN_CONFIRMATION_DELAY_SECONDS,
    evm: { networks: parseEvmNetworks(cleaned), confirmationPollSeconds: e.EVM_CONFIRMATION_POLL_SECONDS },
    orderAwaitHours: e.ORDER_AWAIT_HOURS,
    orderMaxSlippageBps: e.ORDER_MAX_SLIPPAGE_BPS,
    assetWithdrawalDelaySeconds: e.ASSET_WITHDRAWAL_DELAY_SECONDS,
  };
}

/** The EVM networks' variables; a mistake names its variable (never a key's value) and stops the start. */
function parseEvmNetworks(env: Env): EvmNetworkConfig[] {
  try {
    return parseEvmGatewayConfig(env);
  } catch (error) {
    if (error instanceof EvmConfigError) throw new ConfigError([error.message]);
    throw error;
  }
}

/** Fastify's names for the private ranges (proxy-addr): loopback, link-local and unique-local (10/8, 172.16/12, ...). */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 10;

/**
 * TRUST_PROXY (decision 052): unset, `false` or `0`, no proxy; a number of proxies (`1` behind one load balancer);
 * or a comma-separated list of the proxies' addresses and CIDR ranges (`10.0.0.0/8, 192.168.1.4`). `true` is refused:
 * it takes the left-most X-Forwarded-For, which the client writes, so any client could choose its address and step
 * around the request limits and the lockouts.
 */
function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '' || value === 'false' || value === '0' || value === 'no') return false;
  if (value === 'true' || value === 'yes') {
    throw new ConfigError([
      'TRUST_PROXY: true would believe any X-Forwarded-For a client writes; give the number of proxies in front of the app (1 behind one load balancer) or their addresses (10.0.0.0/8)',
    ]);
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_PROXY_HOPS) throw new ConfigError([`TRUST_PROXY: at most ${MAX_PROXY_HOPS} proxies`]);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !NAMED_RANGES.has(entry) && !isAddressOrRange(entry));
  if (bad.length > 0) {
    throw new ConfigError([
      `TRUST_PROXY: not a number of proxies nor addresses or CIDR ranges: ${bad.map((b) => JSON.stringify(b.slice(0, 60))).join(', ')}`,
    ]);
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** PRICE_TABLE holds a JSON object of rows over the built-in table; a bad row stops the boot naming it. */
function parsePriceTable(raw: string | undefined): PriceTable {
  if (!raw) return DEFAULT_PRICE_TABLE;
  let rows: unknown;
  try {
    rows = JSON.parse(raw);
  } catch {
    throw new ConfigError(['PRICE_TABLE: must be a JSON object']);
  }
  if (typeof rows !== 'object' || rows === null || Array.isArray(rows))
    throw new ConfigError(['PRICE_TABLE: must be a JSON object']);
  const problems: string[] = [];
  const table: Record<string, PriceTableEntry> = { ...DEFAULT_PRICE_TABLE };
  for (const [ticker, row] of Object.entries(rows as Record<string, unknown>)) {
    const entry = PriceRow.safeParse(row);
    const scaled = entry.success
      ? scaleEntry(entry.data)
      : 'must be {"bid", "ask"} or {"price", "spreadBps"?} with decimal strings';
    if (typeof scaled === 'string') problems.push(`PRICE_TABLE.${ticker}: ${scaled}`);
    else if (entry.success) table[ticker.toUpperCase()] = entry.data;
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return table;
}

const PriceRow = z.union([
  z.object({ bid: z.string(), ask: z.string() }).strict(),
  z.object({ price: z.string(), spreadBps: z.number().int().optional() }).strict(),
]);

/** FEATURE_FLAGS holds a JSON object of overrides on top of document 2's flags. */
function parseFlags(raw: string | undefined): FeatureFlags {
  if (!raw) return DEFAULT_FEATURE_FLAGS;
  let overrides: unknown;
  try {
    overrides = JSON.parse(raw);
  } catch {
    throw new ConfigError(['FEATURE_FLAGS: must be a JSON object']);
  }
  const merged = FeatureFlags.safeParse({ ...DEFAULT_FEATURE_FLAGS, ...(overrides as object) });
  if (!merged.success || typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) {
    const detail = merged.success
      ? 'must be a JSON object'
      : merged.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join(', ');
    throw new ConfigError([`FEATURE_FLAGS: ${detail}`]);
  }
  return merged.data;
}
