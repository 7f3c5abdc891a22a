import { z } from 'zod';
import { isRestrictedCountry } from './catalogue/jurisdictions';
import { calendarDateOf, type CalendarDate } from './kyc';
import { documentErrorField, KYC_MESSAGES, type DocumentFormField } from './kyc-constants';
import {
  countryCode,
  firstFailure,
  maxLength,
  oneOf,
  pattern,
  required,
  romanized,
  unsafeTextPath,
  utf8ByteLength,
  type Rule,
} from './rules';

/**
 * KYC documents (document 1, section 3 "KYC document upload"; document 2, sections 5 and 7; R11, R20). The API
 * parses the multipart body by hand, then every field goes through `kycDocumentProblems`, so the SPA's upload form
 * and the API refuse the same input with the same message, keyed by the 'document ' field mapping.
 */

/** Decision 008: the document types a consumer can upload. 'other' needs a subtype (fileN_document_subtype). */
export const KYC_DOCUMENT_TYPES = [
  'passport',
  'drivers_license',
  'government_id',
  'residence_permit',
  'proof_of_address',
  'other',
] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/** R20: cards and licences have two sides. */
export const KYC_TWO_SIDED_DOCUMENT_TYPES: readonly KycDocumentType[] = ['drivers_license', 'government_id'];
/** R20: identity documents carry an expiry that must be in the future. */
export const KYC_IDENTITY_DOCUMENT_TYPES: readonly KycDocumentType[] = [
  'passport',
  'drivers_license',
  'government_id',
  'residence_permit',
];

/** Document 2, section 5: jpeg, png and pdf only, recognised by their bytes on the server. */
export const KYC_DOCUMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type KycDocumentMime = (typeof KYC_DOCUMENT_MIME_TYPES)[number];

/** R11: 60 MB per upload request (MiB: 60 × 1024 × 1024 bytes). */
export const KYC_UPLOAD_LIMIT_BYTES = 60 * 1024 * 1024;
/** R20: a proof of address must have been issued within this many days. */
export const KYC_PROOF_OF_ADDRESS_MAX_AGE_DAYS = 90;
/** Decision 008: indexes 0 to 9 (fileN), so one request carries at most 10 documents (20 files). */
export const KYC_MAX_DOCUMENTS_PER_UPLOAD = 10;
export const KYC_DOCUMENT_TEXT_MAX = 100;
export const KYC_DOCUMENT_METADATA_MAX_BYTES = 4096;

/** The upload's own messages (new wording, both locales, R18); the rest come from KYC_MESSAGES and the rules. */
const en = {
  issuedTooLongAgo: 'The document must have been issued within the last 90 days.',
  issuedInFuture: 'The issue date cannot be in the future.',
  metadataInvalid: 'Metadata must be a JSON object.',
  flagInvalid: 'Value must be true or false.',
} as const;
export type KycDocumentMessageKey = keyof typeof en;
const es: { readonly [K in KycDocumentMessageKey]: string } = {
  issuedTooLongAgo: 'El documento debe haberse emitido en los últimos 90 días.',
  issuedInFuture: 'La fecha de emisión no puede ser posterior a hoy.',
  metadataInvalid: 'Los metadatos deben ser un objeto JSON.',
  flagInvalid: 'El valor debe ser true o false.',
};
export const KYC_DOCUMENT_MESSAGES = { en, es } as const;

const K = KYC_MESSAGES.en;

// ---------------------------------------------------------------------------------------------------------------
// The input: the text fields of one index, as the multipart body carries them (all strings, all optional, so a
// missing field reaches the validator and gets its catalogue message with every other problem).

export interface KycDocumentFieldsInput {
  documentType?: string;
  documentSubtype?: string;
  country?: string;
  expiresOn?: string;
  issuedOn?: string;
  label?: string;
  identity?: string;
  identityPhoto?: string;
  proofOfAddress?: string;
  metadata?: string;
}

/** What the server learnt of one uploaded file from its bytes (absent: no such part in the request). */
/** `unsafe`: a PDF with scripts, automatic actions or encryption (decision 052). */
export type KycDocumentFileCheck =
  { state: 'empty' } | { state: 'unrecognised' } | { state: 'unsafe' } | { state: 'ok'; mime: KycDocumentMime };

export interface KycDocumentFilesInput {
  front?: KycDocumentFileCheck;
  back?: KycDocumentFileCheck;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' of a real calendar day, else undefined. */
export function parseCalendarDate(value: string): CalendarDate | undefined {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day)
    return undefined;
  return { year, month, day };
}

function dayNumber(date: CalendarDate): number {
  return Math.floor(Date.UTC(date.year, date.month - 1, date.day) / 86_400_000);
}

export function formatCalendarDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** Multipart carries text: 'true'/'false' (and '1'/'0', which form libraries send for checkboxes). */
function parseFlag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return false;
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return undefined;
}

function parseMetadata(value: string | undefined): Record<string, unknown> | null | undefined {
  if (value === undefined || value.trim() === '') return null;
  if (utf8ByteLength(value) > KYC_DOCUMENT_METADATA_MAX_BYTES) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    // The JSON's own escapes can spell a NUL or a lone surrogate, which the database refuses or changes (decision 051).
    if (unsafeTextPath(parsed) !== undefined) return undefined;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const freeText: Rule[] = [maxLength(KYC_DOCUMENT_TEXT_MAX), romanized, pattern(/^[^<>]*$/)];

function fileProblem(check: KycDocumentFileCheck | undefined): string | undefined {
  if (!check) return firstFailure(undefined, [required])?.message;
  if (check.state === 'empty') return K.fileEmpty;
  if (check.state === 'unrecognised') return K.fileType;
  if (check.state === 'unsafe') return K.fileUnsafe;
  return undefined;
}

/** Does this document need an issue date within 90 days (R20: "when asked for")? */
function asksForProofOfAddress(type: string | undefined, proofOfAddressFlag: boolean | undefined): boolean {
  return type === 'proof_of_address' || proofOfAddressFlag === true;
}

/**
 * Every rule of one document (R20 and document 2, section 5). Keys are the 'document ' error fields
 * ('document file', 'document backFile', ...); fields outside that mapping use their multipart name suffix
 * (label, metadata, identity, ...). An empty object means the document is acceptable.
 */
export function kycDocumentProblems(
  fields: KycDocumentFieldsInput,
  files: KycDocumentFilesInput,
  today: CalendarDate,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const put = (field: DocumentFormField, message: string | undefined) => {
    if (message !== undefined) problems[documentErrorField(field)] ??= message;
  };

  const type = fields.documentType?.trim() || undefined;
  put('documentType', firstFailure(type, [required, oneOf(KYC_DOCUMENT_TYPES)])?.message);
  if (type === 'other')
    put(
      'otherDocumentType',
      firstFailure(fields.documentSubtype?.trim() || undefined, [required, ...freeText])?.message,
    );
  // Document 2, section 3: a country code is valid only if it is in the list and not restricted.
  const country = fields.country?.trim() || undefined;
  put(
    'documentCountry',
    firstFailure(country, [required, countryCode])?.message ??
      (country && isRestrictedCountry(country) ? KYC_MESSAGES.en.countryNotSupported : undefined),
  );

  put('file', fileProblem(files.front));
  const twoSided = type !== undefined && KYC_TWO_SIDED_DOCUMENT_TYPES.includes(type as KycDocumentType);
  if (files.back) put('backFile', fileProblem(files.back));
  else if (twoSided) put('backFile', K.backRequired);

  const identityFlag = parseFlag(fields.identity);
  const identityPhotoFlag = parseFlag(fields.identityPhoto);
  const proofOfAddressFlag = parseFlag(fields.proofOfAddress);
  if (identityFlag === undefined) problems.identity = en.flagInvalid;
  if (identityPhotoFlag === undefined) problems.identity_photo = en.flagInvalid;
  if (proofOfAddressFlag === undefined) problems.proof_of_address = en.flagInvalid;

  // R20: identity documents (by type, or flagged as the identity document) need an expiry after today.
  const isIdentity =
    (type !== undefined && KYC_IDENTITY_DOCUMENT_TYPES.includes(type as KycDocumentType)) || identityFlag === true;
  const expiresRaw = fields.expiresOn?.trim() || undefined;
  if (expiresRaw !== undefined || isIdentity) {
    const expires = expiresRaw === undefined ? undefined : parseCalendarDate(expiresRaw);
    if (expiresRaw === undefined) put('documentExpiration', firstFailure(undefined, [required])?.message);
    else if (!expires) put('documentExpiration', K.invalidDate);
    else if (dayNumber(expires) <= dayNumber(today)) put('documentExpiration', K.documentExpired);
  }

  // R20: a proof of address, when asked for, was issued within the last 90 days (and not after today).
  const issuedRaw = fields.issuedOn?.trim() || undefined;
  if (issuedRaw !== undefined || asksForProofOfAddress(type, proofOfAddressFlag)) {
    const issued = issuedRaw === undefined ? undefined : parseCalendarDate(issuedRaw);
    if (issuedRaw === undefined) put('issuedAt', firstFailure(undefined, [required])?.message);
    else if (!issued) put('issuedAt', K.invalidDate);
    else if (dayNumber(issued) > dayNumber(today)) put('issuedAt', en.issuedInFuture);
    else if (
      asksForProofOfAddress(type, proofOfAddressFlag) &&
      dayNumber(today) - dayNumber(issued) > KYC_PROOF_OF_ADDRESS_MAX_AGE_DAYS
    ) {
      put('issuedAt', en.issuedTooLongAgo);
    }
  }

  const label = fields.label?.trim() || undefined;
  if (label !== undefined) {
    const failure = firstFailure(label, freeText);
    if (failure) problems.label = failure.message;
  }
  if (parseMetadata(fields.metadata) === undefined) problems.metadata = en.metadataInvalid;
  return problems;
}

/** A document that passed `kycDocumentProblems`, in the shape the server stores. */
export interface NormalisedKycDocumentFields {
  documentType: KycDocumentType;
  documentSubtype: string | null;
  country: string;
  expiresOn: string | null;
  issuedOn: string | null;
  label: string | null;
  identity: boolean;
  identityPhoto: boolean;
  proofOfAddress: boolean;
  metadata: Record<string, unknown> | null;
}

/** Call only after `kycDocumentProblems` returned no problem: it throws on input that would have failed. */
export function normaliseKycDocumentFields(fields: KycDocumentFieldsInput): NormalisedKycDocumentFields {
  const documentType = z.enum(KYC_DOCUMENT_TYPES).parse(fields.documentType?.trim());
  const date = (raw: string | undefined) => {
    const parsed = raw?.trim() ? parseCalendarDate(raw) : undefined;
    return parsed ? formatCalendarDate(parsed) : null;
  };
  const metadata = parseMetadata(fields.metadata);
  if (metadata === undefined) throw new Error('metadata was not validated');
  return {
    documentType,
    // Document 1, section 3: the subtype exists only for 'other'; sent with any other type, it is dropped.
    documentSubtype: documentType === 'other' ? (fields.documentSubtype?.trim() ?? null) : null,
    country: (fields.country ?? '').trim(),
    expiresOn: date(fields.expiresOn),
    issuedOn: date(fields.issuedOn),
    label: fields.label?.trim() || null,
    identity: parseFlag(fields.identity) === true,
    identityPhoto: parseFlag(fields.identityPhoto) === true,
    proofOfAddress: parseFlag(fields.proofOfAddress) === true,
    metadata,
  };
}

/** Today for the document rules, from the app's clock (UTC, as the record's rules). */
export function kycDocumentToday(now: Date): CalendarDate {
  return calendarDateOf(now);
}

// ---------------------------------------------------------------------------------------------------------------
// The replies (document 2, section 7: "response documents")

export const KycDocumentFile = z
  .object({
    /** The client's file name, sanitised; kept for display only, never part of a storage path. */
    name: z.string().nullable(),
    mime: z.enum(KYC_DOCUMENT_MIME_TYPES),
    size: z.number().int().positive(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .meta({ id: 'KycDocumentFile' });
export type KycDocumentFile = z.infer<typeof KycDocumentFile>;

const IsoDate = z.string().regex(ISO_DATE);

export const KycDocument = z
  .object({
    id: z.uuid(),
    documentType: z.enum(KYC_DOCUMENT_TYPES),
    documentSubtype: z.string().nullable(),
    country: z.string(),
    expiresOn: IsoDate.nullable(),
    issuedOn: IsoDate.nullable(),
    label: z.string().nullable(),
    identity: z.boolean(),
    identityPhoto: z.boolean(),
    proofOfAddress: z.boolean(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    file: KycDocumentFile,
    backFile: KycDocumentFile.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'KycDocument' });
export type KycDocument = z.infer<typeof KycDocument>;

export const KycDocumentUploadReply = z.object({ documents: z.array(KycDocument) });
export type KycDocumentUploadReply = z.infer<typeof KycDocumentUploadReply>;

export const KycDocumentListReply = z.object({ documents: z.array(KycDocument) });
export type KycDocumentListReply = z.infer<typeof KycDocumentListReply>;
