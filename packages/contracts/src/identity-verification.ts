import { z } from 'zod';
import {
  VERIFICATION_DECISIONS,
  VERIFICATION_DOCUMENT_TYPES,
  VERIFICATION_STATUSES,
} from './identity-verification-constants';

/**
 * The identity-document provider's calls (issue 4): `/api/socure/status`, `/api/socure/submit_document`,
 * `/api/socure/send_sms`, `/api/socure/validate_sms`. Bodies and replies, shared by the API and the SPA.
 */

/** The capture device's id, kept for support (socureDeviceId of document 1, section 3). */
const DeviceId = z.string().trim().min(1).max(200).regex(/^[A-Za-z0-9._:-]+$/);

/**
 * The capture: the widget (on this device or on the phone) uploads the document and the selfie through
 * `/api/fileupload-user-kyc-document-upload`, then names them here. `documentId` is the caller's own uploaded
 * identity document of `documentType` (with its back side when the type needs one); `selfieId` the caller's own
 * upload marked `identity_photo`. The server checks both through their owner (docs/decisions/010).
 */
export const SubmitDocumentRequest = z
  .object({
    documentType: z.enum(VERIFICATION_DOCUMENT_TYPES),
    documentId: z.uuid(),
    selfieId: z.uuid(),
    deviceId: DeviceId.nullish(),
  })
  .strict();
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
/**
 * `link` is the continue-on-phone address that the SMS carries, returned to its signed-in owner only, so the
 * widget can show it as a QR code as well.
 */
export const SendSmsReply = z.object({ sent: z.literal(true), linkExpiresAt: z.string(), link: z.string() });
export type SendSmsReply = z.infer<typeof SendSmsReply>;

export const ValidateSmsRequest = z.object({ token: z.string().trim().min(20).max(200).regex(/^[A-Za-z0-9_-]+$/) }).strict();
export type ValidateSmsRequest = z.infer<typeof ValidateSmsRequest>;
/**
 * The phone has no sign-in: the consumed link gives it a capture token, a bearer token good only for the capture
 * calls of that user (`/api/socure/status`, `/api/socure/submit_document`, `/api/fileupload-user-kyc-document-upload`)
 * until `captureTokenExpiresAt`. `country` is the KYC record's country (the document's default), null without one.
 */
export const ValidateSmsReply = z.object({
  valid: z.literal(true),
  userGuid: z.string(),
  sessionId: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  captureToken: z.string(),
  captureTokenExpiresAt: z.string(),
  country: z.string().nullable(),
});
export type ValidateSmsReply = z.infer<typeof ValidateSmsReply>;
