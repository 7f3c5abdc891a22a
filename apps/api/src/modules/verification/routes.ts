import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmptyRequest,
  SendSmsReply,
  SendSmsRequest,
  SubmitDocumentReply,
  SubmitDocumentRequest,
  ValidateSmsReply,
  ValidateSmsRequest,
  VerificationStatusReply,
} from '@rampart/contracts';
import { errorResponses } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import type { VerificationContext } from './context';
import { getVerificationStatus, sendVerificationSms, submitDocument, validateVerificationSms } from './verification';

const tags = ['verification'];

/** The identity-document provider's calls (issue 4): the caller's own session only. */
export const verificationRoutes: FastifyPluginAsyncZod<{ ctx: VerificationContext; publicUrl: string | null }> = async (
  app,
  { ctx, publicUrl },
) => {
  // Authenticated before the body is validated: an anonymous caller learns nothing about the body's rules (401 first).
  const signedIn = { preValidation: app.authenticate };

  app.post(
    '/socure/status',
    { ...signedIn, schema: { tags, summary: "The caller's identity verification session and its decision", body: EmptyRequest, response: { 200: VerificationStatusReply, ...errorResponses } } },
    async (request) => getVerificationStatus(ctx, requireUser(request).userGuid),
  );
  app.post(
    '/socure/submit_document',
    { ...signedIn, schema: { tags, summary: 'Record the captured document and selfie; a job decides', body: SubmitDocumentRequest, response: { 200: SubmitDocumentReply, ...errorResponses } } },
    async (request) => submitDocument(ctx, requireUser(request).userGuid, request.body),
  );
  app.post(
    '/socure/send_sms',
    { ...signedIn, schema: { tags, summary: 'Send a single-use continue-on-phone link by SMS', body: SendSmsRequest, response: { 200: SendSmsReply, ...errorResponses } } },
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
    { schema: { tags, summary: 'Consume a continue-on-phone link token; names the session it belongs to', body: ValidateSmsRequest, response: { 200: ValidateSmsReply, ...errorResponses } } },
    async (request) => validateVerificationSms(ctx, request.body.token),
  );
};
