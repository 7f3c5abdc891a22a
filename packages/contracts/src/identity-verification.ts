import { z } from 'zod';
import {
  VERIFICATION_BACK_REQUIRED,
  VERIFICATION_DECISIONS,
  VERIFICATION_DOCUMENT_TYPES,
  VERIFICATION_MESSAGES,
  VERIFICATION_STATUSES,
} from './identity-verification-constants';

/**
 * The identity-document provider's calls (issue 4): `/api/socure/status`, `/api/socure/submit_document`,
 * `/api/socure/send_sms`, `/api/socure/validate_sms`. Bodies and replies, shared by the API and the SPA.
 */

/**
 * A capture reference: the opaque id the capture widget gives each image it took (front, back, selfie).
 * The sandbox widget makes them; the server keeps them as given and never fetches anything with them.
 */
const CaptureRef = z.string().trim().min(1).max(200).regex(/^[A-Za-z0-9._:-]+$/);

export const SubmitDocumentRequest = z
  .object({
    documentType: z.enum(VERIFICATION_DOCUMENT_TYPES),
    front: CaptureRef,
    back: CaptureRef.nullish(),
    selfie: CaptureRef,
    /** The capture device's id, kept for support (socureDeviceId of document 1, section 3). */
    deviceId: CaptureRef.nullish(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if ((VERIFICATION_BACK_REQUIRED as readonly string[]).includes(value.documentType) && !value.back) {
      ctx.addIssue({ code: 'custom', path: ['back'], message: VERIFICATION_MESSAGES.en.backRequired });
    }
  });
export type SubmitDocumentRequest = z.infer<typeof SubmitDocumentRequest>;

export const VerificationSession = z.object({
  /** null while nothing was started (status not_started). */
  sessionId: z.string().nullable(),
  status: z.enum(VERIFICATION_STATUSES),
  documentType: z.enum(VERIFICATION_DOCUMENT_TYPES).nullable(),
  decision: z.enum(VERIFICATION_DECISIONS).nullable(),
  reason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type VerificationSession = z.infer<typeof VerificationSession>;

export const VerificationStatusReply = VerificationSession;
export const SubmitDocumentReply = VerificationSession;

export const SendSmsRequest = z
  .object({ phone: z.string().trim().regex(/^\+[1-9]\d{5,14}$/, { error: 'Invalid Phone' }) })
  .strict();
export type SendSmsRequest = z.infer<typeof SendSmsRequest>;
export const SendSmsReply = z.object({ sent: z.literal(true), linkExpiresAt: z.string() });
export type SendSmsReply = z.infer<typeof SendSmsReply>;

export const ValidateSmsRequest = z.object({ token: z.string().trim().min(20).max(200).regex(/^[A-Za-z0-9_-]+$/) }).strict();
export type ValidateSmsRequest = z.infer<typeof ValidateSmsRequest>;
export const ValidateSmsReply = z.object({
  valid: z.literal(true),
  userGuid: z.string(),
  sessionId: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
});
export type ValidateSmsReply = z.infer<typeof ValidateSmsReply>;
