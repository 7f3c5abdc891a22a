import type { OkResponse, SignOutRequest } from '@rampart/contracts';
import type { AuthUser } from '../../plugins/auth';
import type { IdentityContext } from './context';
import { revokeSessions } from './repository';

/** Revokes this session's refresh token, or every session's with `global`; their tokens stop working at once. */
export async function signOut(ctx: IdentityContext, who: AuthUser, input: SignOutRequest): Promise<OkResponse> {
  await revokeSessions(ctx.db, who.userGuid, ctx.clock.now(), input.global ? {} : { only: who.sessionId });
  return { ok: true };
}
