import { defaultCardNickname, type CcMethodAddReply, type CcMethodAddRequest } from '@rampart/contracts';
import { cardError } from './card-errors';
import type { CardsContext } from './context';
import { insertCardMethod, toCardMethod } from './repository';

/**
 * `/cc-method-add` (document 2, section 7): the card the hosted form reported becomes the caller's method. What is
 * stored comes from the processor (brand, last four, expiry), asked with the caller as its customer: another user's
 * card, an unknown or a removed (detached) one is unknown (404). Idempotent: the same card answers the same method.
 */
export async function addCardMethod(
  ctx: CardsContext,
  userId: string,
  input: CcMethodAddRequest,
): Promise<CcMethodAddReply> {
  const now = ctx.clock.now();
  const card = await ctx.processor.getCard({ cardId: input.fundsTransferMethodId, customerId: userId });
  if (!card || card.detached) throw cardError('card_method_unknown', 'fundsTransferMethodId');
  const nickname = input.nickname?.trim() || defaultCardNickname(card.brand, card.last4);
  const row = await ctx.db.transaction((tx) =>
    insertCardMethod(
      tx,
      userId,
      {
        id: card.id,
        nickname,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        funding: card.funding,
      },
      now,
    ),
  );
  // The processor's card is this user's (asked above), so the row is too; a removed row stays removed.
  if (row.removed_at) throw cardError('card_method_unknown', 'fundsTransferMethodId');
  return { success: true, method: toCardMethod(row, now) };
}
