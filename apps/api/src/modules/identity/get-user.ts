import type { UserInfo } from '@rampart/contracts';
import type { AuthUser } from '../../plugins/auth';
import type { IdentityContext } from './context';
import { identityError } from './errors';
import { findUserById, toUserInfo } from './repository';

export async function getUser(ctx: IdentityContext, who: AuthUser): Promise<UserInfo> {
  const user = await findUserById(ctx.db, who.userGuid);
  if (!user) throw identityError('NotAuthorizedException', 'invalidSession');
  return toUserInfo(user);
}
