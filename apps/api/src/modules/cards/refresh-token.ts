import type { CardRefreshTokenRequest, CardTokenReply } from '@rampart/contracts';
import { callProcessor, cardError } from './card-errors';
import type { CardsContext } from './context';
import { findCardContributionOfUser } from './repository';
import { tokenReply } from './token-reply';

/**
 * `/primetrust-creditcard-refresh-token`: the caller's own unused token (expired or not) gives a new one with the
 * same purpose; the old one dies. Another user's or an unknown token: 400 card_token_invalid; a used one: 409
 * card_token_used. A deposit's token is refreshed only while the deposit waits for its authorization.
 */
export async function refreshToken(
  ctx: CardsContext,
  userId: string,
  input: CardRefreshTokenRequest,
): Promise<CardTokenReply> {
  const now = ctx.clock.now();
  const info = await ctx.processor.inspectFormToken(input.token, now);
  if (!info || info.customerId !== userId) throw cardError('card_token_invalid', 'token');
  if (info.purpose === 'charge' && info.reference) {
    const contribution = await findCardContributionOfUser(ctx.db, userId, info.reference);
    if (!contribution) throw cardError('card_token_invalid', 'token');
    if (contribution.status === 'completed') throw cardError('card_contribution_completed', 'contributionId');
    if (contribution.status !== 'awaiting_authorization') throw cardError('card_contribution_closed', 'contributionId');
  }
  const issued = await callProcessor(() =>
    ctx.processor.refreshFormToken({ token: input.token, customerId: userId, now }),
  );
  return tokenReply(info.purpose, issued, input.lang);
}
