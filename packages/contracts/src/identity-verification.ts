import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import {
  VERIFICATION_DECISIONS,
  VERIFICATION_DOCUMENT_TYPES,
  VERIFICATION_STATUSES,
} from './identity-verification-constants';

/**
 * The identity-document provider's calls (decision 010): `/api/socure/status`, `/api/socure/submit_document`,
 * `/api/socure/send_sms`, `/api/socure/validate_sms`. Bodies and replies, shared by the API and the SPA.
 */

/** The capture device's id, kept for support (socureDeviceId of document 1, section 3). */
const DeviceId = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._:-]+$/);

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
  .object({
    phone: z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{5,14}$/, { error: 'Invalid Phone' }),
  })
  .strict();
export type SendSmsRequest = z.infer<typeof SendSmsRequest>;
/**
 * `link` is the continue-on-phone address that the SMS carries, returned to its signed-in owner only, so the
 * widget can show it as a QR code as well.
 */
export const SendSmsReply = z.object({ sent: z.literal(true), linkExpiresAt: z.string(), link: z.string() });
export type SendSmsReply = z.infer<typeof SendSmsReply>;

export const ValidateSmsRequest = z
  .object({
    token: z
      .string()
      .trim()
      .min(20)
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/),
  })
  .strict();
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

/**
 * The identity-document service's input (document 1, section 3), built from the KYC record and sent with every
 * capture so the service can match the document to the person (decision 064). `state` is the region where the
 * country has a list (US, CA, GB), else null; `mobileNumber` is the record's telephone in E.164, null when none.
 */
export const IdentityServiceInput = z
  .object({
    firstName: z.string().trim().min(1),
    surName: z.string().trim().min(1),
    physicalAddress: z.string().trim().min(1),
    state: z.string().trim().min(1).nullable(),
    zip: z.string().trim().min(1),
    city: z.string().trim().min(1),
    mobileNumber: z
      .string()
      .regex(/^\+\d{6,15}$/)
      .nullable(),
    dob: z.iso.date(),
    nationalId: z.string().trim().min(1),
    country: z.string().regex(/^[A-Z]{2}$/),
  })
  .strict();
export type IdentityServiceInput = z.infer<typeof IdentityServiceInput>;

/** What the input is built from: the saved KYC record's fields (document 1, section 3). */
export interface IdentityServiceSource {
  name: { first: string; last: string };
  address: {
    street1: string;
    street2?: string | undefined;
    city: string;
    region?: string | undefined;
    postalCode: string;
    country: string;
  };
  telephone?: { country: string; countryCode: string; number: string } | undefined;
  birth: { year: number; month: number; day: number };
  tax: { identifier: string };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Maps the KYC record to the service's input: the street lines joined, the birth date as YYYY-MM-DD. */
export function identityServiceInputOf(record: IdentityServiceSource): IdentityServiceInput {
  const { name, address, telephone, birth, tax } = record;
  const phoneCountry = telephone?.country.toUpperCase() ?? '';
  const phone =
    telephone && isSupportedCountry(phoneCountry)
      ? parsePhoneNumberFromString(telephone.number, phoneCountry)
      : undefined;
  return {
    firstName: name.first,
    surName: name.last,
    physicalAddress: [address.street1, address.street2]
      .filter((line): line is string => !!line && line.trim() !== '')
      .join(', '),
    state: address.region && address.region.trim() !== '' ? address.region : null,
    zip: address.postalCode,
    city: address.city,
    mobileNumber: phone?.isValid() ? phone.number : null,
    dob: `${pad(birth.year, 4)}-${pad(birth.month, 2)}-${pad(birth.day, 2)}`,
    nationalId: tax.identifier,
    country: address.country,
  };
}
