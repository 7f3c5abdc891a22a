import type { CcMethodRemoveReply } from '@rampart/contracts';
import { cardError } from './card-errors';
import type { CardsContext } from './context';
import {
  awaitingContributionsOfCard,
  findCardMethodOfUser,
  markCardRemoved,
  updateCardContribution,
} from './repository';

/**
 * `/cc-method-remove`: the owner's live card only (another user's id, or one already removed: 404). Deposits still
 * waiting for this card's authorization are cancelled, and the card is detached at the processor, so it can no
 * longer be charged or added again. Money already moved keeps its reference (the row stays, removed_at set).
 */
export async function removeCardMethod(
  ctx: CardsContext,
  userId: string,
  methodId: string,
): Promise<CcMethodRemoveReply> {
  const now = ctx.clock.now();
  const cancelled = await ctx.db.transaction(async (tx) => {
    const method = await findCardMethodOfUser(tx, userId, methodId, { forUpdate: true });
    if (!method) throw cardError('card_method_unknown', 'fundsTransferMethodId');
    await markCardRemoved(tx, method.id, now);
    const waiting = await awaitingContributionsOfCard(tx, method.id);
    for (const contribution of waiting) await updateCardContribution(tx, contribution.id, { status: 'cancelled' }, now);
    return waiting.map((c) => c.id);
  });
  await ctx.processor.detachCard({ cardId: methodId, customerId: userId, now });
  for (const reference of cancelled) await ctx.processor.voidAuthorizations({ reference, customerId: userId, now });
  return { success: true, fundsTransferMethodId: methodId, errors: { errors: [], fields: {} } };
}
