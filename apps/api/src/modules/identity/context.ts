import type { FeatureFlags } from '@rampart/contracts';
import type { Db } from '../../db';
import type { JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import type { ProductEvents } from '../../lib/product-events';
import { createPostgresAttemptStore, type AttemptStore } from './attempt-store';
import { createAttemptGuard, type AttemptGuard } from './attempts';
import { createCodeService, type CodeService } from './codes';
import { deriveKey, loadIdentitySecret } from './signing-key';
import { createTokenService, type TokenService } from './tokens';

/** What every identity use case works with. Built once per app; providers stay behind these services. */
export interface IdentityContext {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  flags: Pick<FeatureFlags, 'twoFactorRequired'>;
  tokens: TokenService;
  codes: CodeService;
  attempts: AttemptGuard;
  /** R22: a confirmed sign-up and a completed sign-in are counted (decision 036); absent, nothing is recorded. */
  events?: ProductEvents;
}

/** Where a request came from, for the per-address limits and the session record. */
export interface RequestMeta {
  ip: string;
}

export async function createIdentityContext(deps: {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  flags: Pick<FeatureFlags, 'twoFactorRequired'>;
  jwtSecret: string | null;
  /** Where lockouts are counted: Redis when REDIS_URL is set (decision 037), else the database. */
  attemptStore?: AttemptStore;
}): Promise<IdentityContext> {
  const secret = await loadIdentitySecret(deps.db, deps.jwtSecret);
  return {
    db: deps.db,
    jobs: deps.jobs,
    clock: deps.clock,
    flags: deps.flags,
    tokens: createTokenService(deriveKey(secret, 'jwt'), deps.clock),
    codes: createCodeService(deriveKey(secret, 'codes')),
    attempts: createAttemptGuard(deps.attemptStore ?? createPostgresAttemptStore(deps.db), deps.clock),
  };
}
