import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_MESSAGES, KycDocumentUploadReply } from '@rampart/contracts';
import { createKycKit, validIndividual, type KycKit } from '../kits/kyc-test-kit';
import {
  isoDay,
  pdfWith,
  pngChunk,
  pngWith,
  TINY_JPEG,
  tinyPdf,
  tinyPng,
  type Fields,
  type FormFile,
} from '../upload-fixtures';
import { expectErrorShape } from './hardening-kit';

/**
 * The upload checks (decision 038), beyond the KYC document suite (which covers an HTML file named .png, an
 * empty file, an oversized request and a PDF named .png): polyglots, executables and scripts under image names, empty
 * and oversized back sides, and path-like names, on the KYC document upload. A refusal is a 4xx in the error shape
 * and leaves no row and no file behind.
 */
const M = KYC_MESSAGES.en;
const LIMIT = 64 * 1024;

const ascii = (text: string) => Buffer.from(text, 'latin1');
const SCRIPT = ascii('<html><body><script>fetch("/api/identity/user")</script></body></html>');

/** Polyglots: bytes that start as an accepted type and carry markup or a script a browser or shell would run. */
const POLYGLOTS: [string, Buffer][] = [
  ['a JPEG followed by an HTML page', Buffer.concat([TINY_JPEG, SCRIPT])],
  [
    'a JPEG whose comment segment holds a script',
    Buffer.concat([
      TINY_JPEG.subarray(0, 2),
      Buffer.from([0xff, 0xfe, 0x00, SCRIPT.length + 2]),
      SCRIPT,
      TINY_JPEG.subarray(2),
    ]),
  ],
  ['a PNG followed by a PHP script', Buffer.concat([tinyPng(), ascii('<?php system($_GET["c"]); ?>')])],
  [
    'a PNG with an SVG in a text chunk',
    Buffer.concat([
      tinyPng().subarray(0, 33),
      ascii('\x00\x00\x00\x40tEXtComment\x00<svg onload="alert(1)" xmlns="http://www.w3.org/2000/svg"/>'),
      tinyPng().subarray(33),
    ]),
  ],
  ['a PDF that is also an HTML page', Buffer.concat([tinyPdf(), SCRIPT])],
  ['a GIF header on an HTML page', Buffer.concat([ascii('GIF89a/*'), SCRIPT])],
];

/** Wrong types under the accepted names: refused by their bytes. */
const WRONG_TYPES: [string, FormFile][] = [
  [
    'a Windows executable named .png',
    {
      bytes: Buffer.concat([ascii('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(120), ascii('PE\x00\x00')]),
      name: 'photo.png',
      type: 'image/png',
    },
  ],
  [
    'an ELF executable named .jpg',
    {
      bytes: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]),
      name: 'id.jpg',
      type: 'image/jpeg',
    },
  ],
  ['a shell script named .pdf', { bytes: ascii('#!/bin/sh\nrm -rf /\n'), name: 'scan.pdf', type: 'application/pdf' }],
  [
    'an SVG named .png',
    {
      bytes: ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      name: 'face.png',
      type: 'image/png',
    },
  ],
  [
    'a ZIP named .jpg',
    { bytes: Buffer.concat([ascii('PK\x03\x04'), deflateSync(ascii('payload'))]), name: 'id.jpg', type: 'image/jpeg' },
  ],
  [
    'a GIF named .png',
    {
      bytes: Buffer.concat([ascii('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]),
      name: 'id.png',
      type: 'image/png',
    },
  ],
  ['a truncated PNG signature', { bytes: tinyPng().subarray(0, 4), name: 'id.png', type: 'image/png' }],
];

/**
 * Decision 052: images carrying what a browser would run, hidden from a search for tags: event handlers, a refresh,
 * UTF-16 text, HTML compressed in a zTXt chunk. Each is either refused or stored as nothing but its pixels.
 */
const text = (keyword: string, value: Buffer) => Buffer.concat([ascii(`${keyword}\x00`), value]);
const HIDDEN_IN_IMAGES: [string, Buffer, string[]][] = [
  [
    'a PNG whose text chunk holds an onerror handler',
    pngWith([pngChunk('tEXt', text('Comment', ascii('<img src=x onerror=alert(document.cookie)>')))]),
    ['onerror'],
  ],
  [
    'a PNG whose text chunk holds an ontoggle handler',
    pngWith([pngChunk('tEXt', text('Comment', ascii('<details open ontoggle=alert(1)>')))]),
    ['ontoggle'],
  ],
  [
    'a PNG whose iTXt chunk holds a meta refresh',
    pngWith([
      pngChunk(
        'iTXt',
        text(
          'Description',
          Buffer.concat([
            Buffer.from([0, 0, 0, 0]),
            ascii('<meta http-equiv=refresh content="0;url=https://evil.example/">'),
          ]),
        ),
      ),
    ]),
    ['http-equiv'],
  ],
  [
    'a PNG carrying a UTF-16 script after its end',
    pngWith([], Buffer.from('<script>alert(1)</script>', 'utf16le')),
    ['script'],
  ],
  [
    'a PNG whose zTXt chunk holds compressed HTML',
    pngWith([pngChunk('zTXt', Buffer.concat([ascii('Comment\x00\x00'), deflateSync(SCRIPT)]))]),
    ['script'],
  ],
  [
    'a JPEG whose comment holds an onerror handler',
    Buffer.concat([
      TINY_JPEG.subarray(0, 2),
      Buffer.from([0xff, 0xfe, 0x00, 0x2d]),
      ascii('<img src=x onerror=alert(document.cookie)>'),
      TINY_JPEG.subarray(2),
    ]),
    ['onerror'],
  ],
];

/** The PNG chunks of `png` in order, and how many bytes follow IEND. */
function pngChunks(png: Buffer): { types: string[]; trailing: number } {
  const types: string[] = [];
  let at = 8;
  while (at + 8 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    types.push(type);
    at += 12 + length;
    if (type === 'IEND') break;
  }
  return { types, trailing: png.length - at };
}

/** A stream object's text: its dictionary entries, /Length and its bytes. */
const pdfStream = (entries: string, bytes: Buffer) =>
  `<< ${entries} /Length ${bytes.length} >>\nstream\n${bytes.toString('latin1')}\nendstream`;

/** Decision 052: PDFs whose scripts or automatic actions were spelled past a search for /JavaScript and /Launch. */
const ACTIVE_PDFS: [string, () => Promise<Buffer> | Buffer][] = [
  [
    'a PDF whose JavaScript name tree is spelled /J#61vaScript',
    () =>
      pdfWith({
        catalog: '/Names << /J#61vaScript << /Names [(x) 4 0 R] >> >>',
        objects: ['<< /S /J#61vaScript /J#53 (app.alert(1)) >>'],
      }),
  ],
  [
    'a PDF whose link launches a program spelled /L#61unch',
    () =>
      pdfWith({
        page: '/Annots [4 0 R]',
        objects: ['<< /Type /Annot /Subtype /Link /Rect [0 0 72 72] /A << /S /L#61unch /F (cmd.exe) >> >>'],
      }),
  ],
  [
    'a PDF that opens a web address when opened (/OpenAction /URI)',
    () => pdfWith({ catalog: '/OpenAction << /S /URI /URI (https://evil.example/) >>' }),
  ],
  [
    'a PDF whose /OpenAction is a reference to an action',
    () => pdfWith({ catalog: '/OpenAction 4 0 R', objects: ['<< /S /URI /URI (https://evil.example/) >>'] }),
  ],
  [
    'a PDF whose /Open#41ction is spelled with an escape',
    () => pdfWith({ catalog: '/Open#41ction << /S /URI /URI (https://evil.example/) >>' }),
  ],
  [
    'a PDF whose page has an additional action (/AA)',
    () => pdfWith({ page: '/AA << /O << /S /URI /URI (https://evil.example/) >> >>' }),
  ],
  [
    'a PDF with an XFA form',
    () =>
      pdfWith({ catalog: '/AcroForm << /Fields [] /XFA 4 0 R >>', objects: ['<< /Length 0 >>\nstream\n\nendstream'] }),
  ],
  [
    'an encrypted PDF',
    () =>
      pdfWith({
        trailer:
          '/Encrypt << /Filter /Standard /V 1 /R 2 /O (0123456789abcdef0123456789abcdef) /U (0123456789abcdef0123456789abcdef) /P -4 >>',
      }),
  ],
  [
    'a PDF with a compressed object stream that does not say it is one (no /Type /ObjStm)',
    () =>
      pdfWith({
        objects: [
          pdfStream(
            '/N 1 /First 4 /Filter /FlateDecode',
            deflateSync(ascii('5 0 << /S /JavaScript /JS (app.alert(1)) >>')),
          ),
        ],
      }),
  ],
  [
    'a PDF whose JavaScript /OpenAction sits in a compressed object stream',
    async () => {
      const doc = await PDFDocument.create();
      doc.addPage([72, 72]);
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
      return Buffer.from(await doc.save({ useObjectStreams: true }));
    },
  ],
];

const PATH_NAMES = [
  '../../etc/passwd',
  '..\\..\\windows\\system32\\config\\sam',
  'a\u0000.png',
  '/etc/shadow',
  'C:\\boot.ini',
  '....//....//x.png',
  '%2e%2e%2fetc%2fpasswd',
  'con.png',
  '.htaccess',
  'x'.repeat(300) + '.png',
];

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe('hardening: the KYC document upload refuses what is not a document', () => {
  let k: KycKit;
  let token: string;
  let dataDir: string;
  let uploads: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rampart-hardening-uploads-'));
    uploads = path.join(dataDir, 'uploads');
    k = await createKycKit({
      env: { DATA_DIR: dataDir, UPLOAD_LIMIT_BYTES: String(LIMIT), RATE_LIMIT_PER_MINUTE: '0' },
    });
    token = await k.signedInUser('uploads@example.com');
    expect((await k.call('/api/contact/set/individualinfo', { token, body: validIndividual() })).status).toBe(200);
  });

  afterAll(async () => {
    await k?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const document = (file: FormFile, back?: FormFile): Fields => ({
    file0: file,
    file0_document_type: back ? 'drivers_license' : 'passport',
    file0_country: 'US',
    file0_expires_on: isoDay(365),
    file0_identity: 'true',
    ...(back ? { file0_back: back } : {}),
  });

  async function stored() {
    const { rows } = await k.t.db.query<{ n: bigint }>('SELECT count(*)::int8 AS n FROM kyc_documents');
    return { rows: Number(rows[0]?.n ?? 0n), files: (await filesUnder(dataDir)).length };
  }

  /** A 4xx in the error shape, with nothing stored; returns the error. */
  async function expectRefused(fields: Fields, label: string) {
    const before = await stored();
    const res = await k.upload(token, fields);
    expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, label).toBeLessThan(500);
    const body = expectErrorShape(res.status, JSON.stringify(res.body), label);
    expect(await stored(), `${label}: something was stored`).toEqual(before);
    return body;
  }

  it.each(POLYGLOTS)('refuses %s', async (label, bytes) => {
    for (const name of ['id.jpg', 'id.png', 'id.pdf']) {
      const body = await expectRefused(document({ bytes, name, type: 'image/jpeg' }), `${label} as ${name}`);
      expect(body.errors?.fields['document file']).toBe(M.fileType);
    }
    // On the back side too.
    await expectRefused(
      document(
        { bytes: tinyPng(), name: 'front.png', type: 'image/png' },
        { bytes, name: 'back.jpg', type: 'image/jpeg' },
      ),
      `${label} as the back side`,
    );
  });

  it.each(HIDDEN_IN_IMAGES)('stores %s as its pixels only, or refuses it', async (label, bytes, words) => {
    const before = await stored();
    const png = bytes[0] === 0x89;
    const res = await k.upload(
      token,
      document({ bytes, name: png ? 'id.png' : 'id.jpg', type: png ? 'image/png' : 'image/jpeg' }),
    );
    if (res.status !== 200) {
      const body = expectErrorShape(res.status, JSON.stringify(res.body), label);
      expect(body.errors?.fields['document file'], label).toBe(M.fileType);
      expect(await stored(), `${label}: something was stored`).toEqual(before);
      return;
    }
    const file = KycDocumentUploadReply.parse(res.body).documents[0]!.file;
    const onDisk = await Promise.all((await filesUnder(uploads)).map(async (f) => readFile(f)));
    const kept = onDisk.find((b) => createHash('sha256').update(b).digest('hex') === file.sha256);
    expect(kept, `${label}: the stored file is the one the reply names`).toBeDefined();
    for (const word of words) {
      for (const encoding of ['latin1', 'utf16le'] as const)
        expect(kept!.toString(encoding).toLowerCase(), `${label}: ${word} (${encoding})`).not.toContain(word);
    }
    if (png) {
      const { types, trailing } = pngChunks(kept!);
      // The image's own chunks, and the pixel density the encoder writes (two numbers and a unit).
      expect(
        types.filter((t) => !['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND', 'pHYs'].includes(t)),
        label,
      ).toEqual([]);
      expect(trailing, `${label}: bytes after IEND`).toBe(0);
    }
    // Still the same picture: one pixel, in the format sent.
    const meta = await sharp(kept).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: png ? 'png' : 'jpeg',
      width: 1,
      height: 1,
    });
  });

  it('stores a phone photo upright, without its EXIF (its orientation applied, its location gone)', async () => {
    // 4×2 pixels, to be shown turned a quarter (EXIF orientation 6), with GPS in its EXIF.
    const photo = await sharp({ create: { width: 4, height: 2, channels: 3, background: '#36c' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await k.upload(token, document({ bytes: photo, name: 'IMG_0001.jpg', type: 'image/jpeg' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const file = KycDocumentUploadReply.parse(res.body).documents[0]!.file;
    const onDisk = await Promise.all((await filesUnder(uploads)).map(async (f) => readFile(f)));
    const kept = onDisk.find((b) => createHash('sha256').update(b).digest('hex') === file.sha256)!;
    const meta = await sharp(kept).metadata();
    expect({
      format: meta.format,
      width: meta.width,
      height: meta.height,
      exif: meta.exif,
      orientation: meta.orientation,
    }).toEqual({
      format: 'jpeg',
      width: 2,
      height: 4,
      exif: undefined,
      orientation: undefined,
    });
  });

  it.each(ACTIVE_PDFS)('refuses %s, saying why', async (label, make) => {
    const bytes = await make();
    const body = await expectRefused(document({ bytes, name: 'statement.pdf', type: 'application/pdf' }), label);
    expect(body.errors?.fields['document file']).toBe(M.fileUnsafe);
  });

  it('accepts PDFs that only say which page to open, and ones written with compressed object streams', async () => {
    const made = await PDFDocument.create();
    made.addPage([72, 72]);
    const cases: [string, Buffer][] = [
      [
        'a destination as /OpenAction, as office suites write',
        pdfWith({ catalog: '/OpenAction [3 0 R /XYZ null null 0]' }),
      ],
      ['a PDF with object streams', Buffer.from(await made.save({ useObjectStreams: true }))],
      // Binary data (a font program here) holds any short name by chance in a large file: it is not read as objects.
      [
        'a font whose bytes happen to hold /JS and /AA',
        pdfWith({
          objects: [
            pdfStream(
              '/Length1 40',
              Buffer.concat([
                Buffer.from([0, 1, 0, 0]),
                ascii('/JS (x) /AA << >> /OpenAction << >>'),
                Buffer.from([0xff, 0xfe]),
              ]),
            ),
          ],
        }),
      ],
    ];
    for (const [label, bytes] of cases) {
      const res = await k.upload(token, document({ bytes, name: 'statement.pdf', type: 'application/pdf' }));
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(KycDocumentUploadReply.parse(res.body).documents[0]!.file).toMatchObject({
        mime: 'application/pdf',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
  });

  it.each(WRONG_TYPES)('refuses %s', async (label, file) => {
    const body = await expectRefused(document(file), label);
    expect(body.errors?.fields['document file']).toBe(M.fileType);
  });

  it('refuses an empty or oversized back side, storing nothing of the good front side', async () => {
    const front = { bytes: tinyPng(), name: 'front.png', type: 'image/png' };
    await expectRefused(
      document(front, { bytes: Buffer.alloc(0), name: 'back.png', type: 'image/png' }),
      'an empty back side',
    );
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(LIMIT + 1, 0x20)]);
    const body = await expectRefused(
      document(front, { bytes: big, name: 'back.pdf', type: 'application/pdf' }),
      'an oversized back side',
    );
    expect(body.code).toBe('payload_too_large');
  });

  it.each(PATH_NAMES)(
    'refuses a bad file under the path-like name %j, and stores a good one only under a server-made name',
    async (name) => {
      await expectRefused(
        document({ bytes: SCRIPT, name, type: 'image/png' }),
        `a script named ${JSON.stringify(name)}`,
      );
      // Decision 008: the client's name is never a path on the server; it is kept only as sanitised metadata.
      const before = await stored();
      const res = await k.upload(token, document({ bytes: tinyPng(), name, type: 'image/png' }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const saved = KycDocumentUploadReply.parse(res.body).documents[0]!;
      expect(saved.file.mime).toBe('image/png');
      for (const bad of ['/', '\\', '\u0000', '..']) expect(saved.file.name ?? '').not.toContain(bad);
      const after = await filesUnder(dataDir);
      expect(after.length).toBe(before.files + 1);
      for (const file of after) {
        expect(path.relative(uploads, file)).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.(jpg|png|pdf)$/);
      }
    },
  );
});
