import { crc32, deflateSync } from 'node:zlib';

/**
 * Tiny real files and multipart bodies for the upload tests: the server checks files by their bytes (decision 008),
 * so a test needs a real PNG, JPEG or PDF, however small.
 */

export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1×1 white PNG, built here chunk by chunk (signature, IHDR, IDAT, IEND). */
export function tinyPng(): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]); // 1×1, 8-bit RGB
  const idat = deflateSync(Buffer.from([0, 255, 255, 255])); // filter byte + one white pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** tinyPng() with `chunks` (made with pngChunk) between its IHDR and IDAT, and `after` appended past IEND. */
export function pngWith(chunks: Buffer[], after: Buffer = Buffer.alloc(0)): Buffer {
  const png = tinyPng();
  // The signature (8 bytes) and IHDR (25 bytes: length, type, 13 bytes of data, CRC) come first.
  return Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33), after]);
}

// A valid 1×1 grey JPEG (JFIF, 134 bytes): encoding one from scratch here would be longer than the rest of the file.
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** A valid one-page PDF with a correct cross-reference table. */
export function tinyPdf(): Buffer {
  return pdfWith();
}

/**
 * tinyPdf() with more in its catalog, its page and its trailer (PDF syntax, written as given: name escapes stay
 * escaped), and objects of its own from number 4 on.
 */
export function pdfWith(extra: { catalog?: string; page?: string; trailer?: string; objects?: string[] } = {}): Buffer {
  const more = (text: string | undefined) => (text ? `${text} ` : '');
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${more(extra.catalog)}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] ${more(extra.page)}>>`,
    ...(extra.objects ?? []),
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${more(extra.trailer)}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export type FormFile = { bytes: Buffer; name: string; type?: string };
export type Fields = Record<string, string | FormFile>;

/** A multipart body as a browser's FormData makes it. */
export function form(fields: Fields): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') data.append(name, value);
    else
      data.append(
        name,
        new Blob([new Uint8Array(value.bytes)], { type: value.type ?? 'application/octet-stream' }),
        value.name,
      );
  }
  return data;
}

/** The bytes and content type of a multipart request, ready for `inject`. */
export async function multipartBody(fields: Fields): Promise<{ payload: Buffer; contentType: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form(fields) });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

/** YYYY-MM-DD, `offsetDays` from `from` (UTC). */
export function isoDay(offsetDays: number, from: Date = new Date()): string {
  return new Date(from.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}
