import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CardContributionCancelRequest,
  CardContributionReply,
  CardContributionTokenReply,
  CardContributionTokenRequest,
  CardContributionUpdateRequest,
  CardRefreshTokenRequest,
  CardTokenReply,
  CardWidgetTokenRequest,
  CcMethodAddReply,
  CcMethodAddRequest,
  CcMethodListReply,
  CcMethodListRequest,
  CcMethodRemoveReply,
  CcMethodRemoveRequest,
  DEFAULT_FEATURE_FLAGS,
  isDepositMethodOn,
  TRANSFER_MESSAGES,
  type DepositFlags,
} from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { rowKeyOf } from '../../lib/idempotency';
import { errorResponses } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import { singleFlight } from '../../plugins/idempotency';
import { addCardMethod } from './add-card-method';
import { cancelContribution } from './cancel-contribution';
import type { CardsContext } from './context';
import { createContributionToken } from './create-contribution-token';
import { createWidgetToken } from './create-widget-token';
import { listCardMethods } from './list-card-methods';
import { refreshToken } from './refresh-token';
import { removeCardMethod } from './remove-card-method';
import { updateContribution } from './update-contribution';

const tags = ['cards'];

/** Card methods and card deposits (decision 017): the caller's own cards and deposits only. */
export const cardRoutes: FastifyPluginAsyncZod<{ ctx: CardsContext; flags?: DepositFlags }> = async (
  app,
  { ctx, flags = DEFAULT_FEATURE_FLAGS },
) => {
  // Authenticated before the body is validated: an anonymous caller learns nothing about the body's rules (401 first).
  const signedIn = { preValidation: app.authenticate };

  app.post(
    '/primetrust-creditcard-widget-token',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'A single-use, 10-minute token for the hosted card form to add one card',
        body: CardWidgetTokenRequest,
        response: { 200: CardTokenReply, ...errorResponses },
      },
    },
    async (request) => createWidgetToken(ctx, requireUser(request).userGuid, request.body),
  );
  app.post(
    '/cc-method-add',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Store the card the hosted form added as a method (brand, last four, expiry; idempotent)',
        body: CcMethodAddRequest,
        response: { 200: CcMethodAddReply, ...errorResponses },
      },
    },
    async (request) => addCardMethod(ctx, requireUser(request).userGuid, request.body),
  );
  app.post(
    '/cc-method-list',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The caller's cards: success, errors.errors, errors.fields (expired cards), methods",
        body: CcMethodListRequest,
        response: { 200: CcMethodListReply, ...errorResponses },
      },
    },
    async (request) => listCardMethods(ctx, requireUser(request).userGuid),
  );
  app.post(
    '/cc-method-remove',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Remove one of the caller's cards (detached at the processor; waiting deposits cancelled)",
        body: CcMethodRemoveRequest,
        response: { 200: CcMethodRemoveReply, ...errorResponses },
      },
    },
    async (request) => removeCardMethod(ctx, requireUser(request).userGuid, request.body.fundsTransferMethodId),
  );
  app.post(
    '/primetrust-creditcard-contribution-token',
    {
      ...signedIn,
      ...singleFlight,
      schema: {
        tags,
        summary:
          'Start a card deposit (amount + 4% fee charged) and get the hosted form token of its charge step (optional Idempotency-Key header)',
        body: CardContributionTokenRequest,
        response: { 200: CardContributionTokenReply, ...errorResponses },
      },
    },
    async (request) => {
      // "Card deposit" off, or card deposits sent to the custodian, which takes none (docs/feature-flags.md).
      if (!isDepositMethodOn(flags, 'primex_card'))
        throw AppError.validation({ method: TRANSFER_MESSAGES.methodSwitchedOff });
      return createContributionToken(ctx, requireUser(request).userGuid, request.body, rowKeyOf(request));
    },
  );
  app.post(
    '/primetrust-creditcard-contribution-update',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          "Complete a card deposit with the hosted form's authorization: approved records the deposit, declined answers 402",
        body: CardContributionUpdateRequest,
        response: { 200: CardContributionReply, ...errorResponses },
      },
    },
    async (request) => updateContribution(ctx, requireUser(request).userGuid, request.body),
  );
  app.post(
    '/primetrust-creditcard-contribution-cancel',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Cancel a card deposit that waits for its authorization (tokens die, authorization voided)',
        body: CardContributionCancelRequest,
        response: { 200: CardContributionReply, ...errorResponses },
      },
    },
    async (request) => cancelContribution(ctx, requireUser(request).userGuid, request.body.contributionId),
  );
  app.post(
    '/primetrust-creditcard-refresh-token',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "A new hosted form token for the caller's unused one (expired or not); the old one dies",
        body: CardRefreshTokenRequest,
        response: { 200: CardTokenReply, ...errorResponses },
      },
    },
    async (request) => refreshToken(ctx, requireUser(request).userGuid, request.body),
  );
};
