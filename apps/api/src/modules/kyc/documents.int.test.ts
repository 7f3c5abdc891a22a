import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp, { type Metadata } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KYC_DOCUMENT_MESSAGES,
  KYC_MESSAGES,
  KYC_UPLOAD_LIMIT_BYTES,
  KycDocumentListReply,
  KycDocumentUploadReply,
} from '@rampart/contracts';
import { createKycKit, validIndividual, type KycKit } from '../../../test/kits/kyc-test-kit';
import { testConfig } from '../../../test/helpers';
import { form, isoDay, TINY_JPEG, tinyPdf, tinyPng, type Fields } from '../../../test/upload-fixtures';

const M = KYC_MESSAGES.en;
const UPLOAD = '/api/fileupload-user-kyc-document-upload';
const LIST = '/api/fileupload-user-kyc-document-list';
// A low limit so the oversized case needs 70 KB, not 60 MB; the default (R11) is checked on its own below.
const TEST_LIMIT = 64 * 1024;

const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const passport = (file: { bytes: Buffer; name: string; type?: string }): Fields => ({
  file0: file,
  file0_document_type: 'passport',
  file0_country: 'US',
  file0_expires_on: isoDay(365),
  file0_identity: 'true',
});

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe('kyc: document upload and list', () => {
  let k: KycKit;
  let dataDir: string;
  let uploads: string;
  let token: string;

  /** `auth` null: no Authorization header. `streamed`: no content-length, so only the running count can stop it. */
  async function upload(fields: Fields, auth: string | null = token, options: { streamed?: boolean } = {}) {
    const request = new Request('http://localhost/', { method: 'POST', body: form(fields) });
    const payload = Buffer.from(await request.arrayBuffer());
    return k.call(UPLOAD, {
      ...(auth === null ? {} : { token: auth }),
      body: options.streamed ? Readable.from([payload.subarray(0, 1000), payload.subarray(1000)]) : payload,
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    });
  }

  async function userWithDetails(email: string): Promise<string> {
    const t = await k.signedInUser(email);
    expect((await k.call('/api/contact/set/individualinfo', { token: t, body: validIndividual() })).status).toBe(200);
    return t;
  }

  async function rowCount(): Promise<number> {
    const { rows } = await k.t.db.query<{ n: number | string }>('SELECT count(*) AS n FROM kyc_documents');
    return Number(rows[0]?.n);
  }

  /** Refused with new_validation_error and this message on this field, and nothing stored (rows or files). */
  async function expectRefused(fields: Fields, field: string, message: string) {
    const [rowsBefore, filesBefore] = [await rowCount(), (await filesUnder(uploads)).length];
    const body = k.expectError(await upload(fields), 400, 'validation_failed');
    expect(body.type).toBe('new_validation_error');
    expect(body.errors?.fields[field], JSON.stringify(body.errors)).toBe(message);
    expect(await rowCount()).toBe(rowsBefore);
    expect((await filesUnder(uploads)).length).toBe(filesBefore);
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rampart-docs-'));
    uploads = path.join(dataDir, 'uploads');
    k = await createKycKit({ env: { DATA_DIR: dataDir, UPLOAD_LIMIT_BYTES: String(TEST_LIMIT) } });
    token = await userWithDetails('docs@example.com');
  });
  afterAll(async () => {
    await k?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('limits an upload request to 60 MB unless configured lower (R11)', () => {
    expect(testConfig().uploadLimitBytes).toBe(KYC_UPLOAD_LIMIT_BYTES);
    expect(KYC_UPLOAD_LIMIT_BYTES).toBe(60 * 1024 * 1024);
    expect(() => testConfig({ UPLOAD_LIMIT_BYTES: String(KYC_UPLOAD_LIMIT_BYTES + 1) })).toThrow(/UPLOAD_LIMIT_BYTES/);
  });

  it('refuses both calls without a signed-in user', async () => {
    k.expectError(await upload(passport({ bytes: tinyPng(), name: 'p.png' }), null), 401, 'unauthenticated');
    k.expectError(await upload(passport({ bytes: tinyPng(), name: 'p.png' }), 'not-a-token'), 401, 'unauthenticated');
    k.expectError(await k.call(LIST, { body: {} }), 401, 'unauthenticated');
    expect(await rowCount()).toBe(0);
  });

  it('accepts a jpeg, a png and a pdf, recognised by their bytes, stored under server-made names', async () => {
    const png = tinyPng();
    const pdf = tinyPdf();
    const cases: Array<[Buffer, string, string]> = [
      [TINY_JPEG, 'scan.jpeg', 'image/jpeg'],
      [png, 'scan.png', 'image/png'],
      [pdf, 'scan.pdf', 'application/pdf'],
    ];
    const replies = [];
    for (const [bytes, name, mime] of cases) {
      const res = await upload(passport({ bytes, name }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [doc] = KycDocumentUploadReply.parse(res.body).documents;
      expect(doc).toMatchObject({
        documentType: 'passport',
        country: 'US',
        expiresOn: isoDay(365),
        identity: true,
        backFile: null,
      });
      expect(doc?.file).toMatchObject({ name, mime });
      replies.push(doc!.file);
    }
    const stored = await filesUnder(uploads);
    expect(stored).toHaveLength(3);
    for (const file of stored)
      expect(path.relative(uploads, file)).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.(jpg|png|pdf)$/);
    // The reply describes the bytes on disk: the PDF as sent, the images re-encoded from their pixels (decision 052),
    // the same size in pixels and the same format.
    const onDisk = await Promise.all(stored.map(async (f) => readFile(f)));
    expect(
      onDisk.map((b) => ({ size: b.length, sha256: sha256(b) })).sort((a, b) => a.sha256.localeCompare(b.sha256)),
    ).toEqual(
      replies.map((f) => ({ size: f.size, sha256: f.sha256 })).sort((a, b) => a.sha256.localeCompare(b.sha256)),
    );
    expect(onDisk.map(sha256)).toContain(sha256(pdf));
    const images = await Promise.all(onDisk.filter((b) => !b.equals(pdf)).map(async (b) => sharp(b).metadata()));
    const sent = await Promise.all([TINY_JPEG, png].map(async (b) => sharp(b).metadata()));
    const shape = (m: Metadata) => ({ format: m.format, width: m.width, height: m.height });
    expect(images.map(shape)).toEqual(expect.arrayContaining(sent.map(shape)));
    expect(images).toHaveLength(2);
  });

  it('stores a PDF named .png as a pdf, and keeps the client name only as sanitised metadata', async () => {
    const res = await upload(passport({ bytes: tinyPdf(), name: '../../etc/\u0000evil<1>.png', type: 'image/png' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [doc] = KycDocumentUploadReply.parse(res.body).documents;
    expect(doc?.file.mime).toBe('application/pdf');
    expect(doc?.file.name).toBe('evil_1_.png');
    const { rows } = await k.t.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM kyc_documents WHERE id = $1',
      [doc?.id],
    );
    expect(rows[0]?.storage_key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.pdf$/);
    expect((await filesUnder(path.join(dataDir, '..'))).some((f) => f.includes('evil'))).toBe(false);
  });

  it('refuses an HTML file named .png, and an empty file, with the file field message', async () => {
    await expectRefused(passport({ bytes: HTML, name: 'photo.png', type: 'image/png' }), 'document file', M.fileType);
    await expectRefused(
      passport({ bytes: Buffer.alloc(0), name: 'empty.png', type: 'image/png' }),
      'document file',
      M.fileEmpty,
    );
    await expectRefused(
      { ...passport({ bytes: tinyPng(), name: 'p.png' }), file0: 'not a file' },
      'document file',
      M.fileType,
    );
    const { file0: _omit, ...noFile } = passport({ bytes: tinyPng(), name: 'p.png' });
    await expectRefused(noFile, 'document file', 'A value is required');
  });

  it('applies R20: back side for cards and licences, expiry in the future, proof of address within 90 days', async () => {
    const licence: Fields = {
      file0: { bytes: TINY_JPEG, name: 'front.jpg' },
      file0_document_type: 'drivers_license',
      file0_country: 'US',
      file0_expires_on: isoDay(400),
    };
    await expectRefused(licence, 'document backFile', M.backRequired);
    await expectRefused({ ...licence, file0_document_type: 'government_id' }, 'document backFile', M.backRequired);
    await expectRefused({ ...licence, file0_back: { bytes: HTML, name: 'back.jpg' } }, 'document backFile', M.fileType);
    await expectRefused(
      { ...passport({ bytes: tinyPng(), name: 'p.png' }), file0_expires_on: '2020-01-31' },
      'document documentExpiration',
      M.documentExpired,
    );
    await expectRefused(
      { ...passport({ bytes: tinyPng(), name: 'p.png' }), file0_expires_on: isoDay(0) },
      'document documentExpiration',
      M.documentExpired,
    );
    await expectRefused(
      { ...passport({ bytes: tinyPng(), name: 'p.png' }), file0_expires_on: '2030-02-30' },
      'document documentExpiration',
      M.invalidDate,
    );
    const { file0_expires_on: _e, ...noExpiry } = passport({ bytes: tinyPng(), name: 'p.png' });
    await expectRefused(noExpiry, 'document documentExpiration', 'A value is required');

    const bill: Fields = {
      file0: { bytes: tinyPdf(), name: 'bill.pdf' },
      file0_document_type: 'proof_of_address',
      file0_country: 'US',
      file0_proof_of_address: 'true',
    };
    await expectRefused(bill, 'document issuedAt', 'A value is required');
    await expectRefused(
      { ...bill, file0_issued_on: isoDay(-91) },
      'document issuedAt',
      KYC_DOCUMENT_MESSAGES.en.issuedTooLongAgo,
    );
    await expectRefused(
      { ...bill, file0_issued_on: isoDay(2) },
      'document issuedAt',
      KYC_DOCUMENT_MESSAGES.en.issuedInFuture,
    );
    const okBill = await upload({ ...bill, file0_issued_on: isoDay(-90) });
    expect(okBill.status, JSON.stringify(okBill.body)).toBe(200);
    expect(KycDocumentUploadReply.parse(okBill.body).documents[0]).toMatchObject({
      documentType: 'proof_of_address',
      issuedOn: isoDay(-90),
      expiresOn: null,
      proofOfAddress: true,
    });

    const both = await upload({ ...licence, file0_back: { bytes: tinyPng(), name: 'back.png' } });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(KycDocumentUploadReply.parse(both.body).documents[0]?.backFile).toMatchObject({
      name: 'back.png',
      mime: 'image/png',
    });
  });

  it('refuses a missing or unknown document type, a missing subtype for other, and a bad country', async () => {
    const { file0_document_type: _t, ...noType } = passport({ bytes: tinyPng(), name: 'p.png' });
    await expectRefused(noType, 'document documentType', 'A value is required');
    await expectRefused(
      { ...noType, file0_document_type: 'library_card' },
      'document documentType',
      'Value does not exist in the required list',
    );
    const other: Fields = {
      file0: { bytes: tinyPng(), name: 'x.png' },
      file0_document_type: 'other',
      file0_country: 'US',
    };
    await expectRefused(other, 'document otherDocumentType', 'A value is required');
    await expectRefused(
      { ...other, file0_document_subtype: 'Tax letter', file0_country: 'XX' },
      'document documentCountry',
      'Value is not a valid country code',
    );
    // Document 2: a country code is valid only if it is in the list and not restricted.
    for (const restricted of ['IR', 'KP'])
      await expectRefused(
        { ...other, file0_document_subtype: 'Tax letter', file0_country: restricted },
        'document documentCountry',
        'This country is not supported.',
      );
    const ok = await upload({
      ...other,
      file0_document_subtype: 'Tax letter',
      file0_label: 'IRS letter',
      file0_metadata: '{"source":"scanner"}',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(KycDocumentUploadReply.parse(ok.body).documents[0]).toMatchObject({
      documentType: 'other',
      documentSubtype: 'Tax letter',
      label: 'IRS letter',
      metadata: { source: 'scanner' },
    });
  });

  it('refuses a NUL or a lone surrogate inside the metadata JSON, which the database would refuse or change (decision 051)', async () => {
    for (const metadata of [
      '{"note":"a\\u0000b"}',
      '{"note":"\\ud800"}',
      '{"a\\u0000":1}',
      '{"deep":[{"x":"\\udc00"}]}',
    ]) {
      const rowsBefore = await rowCount();
      const body = k.expectError(
        await upload({ ...passport({ bytes: tinyPng(), name: 'p.png' }), file0_metadata: metadata }),
        400,
        'validation_failed',
      );
      expect(body.errors?.errors, metadata).toContain(KYC_DOCUMENT_MESSAGES.en.metadataInvalid);
      expect(await rowCount()).toBe(rowsBefore);
    }
  });

  it('stores nothing when one document of several is bad', async () => {
    await expectRefused(
      {
        ...passport({ bytes: tinyPng(), name: 'good.png' }),
        file1: { bytes: TINY_JPEG, name: 'licence.jpg' },
        file1_document_type: 'drivers_license',
        file1_country: 'US',
        file1_expires_on: isoDay(30),
      },
      'document backFile',
      M.backRequired,
    );
  });

  it('refuses an oversized request with 413 in the error shape, storing nothing', async () => {
    const [rowsBefore, filesBefore] = [await rowCount(), (await filesUnder(uploads)).length];
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(TEST_LIMIT + 1024, 0x20)]);
    const body = k.expectError(await upload(passport({ bytes: big, name: 'big.pdf' })), 413, 'payload_too_large');
    expect(body.message).toBe(M.uploadTooLarge);
    expect(body.errors?.fields['document file']).toBe(M.uploadTooLarge);
    // Two files each under the limit, together over it: the limit is per request (R11).
    const half = Buffer.concat([tinyPdf(), Buffer.alloc(TEST_LIMIT / 2 + 1024, 0x20)]);
    const two = {
      ...passport({ bytes: half, name: 'a.pdf' }),
      file1: { bytes: half, name: 'b.pdf' },
      file1_document_type: 'other',
      file1_document_subtype: 'x',
      file1_country: 'US',
    };
    k.expectError(await upload(two), 413, 'payload_too_large');
    // Without a content-length (chunked), the reader's running count stops it.
    k.expectError(await upload(two, token, { streamed: true }), 413, 'payload_too_large');
    k.expectError(
      await upload(passport({ bytes: big, name: 'big.pdf' }), token, { streamed: true }),
      413,
      'payload_too_large',
    );
    // Just under the limit is fine.
    const fits = await upload(
      passport({ bytes: Buffer.concat([tinyPdf(), Buffer.alloc(TEST_LIMIT - 2048, 0x20)]), name: 'fits.pdf' }),
      token,
      { streamed: true },
    );
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    expect(await rowCount()).toBe(rowsBefore + 1);
    expect((await filesUnder(uploads)).length).toBe(filesBefore + 1);
  });

  it('answers 4xx, never 5xx, to bodies that are not a document upload', async () => {
    k.expectError(await k.call(UPLOAD, { token, body: { file0: 'x' } }), 415, 'unsupported_media_type');
    k.expectError(await upload({ ...passport({ bytes: tinyPng(), name: 'p.png' }), evil: 'x' }), 400, 'bad_request');
    k.expectError(
      await upload({
        ...passport({ bytes: tinyPng(), name: 'p.png' }),
        file0_document_type: { bytes: tinyPng(), name: 'x.png' },
      }),
      400,
      'bad_request',
    );
    const broken = await k.call(UPLOAD, {
      token,
      body: Buffer.from('--b\r\ncontent-disposition: form-data; name="file0"\r\n\r\nabc'),
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
    k.expectError(
      await k.call(UPLOAD, { token, body: Buffer.from('x'), headers: { 'content-type': 'multipart/form-data' } }),
      400,
      'bad_request',
    );
  });

  it('needs the personal details first', async () => {
    const fresh = await k.signedInUser('no-details@example.com');
    k.expectError(await upload(passport({ bytes: tinyPng(), name: 'p.png' }), fresh), 400, 'kyc_details_missing');
  });

  it("lists the caller's documents only, newest first, through real HTTP multipart too", async () => {
    const other = await userWithDetails('other-docs@example.com');
    const address = await k.t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}${UPLOAD}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other}` },
      body: form({
        ...passport({ bytes: TINY_JPEG, name: 'mine.jpg', type: 'image/jpeg' }),
        file1: { bytes: tinyPdf(), name: 'bill.pdf' },
        file1_document_type: 'proof_of_address',
        file1_country: 'US',
        file1_issued_on: isoDay(-3),
        file1_related: 'ct_forged',
      }),
    });
    expect(res.status).toBe(200);
    const sent = KycDocumentUploadReply.parse(await res.json()).documents;
    expect(sent.map((d) => d.documentType)).toEqual(['passport', 'proof_of_address']);

    const theirs = KycDocumentListReply.parse((await k.call(LIST, { token: other, body: {} })).body).documents;
    expect(theirs.map((d) => d.id)).toEqual(sent.map((d) => d.id));
    const mine = KycDocumentListReply.parse((await k.call(LIST, { token, body: {} })).body).documents;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.some((d) => sent.some((s) => s.id === d.id))).toBe(false);
    const { rows } = await k.t.db.query<{ related_id: string | null }>(
      'SELECT DISTINCT related_id FROM kyc_documents WHERE id = ANY($1::uuid[])',
      [sent.map((d) => d.id)],
    );
    expect(rows.map((r) => r.related_id)).toEqual([expect.stringMatching(/^ct_/)]);
  });

  it('documents both routes in the OpenAPI description', async () => {
    const doc = (await k.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { post?: unknown }>;
    };
    expect(doc.paths[UPLOAD]?.post).toBeDefined();
    expect(doc.paths[LIST]?.post).toBeDefined();
  });
});
