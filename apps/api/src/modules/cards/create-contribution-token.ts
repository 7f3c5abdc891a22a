import {
  transferAmountProblem,
  transferFee,
  normaliseSandboxAmount,
  type CardContributionTokenReply,
  type CardContributionTokenRequest,
} from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { findAccount } from '../accounts';
import { toMinorUnits } from '../ledger';
import { assertDepositWithinLimits } from '../ramp';
import { firstDifference, idempotencyMismatch, type Json } from '../../lib/idempotency';
import { callProcessor, cardError } from './card-errors';
import type { CardsContext } from './context';
import {
  findCardContributionByKey,
  findCardMethodOfUser,
  insertCardContribution,
  toCardContribution,
  toCardMethod,
} from './repository';
import { tokenReply } from './token-reply';

/**
 * `/primetrust-creditcard-contribution-token`: a card deposit of `amount` USD starts. The amount rule of document 2,
 * section 5 (400 under `amount`), the caller's own live card (404), not expired (400 under fundsTransferMethodId),
 * an opened account (409 account_not_opened). The card will be charged amount + the primex_card fee (4%, the shared
 * fee function). Answers a token for the hosted form's charge step. Idempotent per key (R16): the same request
 * answers the same deposit with a fresh token while it waits (the earlier tokens die); another request, 422.
 */
export async function createContributionToken(
  ctx: CardsContext,
  userId: string,
  input: CardContributionTokenRequest,
  idempotencyKey: string,
): Promise<CardContributionTokenReply> {
  const problem = transferAmountProblem(input.amount);
  if (problem) throw AppError.validation({ amount: problem });
  const amount = toMinorUnits(normaliseSandboxAmount(input.amount as string | number), 'USD');
  const fee = transferFee('primex_card', amount);
  const now = ctx.clock.now();
  const request = { fundsTransferMethodId: input.fundsTransferMethodId, amount: amount.toString() };

  const { contribution, method } = await ctx.db.transaction(async (tx) => {
    const card = await findCardMethodOfUser(tx, userId, input.fundsTransferMethodId);
    if (!card) throw cardError('card_method_unknown', 'fundsTransferMethodId');
    const view = toCardMethod(card, now);
    if (view.expired) throw cardError('card_expired', 'fundsTransferMethodId');
    const account = await findAccount(tx, userId);
    if (account?.status !== 'opened') throw new AppError('account_not_opened');
    // The card's weekly limit before the card is charged (decision 053); the deposit is checked again when recorded.
    if (!(await findCardContributionByKey(tx, userId, idempotencyKey)))
      await assertDepositWithinLimits(tx, userId, now, { method: 'card', amount });
    const inserted = await insertCardContribution(tx, {
      userId,
      cardMethodId: card.id,
      amount,
      fee,
      idempotencyKey,
      request,
      now,
    });
    if (inserted) return { contribution: inserted, method: view };
    const existing = await findCardContributionByKey(tx, userId, idempotencyKey);
    if (!existing) throw new AppError('conflict');
    const difference = firstDifference(existing.request as Json, request);
    if (difference) throw idempotencyMismatch(difference);
    if (existing.status === 'completed') throw cardError('card_contribution_completed', 'contributionId');
    if (existing.status !== 'awaiting_authorization') throw cardError('card_contribution_closed', 'contributionId');
    return { contribution: existing, method: view };
  });

  // One live token per deposit: a replay's new token replaces the earlier ones.
  await ctx.processor.revokeChargeTokens({ reference: contribution.id, now });
  const issued = await callProcessor(() =>
    ctx.processor.createFormToken({
      customerId: userId,
      purpose: 'charge',
      cardId: contribution.card_method_id,
      amount: amount + fee,
      reference: contribution.id,
      now,
    }),
  );
  return { ...tokenReply('charge', issued, input.lang), contribution: toCardContribution(contribution), method };
}
