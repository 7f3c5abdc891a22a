import { CardContributionReply, type CardContributionCancelRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust-creditcard-contribution-cancel: the user left the card form; the deposit is dropped. */
export function cardContributionCancel(api: ApiClient, contributionId: string): Promise<CardContributionReply> {
  const body: CardContributionCancelRequest = { contributionId };
  return api.request('/primetrust-creditcard-contribution-cancel', { body, schema: CardContributionReply });
}
