import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import {
  documentErrorField,
  KYC_MAX_DOCUMENTS_PER_UPLOAD,
  KYC_MESSAGES,
  type KycDocumentFieldsInput,
} from '@rampart/contracts';
import { AppError, isAppError } from '../../lib/app-error';

/** One fileN slot as it arrived: the raw bytes (or a text value where a file belongs) and the client's name. */
export interface UploadedPart {
  bytes: Buffer;
  /** The client's file name, untrusted and unsanitised: only ever stored as sanitised metadata. */
  filename: string | null;
  /** A text value was sent where a file belongs: it is no jpeg, png or pdf. */
  notAFile: boolean;
}

export interface UploadedDocument {
  index: number;
  fields: KycDocumentFieldsInput;
  front?: UploadedPart;
  back?: UploadedPart;
}

// Document 1, section 3: the per-index field names, mapped to the contracts' input names. fileN_related is read and
// ignored: the contact id is the server's (kyc_individuals.related_id), as in the individual record.
const TEXT_FIELDS = {
  label: 'label',
  country: 'country',
  document_type: 'documentType',
  document_subtype: 'documentSubtype',
  expires_on: 'expiresOn',
  // Decision 008: R20's issue date needs a field of its own; the spec's list has none.
  issued_on: 'issuedOn',
  identity: 'identity',
  identity_photo: 'identityPhoto',
  proof_of_address: 'proofOfAddress',
  metadata: 'metadata',
} as const satisfies Record<string, keyof KycDocumentFieldsInput>;
type TextField = keyof typeof TEXT_FIELDS;

const FIELD_NAME = /^file(\d{1,2})(?:_([a-z_]+))?$/;

export function tooLarge(): AppError {
  const message = KYC_MESSAGES.en.uploadTooLarge;
  return new AppError('payload_too_large', {
    message,
    details: { errors: [message], fields: { [documentErrorField('file')]: message } },
  });
}

function badRequest(message: string): AppError {
  return new AppError('bad_request', { message });
}

/**
 * Reads the whole multipart body into documents by index, counting every byte against the request limit (R11)
 * as it streams, so an oversized request stops at the limit instead of being buffered. Throws 4xx AppErrors only:
 * a malformed body is the client's fault, never a 500.
 */
export async function readDocumentUpload(request: FastifyRequest, limitBytes: number): Promise<UploadedDocument[]> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', { message: 'The upload must be sent as multipart/form-data' });
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge();

  const documents = new Map<number, UploadedDocument>();
  let total = 0;
  const documentAt = (index: number): UploadedDocument => {
    let doc = documents.get(index);
    if (!doc) {
      doc = { index, fields: {} };
      documents.set(index, doc);
    }
    return doc;
  };

  try {
    for await (const part of request.parts()) {
      const match = FIELD_NAME.exec(part.fieldname);
      const index = match ? Number(match[1]) : NaN;
      const suffix = match?.[2];
      if (!match || String(index) !== match[1] || index >= KYC_MAX_DOCUMENTS_PER_UPLOAD) {
        await drain(part);
        throw badRequest(`Unknown upload field: ${part.fieldname.slice(0, 40)}`);
      }
      const isFileSlot = suffix === undefined || suffix === 'back';
      if (!isFileSlot && suffix !== 'related' && !(suffix in TEXT_FIELDS)) {
        await drain(part);
        throw badRequest(`Unknown upload field: ${part.fieldname.slice(0, 40)}`);
      }
      const doc = documentAt(index);

      if (isFileSlot) {
        const side = suffix === 'back' ? 'back' : 'front';
        if (doc[side]) {
          await drain(part);
          throw badRequest(`The field ${part.fieldname} is sent twice`);
        }
        if (part.type === 'file') {
          const chunks: Buffer[] = [];
          for await (const chunk of part.file) {
            const buffer = chunk as Buffer;
            total += buffer.length;
            if (total > limitBytes) throw tooLarge();
            chunks.push(buffer);
          }
          // busboy stops at the per-file limit (set to the request limit) and marks the stream truncated.
          if (part.file.truncated) throw tooLarge();
          doc[side] = { bytes: Buffer.concat(chunks), filename: part.filename || null, notAFile: false };
        } else {
          total += textOf(part.value).length;
          if (total > limitBytes) throw tooLarge();
          doc[side] = { bytes: Buffer.alloc(0), filename: null, notAFile: true };
        }
        continue;
      }

      if (part.type === 'file') {
        await drain(part);
        throw badRequest(`The field ${part.fieldname} must be text, not a file`);
      }
      if (part.valueTruncated) throw badRequest(`The field ${part.fieldname} is too long`);
      const value = textOf(part.value);
      total += Buffer.byteLength(value);
      if (total > limitBytes) throw tooLarge();
      if (suffix === 'related') continue;
      const name = TEXT_FIELDS[suffix as TextField];
      if (doc.fields[name] !== undefined) throw badRequest(`The field ${part.fieldname} is sent twice`);
      doc.fields[name] = value;
    }
  } catch (error) {
    if (isAppError(error)) throw error;
    // @fastify/multipart's own limit errors carry 413 (files, fields, parts, file size); busboy's parse errors
    // (a broken boundary, a truncated body) carry nothing: both are the client's, so never a 500.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 413) throw tooLarge();
    throw new AppError('bad_request', {
      message: 'The upload could not be read as multipart/form-data',
      cause: error,
    });
  }
  return [...documents.values()].sort((a, b) => a.index - b.index);
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A file part must be read to its end before the parser moves on to the next part. */
async function drain(part: Multipart): Promise<void> {
  if (part.type === 'file') part.file.resume();
}
