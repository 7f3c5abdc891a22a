import type { TotpAssociateRequest, TotpAssociateResponse } from '@rampart/contracts';
import type { AuthUser } from '../../plugins/auth';
import type { IdentityContext } from './context';
import { identityError } from './errors';
import { requireReauth } from './reauthenticate';
import { findUserById, updateUser } from './repository';
import { newTotpSecret, otpauthUri } from './totp';

/** A new authenticator secret, pending until a code from it is verified; the current factor stays in force. */
export async function associateTotp(
  ctx: IdentityContext,
  who: AuthUser,
  input: TotpAssociateRequest,
): Promise<TotpAssociateResponse> {
  await requireReauth(ctx, who, input.reauthToken);
  const user = await findUserById(ctx.db, who.userGuid);
  if (!user) throw identityError('NotAuthorizedException', 'invalidSession');
  const secret = newTotpSecret();
  await updateUser(ctx.db, user.id, { totp_pending_secret: secret }, ctx.clock.now());
  return { secretCode: secret, otpauthUri: otpauthUri(secret, user.email) };
}
