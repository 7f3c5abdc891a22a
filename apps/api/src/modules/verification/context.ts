import type { Db } from '../../db';
import type { JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';

export interface VerificationContext {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
}
