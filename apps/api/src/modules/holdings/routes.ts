import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssetWithdrawalChallengeReply,
  AssetWithdrawalListReply,
  AssetWithdrawalReply,
  AssetWithdrawalRequest,
  ConfirmAssetWithdrawalRequest,
  EmptyRequest,
  HoldingsReply,
} from '@rampart/contracts';
import type { Db } from '../../db';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { errorResponses } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import { singleFlight } from '../../plugins/idempotency';
import {
  confirmAssetWithdrawal,
  listAssetWithdrawals,
  requestAssetWithdrawal,
  startWithdrawalChallenge,
  type AssetWithdrawalsContext,
  type WithdrawalStepUp,
} from './asset-withdrawals';
import { getHoldings } from './get-holdings';

const tags = ['holdings'];

/** The custodial account's holdings (document 2, section 7, Account; R14). Only the caller's own. */
export const holdingsRoutes: FastifyPluginAsyncZod<{ ctx: { db: Db } }> = async (app, { ctx: { db } }) => {
  // Authenticated before the body is validated: an anonymous caller learns nothing about the body's rules (401 first).
  const signedIn = { preValidation: app.authenticate };
  app.post(
    '/primetrust-accounts-view',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The USD balance (settled, held, available) and every other asset held',
        body: EmptyRequest,
        response: { 200: HoldingsReply, ...errorResponses },
      },
    },
    async (request) => getHoldings(db, requireUser(request).userGuid),
  );
};

/**
 * R14: held assets withdrawn to an external address (decision 032), confirmed with the user's second factor and the
 * link of the confirmation mail (decision 054). `publicUrl`: the SPA's origin for the link (else the request's).
 */
export const assetWithdrawalRoutes: FastifyPluginAsyncZod<{
  ctx: AssetWithdrawalsContext;
  stepUp: WithdrawalStepUp;
  publicUrl?: string | null | undefined;
}> = async (app, { ctx, stepUp, publicUrl }) => {
  const signedIn = { preValidation: app.authenticate };
  app.post(
    '/holdings/withdraw-challenge',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Start the step-up of an asset withdrawal: which second factor to enter; an email or SMS code is sent',
        body: EmptyRequest,
        response: { 200: AssetWithdrawalChallengeReply, ...errorResponses },
      },
    },
    (request) => startWithdrawalChallenge(ctx, stepUp, requireUser(request).userGuid),
  );
  app.post(
    '/holdings/withdraw',
    {
      ...signedIn,
      ...singleFlight,
      schema: {
        tags,
        summary:
          'Withdraw a held asset to an external address on its network with the second-factor code; confirmed from its email within 24 hours, then sent within 1 banking day (optional Idempotency-Key header)',
        body: AssetWithdrawalRequest,
        response: { 200: AssetWithdrawalReply, ...errorResponses },
      },
    },
    // The withdrawal is keyed on (user, Idempotency-Key) too, not only the HTTP reply (decision 049).
    (request) =>
      requestAssetWithdrawal(
        ctx,
        { stepUp, origin: publicUrl ?? `${request.protocol}://${request.host}`, ip: request.ip },
        requireUser(request).userGuid,
        request.body,
        idempotencyKeyOf(request),
      ),
  );
  app.post(
    '/holdings/confirm-withdrawal',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Confirm an asset withdrawal with the token of its email's link (single use, 24 hours)",
        body: ConfirmAssetWithdrawalRequest,
        response: { 200: AssetWithdrawalReply, ...errorResponses },
      },
    },
    (request) => confirmAssetWithdrawal(ctx, requireUser(request).userGuid, request.body.token),
  );
  app.post(
    '/holdings/withdrawals',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The caller's asset withdrawals, newest first",
        body: EmptyRequest,
        response: { 200: AssetWithdrawalListReply, ...errorResponses },
      },
    },
    (request) => listAssetWithdrawals(ctx.db, requireUser(request).userGuid),
  );
};
