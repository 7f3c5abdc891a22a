import type { Db } from '../../db';
import type { JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import type { ChainGateway } from '../../providers/chain-gateway/types';
import type { PriceProvider } from '../../providers/prices';

/** What the order use cases and jobs need (decision 024). */
export interface OrdersContext {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  gateway: ChainGateway;
  /** Where the tracking links in mail point (PUBLIC_URL, else the API's own address). */
  origin: string;
  /** How long an order waits for a deposit (and an ACH buy past its settlement date) before it expires. */
  awaitHours: number;
  /** Prices a late-funded buy again (decision 029); absent: it delivers what was quoted. */
  prices?: PriceProvider;
  /** How much less (basis points) a re-priced buy may deliver before its money is left in the balance instead. */
  maxSlippageBps?: number;
}

/** The context from the process's settings and providers (services.ts builds the one every process uses). */
export function ordersContextFrom(
  config: {
    publicUrl: string | null;
    host: string;
    port: number;
    orderAwaitHours: number;
    orderMaxSlippageBps: number;
  },
  deps: { db: Db; clock: Clock; jobs: JobQueue; gateway: ChainGateway; prices: PriceProvider },
): OrdersContext {
  return {
    db: deps.db,
    clock: deps.clock,
    jobs: deps.jobs,
    gateway: deps.gateway,
    origin: config.publicUrl ?? `http://${config.host}:${config.port}`,
    awaitHours: config.orderAwaitHours,
    prices: deps.prices,
    maxSlippageBps: config.orderMaxSlippageBps,
  };
}
