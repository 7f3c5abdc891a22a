import type { FeatureFlags } from '@rampart/contracts';
import type { Db } from '../../db';
import type { JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
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
}): Promise<IdentityContext> {
  const secret = await loadIdentitySecret(deps.db, deps.jwtSecret);
  return {
    db: deps.db,
    jobs: deps.jobs,
    clock: deps.clock,
    flags: deps.flags,
    tokens: createTokenService(deriveKey(secret, 'jwt'), deps.clock),
    codes: createCodeService(deriveKey(secret, 'codes')),
    attempts: createAttemptGuard(deps.db, deps.clock),
  };
}
