// Plain constants, no zod: the SPA's KYC screens and guards import these without pulling in the schema library.

/**
 * KYC messages. English word for word from document 2, section 5 where it gives them (date of birth, phone);
 * the rest are new and exist in both locales (R18).
 */
const en = {
  invalidDate: 'Invalid Date.',
  dateInPast: 'Date must be in the past.',
  // R7: the check is the real age from the full date (at least 18), the text stays the original's.
  olderThan18: 'Must be older than 18.',
  invalidPhone: 'Invalid Phone',
  countryNotSupported: 'This country is not supported.',
  regionNotSupported: 'This state is not supported.',
  signatureMismatch: 'The signature must be your first and last name as entered in your details.',
  detailsMissing: 'Please complete your personal details first.',
  alreadySubmitted: 'Your application has already been submitted.',
  agreementUnavailable: "Something went wrong and we couldn't fetch your Custodial Agreement...",
  fileType: 'Only JPEG, PNG or PDF files are accepted.',
  // Decision 052: a PDF with scripts, automatic actions or a password.
  fileUnsafe:
    'This PDF has scripts, automatic actions or a password. Save it again without them (for example with Print to PDF) or upload a photo.',
  fileEmpty: 'The file is empty.',
  uploadTooLarge: 'The upload is larger than 60 MB.',
  documentExpired: 'The document has expired.',
  backRequired: 'Both sides of this document are required.',
} as const;

export type KycMessageKey = keyof typeof en;

// Typed against the English keys so a missing Spanish entry fails the build (R18).
const es: { readonly [K in KycMessageKey]: string } = {
  invalidDate: 'Fecha no válida.',
  dateInPast: 'La fecha debe ser anterior a hoy.',
  olderThan18: 'Debes ser mayor de 18 años.',
  invalidPhone: 'Teléfono no válido',
  countryNotSupported: 'Este país no está disponible.',
  regionNotSupported: 'Este estado no está disponible.',
  signatureMismatch: 'La firma debe ser tu nombre y apellido tal como aparecen en tus datos.',
  detailsMissing: 'Completa primero tus datos personales.',
  alreadySubmitted: 'Tu solicitud ya fue enviada.',
  agreementUnavailable: 'Algo salió mal y no pudimos obtener tu Acuerdo de Custodia...',
  fileType: 'Solo se aceptan archivos JPEG, PNG o PDF.',
  fileUnsafe:
    'Este PDF tiene scripts, acciones automáticas o contraseña. Guárdalo de nuevo sin ellos (por ejemplo, con Imprimir a PDF) o sube una foto.',
  fileEmpty: 'El archivo está vacío.',
  uploadTooLarge: 'La carga supera los 60 MB.',
  documentExpired: 'El documento ha caducado.',
  backRequired: 'Se requieren ambas caras de este documento.',
};

export const KYC_MESSAGES = { en, es } as const;

/** R7: the minimum age in full years, counted from the full date of birth. */
export const KYC_MIN_AGE_YEARS = 18;

/** Document 2, section 5: a phone number shorter than this is 'Invalid Phone' before any parsing. */
export const KYC_PHONE_MIN_LENGTH = 6;

// The custodian's checks live in kyc-levels.ts: the SPA's first chunk reads them.
export { KYC_CHECK_NAMES, KYC_CHECK_STATUSES, type KycCheckName, type KycCheckStatus } from './kyc-levels';

/** Where `/user/country` took its answer from (R23). */
export const USER_COUNTRY_SOURCES = ['kyc', 'language', 'none'] as const;
export type UserCountrySource = (typeof USER_COUNTRY_SOURCES)[number];

/**
 * Document 2, section 5: upload field errors are named with the prefix 'document ' followed by the form field.
 * `documentFieldOf('document file')` gives 'file'; any other name is not a document field.
 */
export const DOCUMENT_FORM_FIELDS = [
  'file',
  'backFile',
  'documentType',
  'otherDocumentType',
  'issuedAt',
  'documentExpiration',
  'documentCountry',
  'documentRegion',
] as const;
export type DocumentFormField = (typeof DOCUMENT_FORM_FIELDS)[number];
export const DOCUMENT_FIELD_PREFIX = 'document ';

export function documentErrorField(field: DocumentFormField): string {
  return `${DOCUMENT_FIELD_PREFIX}${field}`;
}

export function documentFieldOf(errorField: string): DocumentFormField | undefined {
  if (!errorField.startsWith(DOCUMENT_FIELD_PREFIX)) return undefined;
  const name = errorField.slice(DOCUMENT_FIELD_PREFIX.length);
  return (DOCUMENT_FORM_FIELDS as readonly string[]).includes(name) ? (name as DocumentFormField) : undefined;
}

/** The signature of document 1, section 3: the first and last name joined by a space. */
export function signatureOf(name: { first: string; last: string }): string {
  return `${name.first.trim()} ${name.last.trim()}`;
}

/** Spaces and letter case do not make a different signature; everything else does. */
export function normaliseSignature(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}
