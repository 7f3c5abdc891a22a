import type { CardContributionReply } from '@rampart/contracts';
import { cardError } from './card-errors';
import type { CardsContext } from './context';
import { findCardContributionOfUser, toCardContribution, updateCardContribution } from './repository';

/**
 * `/primetrust-creditcard-contribution-cancel`: a card deposit still waiting for its authorization is cancelled; its
 * tokens die and an authorization the form already made is voided (released on the card). Cancelling again answers
 * the same; a completed deposit is the transfers module's (409), a declined one is over (409).
 */
export async function cancelContribution(
  ctx: CardsContext,
  userId: string,
  contributionId: string,
): Promise<CardContributionReply> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findCardContributionOfUser(tx, userId, contributionId, { forUpdate: true });
    if (!current) throw cardError('card_contribution_unknown', 'contributionId');
    if (current.status === 'cancelled') return current;
    if (current.status === 'completed') throw cardError('card_contribution_completed', 'contributionId');
    if (current.status === 'declined') throw cardError('card_contribution_closed', 'contributionId');
    return updateCardContribution(tx, current.id, { status: 'cancelled' }, now);
  });
  await ctx.processor.revokeChargeTokens({ reference: row.id, now });
  await ctx.processor.voidAuthorizations({ reference: row.id, customerId: userId, now });
  return { success: true, contribution: toCardContribution(row) };
}
