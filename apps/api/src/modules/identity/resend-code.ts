import type { CodeDeliveryResponse, EmailOnlyRequest } from '@rampart/contracts';
import type { IdentityContext } from './context';
import { identityError } from './errors';
import { findUserByEmail } from './repository';
import { sendCode } from './send-code';

export async function resendCode(ctx: IdentityContext, input: EmailOnlyRequest): Promise<CodeDeliveryResponse> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) throw identityError('UserNotFoundException', 'userNotFound');
  if (user.status === 'CONFIRMED') throw identityError('InvalidParameterException', 'alreadyConfirmedResend');
  return { codeDeliveryDetails: await sendCode(ctx, user, 'sign_up') };
}
