import type { Config } from '../../config';
import type { Db } from '../../db';
import type { JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import type { CustodianProvider } from '../../providers/custodian/types';

/** What the accounts and kyc use cases work with; the custodian stays behind them (docs/design-brief.md, section 4). */
export interface AccountsContext {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  custodian: CustodianProvider;
  config: Pick<Config, 'custodianReviewDelaySeconds'>;
}
