import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  documentErrorField,
  kycDocumentProblems,
  kycDocumentToday,
  normaliseKycDocumentFields,
  KYC_DOCUMENT_MIME_TYPES,
  type KycDocument,
  type KycDocumentFileCheck,
  type KycDocumentMime,
} from '@rampart/contracts';
import type { Db } from '../../db';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuthUser } from '../../plugins/auth';
import type { FileStorage } from '../../providers/storage/types';
import { findIndividual } from './repository';
import { insertKycDocument, type NewKycDocument, type StoredFile } from './documents-repository';
import type { UploadedDocument, UploadedPart } from './read-document-upload';

export interface DocumentsContext {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  /** R11: bytes per upload request (UPLOAD_LIMIT_BYTES). */
  uploadLimitBytes: number;
  /** Refuses a capture token whose capture was already submitted (decision 010); login tokens pass. */
  ensureCaptureOpen(user: AuthUser): Promise<void>;
}

const EXTENSION_OF: Record<KycDocumentMime, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

/**
 * Markup or script a browser, a server or a PDF reader would run. A polyglot starts as a valid JPEG, PNG or PDF and
 * carries one of these (appended, or in a comment or text chunk): no identity document needs them, so such a file is
 * refused like any other unrecognised one (decision 038). The tags are long enough that image data never holds one by
 * chance (about one in 10^11 per byte for five characters).
 */
const ACTIVE_CONTENT = /<(?:script|html|body|iframe|object|embed|svg[\s>/]|\?php|!doctype)|\/(?:JavaScript|Launch)\b/i;

/** ARCHITECTURE.md, section 6: the type is what the bytes are, whatever the name or the declared content type say. */
export async function checkFileBytes(bytes: Uint8Array): Promise<KycDocumentFileCheck> {
  if (bytes.length === 0) return { state: 'empty' };
  const detected = await fileTypeFromBuffer(bytes);
  const mime = KYC_DOCUMENT_MIME_TYPES.find((m) => m === detected?.mime);
  if (!mime || ACTIVE_CONTENT.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'))) return { state: 'unrecognised' };
  return { state: 'ok', mime };
}

async function checkPart(part: UploadedPart | undefined): Promise<KycDocumentFileCheck | undefined> {
  if (!part) return undefined;
  return part.notAFile ? { state: 'unrecognised' } : checkFileBytes(part.bytes);
}

/**
 * The client's file name as display metadata only: no folders, no control or format characters, no characters
 * that are special on common file systems, at most 100 characters. It never becomes part of a path.
 */
export function sanitiseFileName(name: string | null): string | null {
  if (!name) return null;
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  return cleaned ? [...cleaned].slice(0, 100).join('') : null;
}

/**
 * Validates every document of the request first and stores nothing unless all pass; then writes the files under
 * server-made keys and the rows in one transaction. A failure after the first file is written removes the files.
 */
export async function uploadDocuments(ctx: DocumentsContext, userId: string, uploaded: UploadedDocument[]): Promise<{ documents: KycDocument[] }> {
  const individual = await findIndividual(ctx.db, userId);
  // Documents belong to the custodian contact made with the personal details (relatedId).
  if (!individual) throw new AppError('kyc_details_missing');
  if (uploaded.length === 0) {
    throw AppError.validation({ [documentErrorField('file')]: 'A value is required' });
  }

  const today = kycDocumentToday(ctx.clock.now());
  const checked = [];
  for (const doc of uploaded) {
    const front = await checkPart(doc.front);
    const back = await checkPart(doc.back);
    const problems = kycDocumentProblems(doc.fields, { ...(front ? { front } : {}), ...(back ? { back } : {}) }, today);
    // The field mapping has no index ('document file'), so one document's problems are reported at a time:
    // the lowest index first, which is the only one when the form uploads a single document.
    if (Object.keys(problems).length > 0) throw AppError.validation(problems);
    checked.push({ doc, front, back });
  }

  const written: string[] = [];
  try {
    const prepared: Array<Omit<NewKycDocument, 'userId' | 'relatedId' | 'now'>> = [];
    for (const { doc, front, back } of checked) {
      if (!doc.front || front?.state !== 'ok') throw new Error('a checked document lost its front file');
      const frontFile = await store(ctx.storage, doc.front, front.mime, written);
      const backFile = doc.back && back?.state === 'ok' ? await store(ctx.storage, doc.back, back.mime, written) : null;
      prepared.push({ index: doc.index, fields: normaliseKycDocumentFields(doc.fields), front: frontFile, back: backFile });
    }
    const now = ctx.clock.now();
    const documents = await ctx.db.transaction(async (tx) => {
      const saved: KycDocument[] = [];
      for (const p of prepared) {
        saved.push(await insertKycDocument(tx, { userId, relatedId: individual.related_id, now, ...p }));
      }
      return saved;
    });
    return { documents };
  } catch (error) {
    await Promise.all(written.map((key) => ctx.storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

async function store(storage: FileStorage, part: UploadedPart, mime: KycDocumentMime, written: string[]): Promise<StoredFile> {
  const key = await storage.put(part.bytes, { extension: EXTENSION_OF[mime] });
  written.push(key);
  return {
    key,
    mime,
    size: part.bytes.length,
    sha256: createHash('sha256').update(part.bytes).digest('hex'),
    name: sanitiseFileName(part.filename),
  };
}
