import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AgreementPreviewReply,
  AgreementSubmitReply,
  AgreementSubmitRequest,
  DEFAULT_FEATURE_FLAGS,
  EmptyRequest,
  IndividualInfoReply,
  SetIndividualInfoReply,
  UserCountryReply,
  RULE_MESSAGES,
  kycIndividualRequest,
  type FeatureFlags,
} from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import type { AccountsContext } from '../accounts';
import { getIndividualInfo } from './get-individual-info';
import { getUserCountry } from './get-user-country';
import { previewAgreement } from './preview-agreement';
import { setIndividualInfo } from './set-individual-info';
import { submitAgreement } from './submit-agreement';

const tags = ['kyc'];

/** The KYC individual record and the custodial agreement (document 2, section 7, KYC). Only the caller's own. */
export const kycRoutes: FastifyPluginAsyncZod<{
  ctx: AccountsContext;
  flags?: Pick<FeatureFlags, 'kycIndividual'>;
}> = async (app, { ctx, flags = DEFAULT_FEATURE_FLAGS }) => {
  // Authenticated before the body is validated: an anonymous caller learns nothing about the body's rules (401 first).
  const signedIn = { preValidation: app.authenticate };
  // The same schema as the SPA's forms, with the age counted from the app's clock (R7).
  const IndividualRequest = kycIndividualRequest(() => ctx.clock.now());

  app.post(
    '/contact/get/individualinfo',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The caller's KYC individual record",
        body: EmptyRequest,
        response: { 200: IndividualInfoReply, ...errorResponses },
      },
    },
    async (request) => getIndividualInfo(ctx.db, requireUser(request).userGuid),
  );
  app.post(
    '/contact/set/individualinfo',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Save the KYC individual record; the reply carries relatedId',
        body: IndividualRequest,
        response: { 200: SetIndividualInfoReply, ...errorResponses },
      },
    },
    async (request) => {
      // "KYC individual" on: the fuller individual profile is collected, its sex required (docs/feature-flags.md).
      if (flags.kycIndividual && (request.body.sex ?? '').trim() === '')
        throw AppError.validation({ sex: RULE_MESSAGES.en.required });
      return setIndividualInfo(ctx, requireUser(request), request.body);
    },
  );
  app.post(
    '/user/country',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The user's country: from the KYC record, else guessed from the language headers (R23)",
        body: EmptyRequest,
        response: { 200: UserCountryReply, ...errorResponses },
      },
    },
    async (request) => getUserCountry(ctx.db, requireUser(request).userGuid, request.headers['accept-language']),
  );
  app.post(
    '/contact/get/agreementpreviews',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The custodial agreement filled in with the caller’s details',
        body: EmptyRequest,
        response: { 200: AgreementPreviewReply, ...errorResponses },
      },
    },
    async (request) => previewAgreement(ctx.db, ctx.clock, requireUser(request).userGuid),
  );
  app.post(
    '/agreement-submit-individual',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Sign the custodial agreement (first and last name); the account becomes pending',
        body: AgreementSubmitRequest,
        response: { 200: AgreementSubmitReply, ...errorResponses },
      },
    },
    async (request) => submitAgreement(ctx, requireUser(request).userGuid, request.body.signature),
  );
};
