// Plain constants, no zod: the SPA's capture screens import these without pulling in the schema library.

/** The identity-document verification session (decision 010): one per user. */
export const VERIFICATION_STATUSES = [
  'not_started',
  'capturing',
  'submitted',
  'accepted',
  'rejected',
  'review',
  'resubmit',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The provider's decisions (docs/sandbox.md, "Identity documents"). */
export const VERIFICATION_DECISIONS = ['accepted', 'rejected', 'review', 'resubmit'] as const;
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number];

/** A capture may be submitted from these states only; afterwards the session waits for (or has) a decision. */
export const VERIFICATION_SUBMITTABLE: readonly VerificationStatus[] = ['not_started', 'capturing', 'resubmit'];

/** The documents the capture widget accepts; all but the passport need a back side. */
export const VERIFICATION_DOCUMENT_TYPES = [
  'passport',
  'drivers_license',
  'government_id',
  'residence_permit',
] as const;
export type VerificationDocumentType = (typeof VERIFICATION_DOCUMENT_TYPES)[number];
export const VERIFICATION_BACK_REQUIRED: readonly VerificationDocumentType[] = [
  'drivers_license',
  'government_id',
  'residence_permit',
];

/** The continue-on-phone link: single use, valid this long. */
export const VERIFICATION_LINK_TTL_MINUTES = 15;

/** At most this many links per session in any such window (429 rate_limited beyond). */
export const VERIFICATION_SMS_PER_WINDOW = 5;

/** Document 2, section 5 rule of the phone form: at least this many characters. */
export const VERIFICATION_PHONE_MIN_LENGTH = 6;

const en = {
  linkInvalid: 'This link is not valid or has already been used.',
  linkExpired: 'This link has expired. Please ask for a new one.',
  alreadySubmitted: 'Your documents have already been submitted.',
  backRequired: 'Both sides of this document are required.',
  // The capture names uploaded files (docs/decisions/010): each is checked through its owner and its kind.
  documentNotFound: 'We could not find this document. Please upload it again.',
  /** `{type}` is the document's name from VERIFICATION_DOCUMENT_NAMES (wrongDocumentTypeMessage fills it in). */
  documentWrongType: 'This document is not a {type}.',
  documentExpired: 'This document has expired. Please use a valid one.',
  selfieMissing: 'Please take a selfie.',
  selfieNotImage: 'The selfie must be a photo (JPEG or PNG).',
  // The agreement waits for a capture: the custodian would have no document to check.
  verificationIncomplete: 'Please verify your identity before signing the agreement.',
  // The "socure" flag on: the identity-document service's own phone flow only (docs/feature-flags.md).
  captureOnPhoneOnly: 'Please take the photos on your phone, with the link we send you.',
} as const;

export type VerificationMessageKey = keyof typeof en;

// Typed against the English keys so a missing Spanish entry fails the build (R18).
const es: { readonly [K in VerificationMessageKey]: string } = {
  linkInvalid: 'Este enlace no es válido o ya se utilizó.',
  linkExpired: 'Este enlace ha caducado. Solicita uno nuevo.',
  alreadySubmitted: 'Tus documentos ya fueron enviados.',
  backRequired: 'Se requieren ambas caras de este documento.',
  documentNotFound: 'No encontramos este documento. Súbelo de nuevo.',
  documentWrongType: 'Este documento no es {type}.',
  documentExpired: 'Este documento ha caducado. Usa uno vigente.',
  selfieMissing: 'Tómate una selfie.',
  selfieNotImage: 'La selfie debe ser una foto (JPEG o PNG).',
  verificationIncomplete: 'Verifica tu identidad antes de firmar el acuerdo.',
  captureOnPhoneOnly: 'Haz las fotos con tu teléfono, desde el enlace que te enviamos.',
};

export const VERIFICATION_MESSAGES = { en, es } as const;

/** The document names that `documentWrongType` takes, with the article Spanish needs ("a" is in the English text). */
export const VERIFICATION_DOCUMENT_NAMES = {
  en: {
    passport: 'passport',
    drivers_license: "driver's license",
    government_id: 'government ID',
    residence_permit: 'residence permit',
  },
  es: {
    passport: 'un pasaporte',
    drivers_license: 'una licencia de conducir',
    government_id: 'un documento de identidad oficial',
    residence_permit: 'un permiso de residencia',
  },
} as const satisfies Record<'en' | 'es', Record<VerificationDocumentType, string>>;

/** 'This document is not a passport.' in the given language. */
export function wrongDocumentTypeMessage(type: VerificationDocumentType, language: 'en' | 'es' = 'en'): string {
  return VERIFICATION_MESSAGES[language].documentWrongType.replace(
    '{type}',
    VERIFICATION_DOCUMENT_NAMES[language][type],
  );
}
