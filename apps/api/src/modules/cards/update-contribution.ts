import {
  CARD_BRAND_LABELS,
  CARD_MESSAGES,
  type CardContributionReply,
  type CardContributionUpdateRequest,
} from '@rampart/contracts';
import { LEDGER_TRANSACTION_OPTIONS } from '../ledger';
import { createContribution } from '../transfers';
import { AppError } from '../../lib/app-error';
import { cancelContribution } from './cancel-contribution';
import { cardError } from './card-errors';
import type { CardsContext } from './context';
import {
  findCardContributionOfUser,
  findCardMethodIncludingRemoved,
  toCardContribution,
  updateCardContribution,
} from './repository';

/**
 * `/primetrust-creditcard-contribution-update`: the hosted form reported an authorization; Rampart asks the processor
 * for it (the caller's own, for this deposit, card and amount + fee, else 400 card_authorization_mismatch). Approved:
 * the deposit is recorded through the transfers module (pending, settles after 12 hours), in the same transaction
 * as the card deposit's completion, with a key derived from the deposit, so a retried update records it once and
 * answers the same. Declined: the deposit is declined and the call answers 402 card_declined with the processor's
 * message under `errors.fields.card` (again on a retry). Over the card's weekly limit (another deposit used the room
 * since the form opened): 422 trade_limit_exceeded, the deposit cancelled and its authorization voided; a retry then
 * answers 409 card_contribution_closed.
 */
export async function updateContribution(
  ctx: CardsContext,
  userId: string,
  input: CardContributionUpdateRequest,
): Promise<CardContributionReply> {
  const now = ctx.clock.now();
  const first = await findCardContributionOfUser(ctx.db, userId, input.contributionId);
  if (!first) throw cardError('card_contribution_unknown', 'contributionId');
  const authorization = await ctx.processor.getAuthorization({
    authorizationId: input.authorizationId,
    customerId: userId,
  });
  const total = BigInt(first.amount) + BigInt(first.fee);
  if (
    !authorization ||
    authorization.reference !== first.id ||
    authorization.cardId !== first.card_method_id ||
    authorization.amount !== total
  ) {
    throw cardError('card_authorization_mismatch', 'authorizationId');
  }

  const outcome = await ctx.db
    .transaction(async (tx) => {
      const row = await findCardContributionOfUser(tx, userId, input.contributionId, { forUpdate: true });
      if (!row) throw cardError('card_contribution_unknown', 'contributionId');
      if (row.status === 'completed') {
        if (row.authorization_id !== authorization.id) throw cardError('card_contribution_completed', 'contributionId');
        return { row };
      }
      if (row.status === 'declined' && row.authorization_id === authorization.id)
        return { row, declined: row.decline_message ?? CARD_MESSAGES.en.declined };
      if (row.status !== 'awaiting_authorization') throw cardError('card_contribution_closed', 'contributionId');
      if (authorization.status === 'voided') throw cardError('card_contribution_closed', 'contributionId');
      if (authorization.status === 'declined') {
        const message = authorization.declineMessage ?? CARD_MESSAGES.en.declined;
        const declined = await updateCardContribution(
          tx,
          row.id,
          { status: 'declined', authorizationId: authorization.id, declineMessage: message },
          now,
        );
        return { row: declined, declined: message };
      }
      const card = await findCardMethodIncludingRemoved(tx, userId, row.card_method_id);
      if (!card) throw cardError('card_method_unknown', 'fundsTransferMethodId');
      const transfer = await createContribution(
        tx,
        { clock: ctx.clock, jobs: ctx.jobs },
        {
          userGuid: userId,
          method: 'card',
          amount: BigInt(row.amount),
          fee: BigInt(row.fee),
          methodRef: {
            kind: 'card',
            id: card.id,
            last4: card.last4,
            label: `${CARD_BRAND_LABELS[card.brand]} ${card.last4}`,
          },
          idempotencyKey: `card:${row.id}`,
        },
      );
      const completed = await updateCardContribution(
        tx,
        row.id,
        { status: 'completed', authorizationId: authorization.id, transferId: transfer.transferId },
        now,
      );
      return { row: completed };
    }, LEDGER_TRANSACTION_OPTIONS)
    .catch(async (error: unknown) => {
      // The card is charged but the weekly limit, used meanwhile by another deposit, refuses the deposit: the deposit
      // is over and the hold is released on the card, not left to lapse (decision 101).
      if (error instanceof AppError && error.code === 'trade_limit_exceeded')
        await cancelContribution(ctx, userId, input.contributionId);
      throw error;
    });

  if ('declined' in outcome && outcome.declined) throw cardError('card_declined', 'card', outcome.declined);
  return { success: true, contribution: toCardContribution(outcome.row) };
}
