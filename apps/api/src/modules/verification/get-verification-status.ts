import type { VerificationSession } from '@rampart/contracts';
import type { VerificationContext } from './context';
import { findSessionOfUser, toSession } from './repository';

/** The caller's session with its decision; not_started (sessionId null) before anything was done. */
export async function getVerificationStatus(ctx: VerificationContext, userId: string): Promise<VerificationSession> {
  return toSession(await findSessionOfUser(ctx.db, userId));
}
