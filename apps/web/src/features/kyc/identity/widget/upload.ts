import { documentFieldOf, KYC_UPLOAD_LIMIT_BYTES, type VerificationDocumentType } from '@rampart/contracts';
import { needsBack } from '../model';

/**
 * The capture's two uploads to /fileupload-user-kyc-document-upload (document 1, section 3; decisions 008, 010):
 * the identity document (front, and back for every type but the passport), then the selfie. Two requests rather
 * than one with file0 and file1: the upload's error fields carry no index (decision 008), so a 'document file'
 * error names its file only when each request holds one document; and the selfie's request can be sent again on
 * its own when only the selfie was refused.
 */

export const UPLOAD_PATH = '/fileupload-user-kyc-document-upload';

/** Document 2, section 5: jpeg, png and pdf; the selfie is a photo. */
export const DOCUMENT_ACCEPT = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const SELFIE_ACCEPT = ['image/jpeg', 'image/png'] as const;

export interface DocumentInput {
  documentType: VerificationDocumentType;
  country: string;
  /** YYYY-MM-DD */
  expiresOn: string;
  front: File;
  back: File | null;
}

export function documentForm(input: DocumentInput): FormData {
  const form = new FormData();
  form.append('file0', input.front, input.front.name);
  if (needsBack(input.documentType) && input.back) form.append('file0_back', input.back, input.back.name);
  form.append('file0_document_type', input.documentType);
  form.append('file0_country', input.country);
  form.append('file0_expires_on', input.expiresOn);
  form.append('file0_identity', 'true');
  return form;
}

export function selfieForm(selfie: File, country: string): FormData {
  const form = new FormData();
  form.append('file0', selfie, selfie.name);
  form.append('file0_document_type', 'other');
  form.append('file0_document_subtype', 'selfie');
  form.append('file0_identity_photo', 'true');
  form.append('file0_country', country);
  return form;
}

/** The controls of the widget that a message can sit under. */
export const CAPTURE_FIELDS = [
  'documentType',
  'documentCountry',
  'documentExpiration',
  'file',
  'backFile',
  'selfie',
] as const;
export type CaptureField = (typeof CAPTURE_FIELDS)[number];
export type CaptureErrors = Partial<Record<CaptureField | 'form', string>>;

/**
 * The upload's error fields (document 2, section 5: 'document file', 'document backFile', ...) under the
 * widget's controls. In the selfie's request 'document file' is the selfie. Anything else becomes a message of
 * the whole form.
 */
export function errorsFromUpload(
  fields: Record<string, string>,
  request: 'document' | 'selfie',
): { mapped: CaptureErrors; rest: string[] } {
  const mapped: CaptureErrors = {};
  const rest: string[] = [];
  for (const [name, message] of Object.entries(fields)) {
    const field = documentFieldOf(name);
    let target: CaptureField | undefined;
    if (field === 'file') target = request === 'selfie' ? 'selfie' : 'file';
    else if (field === 'backFile' && request === 'document') target = 'backFile';
    else if (field === 'documentType' && request === 'document') target = 'documentType';
    else if (field === 'documentExpiration' && request === 'document') target = 'documentExpiration';
    else if (field === 'documentCountry') target = 'documentCountry';
    if (target) mapped[target] ??= message;
    else rest.push(message);
  }
  return { mapped, rest };
}

/** R11: 60 MB per upload request, files and fields together (a little room is kept for the fields). */
export function exceedsUploadLimit(files: ReadonlyArray<File | null>): boolean {
  const bytes = files.reduce((sum, file) => sum + (file?.size ?? 0), 0);
  return bytes > KYC_UPLOAD_LIMIT_BYTES - 64 * 1024;
}

export function isAccepted(file: File, accept: readonly string[]): boolean {
  // The server checks the bytes; this only saves a refused upload of an obviously wrong file.
  if (file.type === '')
    return /\.(jpe?g|png|pdf)$/i.test(file.name) && (accept.includes('application/pdf') || !/\.pdf$/i.test(file.name));
  return accept.includes(file.type);
}

/**
 * Overall progress of several requests, each weighted by its files' bytes: `done` requests complete, the
 * current one at loaded/total.
 */
export function overallPercent(weights: readonly number[], current: number, loaded: number, total: number): number {
  const all = weights.reduce((a, b) => a + b, 0);
  if (all <= 0) return 0;
  const finished = weights.slice(0, current).reduce((a, b) => a + b, 0);
  const part = total > 0 ? Math.min(1, loaded / total) : 0;
  return Math.min(100, Math.round(((finished + part * (weights[current] ?? 0)) / all) * 100));
}
