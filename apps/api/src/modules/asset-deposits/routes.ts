import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssetDepositAddressReply,
  AssetDepositAddressRequest,
  SandboxAssetDepositArrival,
  SandboxAssetDepositReply,
} from '@rampart/contracts';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { errorResponses } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import type { AssetDepositsContext } from './context';
import { getDepositAddress } from './deposit-address';
import { sandboxReceiveDeposit } from './receive-deposit';

const tags = ['holdings'];

/**
 * Assets added to the holdings by an on-chain deposit (the "assets addition" flag, docs/feature-flags.md). With the
 * flag off the calls exist and refuse (400 under `assetTicker`); the sandbox call exists in sandbox mode only (R4).
 */
export const assetDepositRoutes: FastifyPluginAsyncZod<{ ctx: AssetDepositsContext; sandbox: boolean }> = async (
  app,
  { ctx, sandbox },
) => {
  // Authenticated before the body is validated: an anonymous caller learns nothing about the body's rules (401 first).
  const signedIn = { preValidation: app.authenticate };
  app.post(
    '/holdings/deposit-address',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          "The caller's deposit address (and memo or destination tag) for an asset on its network: made on the first ask, the same afterwards",
        body: AssetDepositAddressRequest,
        response: { 200: AssetDepositAddressReply, ...errorResponses },
      },
    },
    (request) => getDepositAddress(ctx, requireUser(request).userGuid, request.body),
  );
  if (!sandbox) return;
  app.post(
    '/primetrust-sandbox-receive-asset-deposit',
    {
      ...signedIn,
      ...idempotent,
      schema: {
        tags: ['sandbox'],
        summary:
          "A deposit arrives at the caller's deposit address for the asset and is credited to the holdings once per transaction (optional Idempotency-Key header)",
        body: SandboxAssetDepositArrival,
        response: { 200: SandboxAssetDepositReply, ...errorResponses },
      },
    },
    (request) => sandboxReceiveDeposit(ctx, requireUser(request).userGuid, request.body, idempotencyKeyOf(request)),
  );
};
