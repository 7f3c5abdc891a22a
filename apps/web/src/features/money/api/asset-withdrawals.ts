import { queryOptions } from '@tanstack/react-query';
import {
  AssetWithdrawalChallengeReply,
  AssetWithdrawalListReply,
  AssetWithdrawalReply,
  type AssetWithdrawalRequest,
  type ConfirmAssetWithdrawalRequest,
  type RampAsset,
} from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';
import { rampAssetsQueryOptions } from '../../../lib/queries/assets';
import { moneyKey } from './keys';

/**
 * POST /holdings/withdraw-challenge: which second factor confirms the withdrawal; an emailed or texted code is sent
 * (decision 054). Not retried: each call sends a new code.
 */
export function startAssetWithdrawalChallenge(api: ApiClient): Promise<AssetWithdrawalChallengeReply> {
  return api.request('/holdings/withdraw-challenge', { body: {}, schema: AssetWithdrawalChallengeReply });
}

/** POST /holdings/confirm-withdrawal: the token of the email's link. Single use on the server, so no retry. */
export function confirmAssetWithdrawal(api: ApiClient, token: string): Promise<AssetWithdrawalReply> {
  const body: ConfirmAssetWithdrawalRequest = { token };
  return api.request('/holdings/confirm-withdrawal', { body, schema: AssetWithdrawalReply });
}

/** POST /holdings/withdraw: a held asset to an external address (R14, decision 032). Keyed, so a retry is safe (R16). */
export function withdrawAsset(
  api: ApiClient,
  body: AssetWithdrawalRequest,
  idempotencyKey: string,
): Promise<AssetWithdrawalReply> {
  return api.request('/holdings/withdraw', { body, schema: AssetWithdrawalReply, idempotencyKey, retry: true });
}

/** POST /holdings/withdrawals: the caller's asset withdrawals, newest first. A read: retries (R16). */
export function assetWithdrawalsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...moneyKey, 'asset-withdrawals'],
    queryFn: ({ signal }) =>
      api
        .request('/holdings/withdrawals', { body: {}, retry: true, signal, schema: AssetWithdrawalListReply })
        .then((reply) => reply.withdrawals),
  });
}

/** The catalogue (the one read of lib/queries/assets.ts), for the networks each held asset can be sent on. */
export function chainAssetsQueryOptions(api: ApiClient) {
  return queryOptions({
    ...rampAssetsQueryOptions(api),
    select: (assets: RampAsset[]) => assets.filter((a) => a.section !== 'fiat' && !a.hidden),
  });
}
