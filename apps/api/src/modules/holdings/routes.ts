import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AssetWithdrawalListReply, AssetWithdrawalReply, AssetWithdrawalRequest, EmptyRequest, HoldingsReply } from '@rampart/contracts';
import type { Db } from '../../db';
import { errorResponses } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import { idempotencyKeyOf, idempotent } from '../../plugins/idempotency';
import { listAssetWithdrawals, requestAssetWithdrawal, type AssetWithdrawalsContext } from './asset-withdrawals';
import { getHoldings } from './get-holdings';

const tags = ['holdings'];

/** The custodial account's holdings (document 2, section 7, Account; R14). Only the caller's own. */
export const holdingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Authenticated before the body is validated: an anonymous caller learns nothing about the body's rules (401 first).
  const signedIn = { preValidation: app.authenticate };
  app.post(
    '/primetrust-accounts-view',
    { ...signedIn, schema: { tags, summary: 'The USD balance (settled, held, available) and every other asset held', body: EmptyRequest, response: { 200: HoldingsReply, ...errorResponses } } },
    async (request) => getHoldings(db, requireUser(request).userGuid),
  );
};

/** R14: held assets withdrawn to an external address (decision 032). */
export const assetWithdrawalRoutes: FastifyPluginAsyncZod<{ ctx: AssetWithdrawalsContext }> = async (app, { ctx }) => {
  const signedIn = { preValidation: app.authenticate };
  app.post(
    '/holdings/withdraw',
    {
      ...signedIn,
      ...idempotent,
      schema: {
        tags,
        summary: 'Withdraw a held asset to an external address on its network; sent within 1 banking day (optional Idempotency-Key header)',
        body: AssetWithdrawalRequest,
        response: { 200: AssetWithdrawalReply, ...errorResponses },
      },
    },
    // The withdrawal is keyed on (user, Idempotency-Key) too, not only the HTTP reply (decision 049).
    (request) => requestAssetWithdrawal(ctx, requireUser(request).userGuid, request.body, idempotencyKeyOf(request)),
  );
  app.post(
    '/holdings/withdrawals',
    { ...signedIn, schema: { tags, summary: "The caller's asset withdrawals, newest first", body: EmptyRequest, response: { 200: AssetWithdrawalListReply, ...errorResponses } } },
    (request) => listAssetWithdrawals(ctx.db, requireUser(request).userGuid),
  );
};
