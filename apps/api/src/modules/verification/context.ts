import type { Db } from '../../db';
import type { JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import type { ProductEvents } from '../../lib/product-events';
import type { TokenService } from '../identity';

export interface VerificationContext {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  /** The identity module's signer: capture tokens are signed with the same key as login tokens, for another audience. */
  tokens: Pick<TokenService, 'captureToken' | 'verifyCaptureToken'>;
  /** R22: a submitted capture counts as 'document_submitted' (decision 036); absent, nothing is recorded. */
  events?: ProductEvents;
}
