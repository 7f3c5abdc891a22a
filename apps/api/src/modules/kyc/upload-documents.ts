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
import { judgePdf } from './pdf-active-content';
import { reencodeImage } from './reencode-image';
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

const EXTENSION_OF: Record<KycDocumentMime, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/**
 * Markup or script a browser or a server would run. A polyglot starts as a valid JPEG, PNG or PDF and carries one of
 * these (appended, or in a comment or text chunk): no identity document needs them, so such a file is refused like any
 * other unrecognised one (decision 038). The tags are long enough that image data never holds one by chance (about one
 * in 10^11 per byte for five characters). What this misses in an image is dropped by its re-encoding, and a PDF's
 * scripts and actions are judged by its objects (decision 052).
 */
const ACTIVE_CONTENT = /<(?:script|html|body|iframe|object|embed|svg[\s>/]|\?php|!doctype)/i;

/** What the bytes are, and what is stored when they are accepted: an image's re-encoding, a PDF as it came. */
export interface InspectedFile {
  check: KycDocumentFileCheck;
  stored?: Buffer;
}

/**
 * docs/design-brief.md, section 6: the type is what the bytes are, whatever the name or the declared content type say.
 * Decision 052: an image is stored re-encoded from its pixels; a PDF with a script, an automatic action or encryption
 * is refused (`unsafe`).
 */
export async function inspectFile(bytes: Buffer): Promise<InspectedFile> {
  if (bytes.length === 0) return { check: { state: 'empty' } };
  const detected = await fileTypeFromBuffer(bytes);
  const mime = KYC_DOCUMENT_MIME_TYPES.find((m) => m === detected?.mime);
  if (!mime || ACTIVE_CONTENT.test(bytes.toString('latin1'))) return { check: { state: 'unrecognised' } };
  if (mime === 'application/pdf') {
    const verdict = await judgePdf(bytes);
    if (verdict === 'ok') return { check: { state: 'ok', mime }, stored: bytes };
    return { check: { state: verdict === 'active' ? 'unsafe' : 'unrecognised' } };
  }
  const reencoded = await reencodeImage(bytes, mime);
  return reencoded ? { check: { state: 'ok', mime }, stored: reencoded } : { check: { state: 'unrecognised' } };
}

async function inspectPart(part: UploadedPart | undefined): Promise<InspectedFile | undefined> {
  if (!part) return undefined;
  return part.notAFile ? { check: { state: 'unrecognised' } } : inspectFile(part.bytes);
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
export async function uploadDocuments(
  ctx: DocumentsContext,
  userId: string,
  uploaded: UploadedDocument[],
): Promise<{ documents: KycDocument[] }> {
  const individual = await findIndividual(ctx.db, userId);
  // Documents belong to the custodian contact made with the personal details (relatedId).
  if (!individual) throw new AppError('kyc_details_missing');
  if (uploaded.length === 0) {
    throw AppError.validation({ [documentErrorField('file')]: 'A value is required' });
  }

  const today = kycDocumentToday(ctx.clock.now());
  const checked = [];
  for (const doc of uploaded) {
    const front = await inspectPart(doc.front);
    const back = await inspectPart(doc.back);
    const problems = kycDocumentProblems(
      doc.fields,
      { ...(front ? { front: front.check } : {}), ...(back ? { back: back.check } : {}) },
      today,
    );
    // The field mapping has no index ('document file'), so one document's problems are reported at a time:
    // the lowest index first, which is the only one when the form uploads a single document.
    if (Object.keys(problems).length > 0) throw AppError.validation(problems);
    checked.push({ doc, front, back });
  }

  const written: string[] = [];
  try {
    const prepared: Array<Omit<NewKycDocument, 'userId' | 'relatedId' | 'now'>> = [];
    for (const { doc, front, back } of checked) {
      if (!doc.front || !front) throw new Error('a checked document lost its front file');
      const frontFile = await store(ctx.storage, doc.front, front, written);
      const backFile = doc.back && back ? await store(ctx.storage, doc.back, back, written) : null;
      prepared.push({
        index: doc.index,
        fields: normaliseKycDocumentFields(doc.fields),
        front: frontFile,
        back: backFile,
      });
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

/** Writes what inspection accepted (the re-encoded image, or the PDF), under the client's sanitised name as metadata. */
async function store(
  storage: FileStorage,
  part: UploadedPart,
  inspected: InspectedFile,
  written: string[],
): Promise<StoredFile> {
  const { check, stored } = inspected;
  if (check.state !== 'ok' || !stored) throw new Error('an accepted file has nothing to store');
  const key = await storage.put(stored, { extension: EXTENSION_OF[check.mime] });
  written.push(key);
  return {
    key,
    mime: check.mime,
    size: stored.length,
    sha256: createHash('sha256').update(stored).digest('hex'),
    name: sanitiseFileName(part.filename),
  };
}
