import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEFAULT_FEATURE_FLAGS,
  EmptyRequest,
  SendSmsReply,
  SendSmsRequest,
  SubmitDocumentReply,
  SubmitDocumentRequest,
  ValidateSmsReply,
  ValidateSmsRequest,
  VerificationStatusReply,
  type FeatureFlags,
} from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import type { VerificationContext } from './context';
import { getVerificationStatus } from './get-verification-status';
import { sendVerificationSms } from './send-verification-sms';
import { submitDocument } from './submit-document';
import { validateVerificationSms } from './validate-verification-sms';

const tags = ['verification'];

/** The identity-document provider's calls (decision 010): the caller's own session only. */
export const verificationRoutes: FastifyPluginAsyncZod<{
  ctx: VerificationContext;
  publicUrl: string | null;
  flags?: Pick<FeatureFlags, 'socure'>;
}> = async (app, { ctx, publicUrl, flags = DEFAULT_FEATURE_FLAGS }) => {
  // Authenticated before the body is validated: an anonymous caller learns nothing about the body's rules (401 first).
  const signedIn = { preValidation: app.authenticate };
  // The capture calls also take the phone's capture token (decision 010); send_sms does not: a phone that opened
  // one link cannot send more.
  const capturing = { preValidation: app.authenticateCapture };

  app.post(
    '/socure/status',
    {
      ...capturing,
      schema: {
        tags,
        summary: "The caller's identity verification session and its decision",
        body: EmptyRequest,
        response: { 200: VerificationStatusReply, ...errorResponses },
      },
    },
    async (request) => getVerificationStatus(ctx, requireUser(request).userGuid),
  );
  app.post(
    '/socure/submit_document',
    {
      ...capturing,
      schema: {
        tags,
        summary: 'Name the uploaded document and selfie of the capture; a job decides',
        body: SubmitDocumentRequest,
        response: { 200: SubmitDocumentReply, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // "socure" on: the identity-document service's phone flow is the only way in (docs/feature-flags.md).
      if (flags.socure && user.via !== 'capture') throw new AppError('verification_phone_only');
      return submitDocument(ctx, user.userGuid, request.body);
    },
  );
  app.post(
    '/socure/send_sms',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Send a single-use continue-on-phone link by SMS; the reply carries the link for a QR code',
        body: SendSmsRequest,
        response: { 200: SendSmsReply, ...errorResponses },
      },
    },
    async (request) =>
      sendVerificationSms(
        ctx,
        requireUser(request).userGuid,
        request.body.phone,
        // The configured address wins: a Host header is the client's to choose, a link in an SMS must not be.
        publicUrl ?? `${request.protocol}://${request.host}`,
      ),
  );
  // Not signed in: the phone that opened the link has no session. The token itself is the credential (single use).
  app.post(
    '/socure/validate_sms',
    {
      schema: {
        tags,
        summary: 'Consume a continue-on-phone link token; returns a capture token for the capture calls',
        body: ValidateSmsRequest,
        response: { 200: ValidateSmsReply, ...errorResponses },
      },
    },
    async (request) => validateVerificationSms(ctx, request.body.token),
  );
};
