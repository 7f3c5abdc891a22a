// Plain constants, no zod: the SPA's capture screens import these without pulling in the schema library.

/** The identity-document verification session (issue 4): one per user. */
export const VERIFICATION_STATUSES = ['not_started', 'capturing', 'submitted', 'accepted', 'rejected', 'review', 'resubmit'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The provider's decisions (docs/sandbox.md, "Identity documents"). */
export const VERIFICATION_DECISIONS = ['accepted', 'rejected', 'review', 'resubmit'] as const;
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number];

/** A capture may be submitted from these states only; afterwards the session waits for (or has) a decision. */
export const VERIFICATION_SUBMITTABLE: readonly VerificationStatus[] = ['not_started', 'capturing', 'resubmit'];

/** The documents the capture widget accepts; all but the passport need a back side. */
export const VERIFICATION_DOCUMENT_TYPES = ['passport', 'drivers_license', 'government_id', 'residence_permit'] as const;
export type VerificationDocumentType = (typeof VERIFICATION_DOCUMENT_TYPES)[number];
export const VERIFICATION_BACK_REQUIRED: readonly VerificationDocumentType[] = ['drivers_license', 'government_id', 'residence_permit'];

/** The continue-on-phone link: single use, valid this long. */
export const VERIFICATION_LINK_TTL_MINUTES = 15;

/** At most this many links per session in any such window (429 rate_limited beyond). */
export const VERIFICATION_SMS_PER_WINDOW = 5;

/** Document 2, section 5 rule of the phone form: at least this many characters. */
export const VERIFICATION_PHONE_MIN_LENGTH = 6;

export const VERIFICATION_MESSAGES = {
  en: {
    linkInvalid: 'This link is not valid or has already been used.',
    linkExpired: 'This link has expired. Please ask for a new one.',
    alreadySubmitted: 'Your documents have already been submitted.',
    backRequired: 'Both sides of this document are required.',
  },
  es: {
    linkInvalid: 'Este enlace no es válido o ya se utilizó.',
    linkExpired: 'Este enlace ha caducado. Solicita uno nuevo.',
    alreadySubmitted: 'Tus documentos ya fueron enviados.',
    backRequired: 'Se requieren ambas caras de este documento.',
  },
} as const;
