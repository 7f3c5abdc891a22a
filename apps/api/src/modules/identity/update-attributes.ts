import type { UpdateAttributesRequest, UpdateAttributesResponse } from '@rampart/contracts';
import type { AuthUser } from '../../plugins/auth';
import type { IdentityContext } from './context';
import { identityError } from './errors';
import { requireReauth } from './reauthenticate';
import { findUserById, toUserInfo, updateUser } from './repository';
import { sendCode } from './send-code';

/**
 * Language and application name change directly. A phone number is where SMS codes go, so changing it is a
 * second-factor change: it needs re-authentication and waits as pending until its SMS code is confirmed.
 */
export async function updateAttributes(
  ctx: IdentityContext,
  who: AuthUser,
  input: UpdateAttributesRequest,
): Promise<UpdateAttributesResponse> {
  const user = await findUserById(ctx.db, who.userGuid);
  if (!user) throw identityError('NotAuthorizedException', 'invalidSession');
  if (input.phoneNumber !== undefined) await requireReauth(ctx, who, input.reauthToken);
  let updated = await updateUser(
    ctx.db,
    user.id,
    {
      ...(input.locale ? { locale: input.locale } : {}),
      ...(input.applicationName ? { application_name: input.applicationName } : {}),
      ...(input.phoneNumber ? { pending_phone: input.phoneNumber } : {}),
    },
    ctx.clock.now(),
  );
  if (!input.phoneNumber) return { user: toUserInfo(updated) };
  const codeDeliveryDetails = await sendCode(ctx, updated, 'verify_phone', {
    channel: 'sms',
    phone: input.phoneNumber,
  });
  updated = (await findUserById(ctx.db, user.id)) ?? updated;
  return { user: toUserInfo(updated), codeDeliveryDetails };
}
