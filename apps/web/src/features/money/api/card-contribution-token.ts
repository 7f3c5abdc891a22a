import { CardContributionTokenReply, type CardContributionTokenRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust-creditcard-contribution-token: starts a card deposit and answers the hosted form's token. Keyed (R16). */
export function cardContributionToken(
  api: ApiClient,
  body: CardContributionTokenRequest,
  idempotencyKey: string,
): Promise<CardContributionTokenReply> {
  return api.request('/primetrust-creditcard-contribution-token', {
    body,
    schema: CardContributionTokenReply,
    idempotencyKey,
    retry: true,
  });
}
