import { CARD_MESSAGES, type CcMethodListReply } from '@rampart/contracts';
import type { CardsContext } from './context';
import { listCardMethodsOfUser, toCardMethod } from './repository';

/**
 * `/cc-method-list` (document 2, section 7): success, errors.errors, errors.fields, methods. A card past its expiry
 * stays listed (the user removes it) and is named in `errors.fields` under its id, so the SPA can show why it
 * cannot be chosen; the SPA's request status reaches success either way (document 1, section 4).
 */
export async function listCardMethods(ctx: CardsContext, userId: string): Promise<CcMethodListReply> {
  const now = ctx.clock.now();
  const methods = (await listCardMethodsOfUser(ctx.db, userId)).map((row) => toCardMethod(row, now));
  const fields: Record<string, string> = {};
  for (const method of methods) if (method.expired) fields[method.fundsTransferMethodId] = CARD_MESSAGES.en.cardExpired;
  return { success: true, errors: { errors: Object.values(fields), fields }, methods };
}
