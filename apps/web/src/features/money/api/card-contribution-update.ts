import { CardContributionReply, type CardContributionUpdateRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust-creditcard-contribution-update: the form's authorization; the server makes the deposit. Idempotent, so it retries. */
export function cardContributionUpdate(
  api: ApiClient,
  body: CardContributionUpdateRequest,
): Promise<CardContributionReply> {
  return api.request('/primetrust-creditcard-contribution-update', {
    body,
    schema: CardContributionReply,
    retry: true,
    idempotencyKey: `card-update:${body.authorizationId}`,
  });
}
