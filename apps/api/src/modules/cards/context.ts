import type { Db } from '../../db';
import type { JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import type { CardProcessorProvider } from '../../providers/card-processor/types';

/** What the card use cases work with: the database, the clock, the queue (the deposit's settlement job) and the processor. */
export interface CardsContext {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  processor: CardProcessorProvider;
}
