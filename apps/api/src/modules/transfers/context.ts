import type { Db } from '../../db';
import type { JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';

/** What the service functions need besides the open transaction: the clock and the queue (the next job goes in the same transaction). */
export interface TransferDeps {
  clock: Clock;
  jobs: JobQueue;
}

/** What the routes' use cases work with. */
export interface TransfersContext extends TransferDeps {
  db: Db;
  /** Where links in mail point (PUBLIC_URL); the request's origin when null. */
  publicUrl: string | null;
}
