import type { CardTokenReply, CardWidgetTokenRequest } from '@rampart/contracts';
import { callProcessor } from './card-errors';
import type { CardsContext } from './context';
import { tokenReply } from './token-reply';

/** `/primetrust-creditcard-widget-token`: a single-use, 10-minute token for the hosted form to add one card. */
export async function createWidgetToken(
  ctx: CardsContext,
  userId: string,
  input: CardWidgetTokenRequest,
): Promise<CardTokenReply> {
  const issued = await callProcessor(() =>
    ctx.processor.createFormToken({ customerId: userId, purpose: 'add', now: ctx.clock.now() }),
  );
  return tokenReply('add', issued, input?.lang);
}
