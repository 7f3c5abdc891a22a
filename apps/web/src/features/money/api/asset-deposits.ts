import { queryOptions } from '@tanstack/react-query';
import {
  AssetDepositAddressReply,
  SandboxAssetDepositReply,
  type AssetDepositAddressRequest,
  type SandboxAssetDepositArrival,
} from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';
import { moneyKey } from './keys';

/**
 * POST /holdings/deposit-address: the user's own address (and memo) for an asset on its network. The server makes it
 * on the first ask and gives the same one after, so asking again is safe: read as a read, with retries (R16).
 */
export function depositAddressQueryOptions(api: ApiClient, target: AssetDepositAddressRequest | null) {
  return queryOptions({
    queryKey: [...moneyKey, 'deposit-address', target?.network ?? '', target?.assetTicker ?? ''],
    queryFn: ({ signal }) => {
      if (!target) throw new Error('no asset chosen');
      return api
        .request('/holdings/deposit-address', { body: target, retry: true, signal, schema: AssetDepositAddressReply })
        .then((reply) => reply.deposit);
    },
    enabled: target !== null,
    staleTime: Infinity,
  });
}

/** Sandbox mode only: a deposit to that address arrives. Keyed, so a retry is the same deposit (R16). */
export function receiveSandboxAssetDeposit(
  api: ApiClient,
  body: SandboxAssetDepositArrival,
  idempotencyKey: string,
): Promise<SandboxAssetDepositReply> {
  return api.request('/primetrust-sandbox-receive-asset-deposit', {
    body,
    schema: SandboxAssetDepositReply,
    idempotencyKey,
    retry: true,
  });
}
