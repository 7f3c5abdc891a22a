import { inflateSync } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFStream,
  type PDFObject,
} from 'pdf-lib';

/**
 * Decision 052: a PDF reader runs these by itself, or they hold a script: JavaScript actions and name trees (/JS,
 * /JavaScript), launching a program (/Launch), actions on opening a page or field or the document (/AA), XFA forms
 * (their scripts run when the form opens). /OpenAction is judged apart: a destination (an array: which page to show)
 * is what office suites write and is kept; an action (a dictionary, or a reference the reader follows) is refused.
 */
const REFUSED = ['JavaScript', 'JS', 'Launch', 'AA', 'XFA'];
const REFUSED_NAMES = new Set(REFUSED.map((name) => PDFName.of(name)));
const OPEN_ACTION = PDFName.of('OpenAction');

/** A name token: a solidus and every character up to the next white-space or delimiter (PDF 32000-1, 7.3.5). */
const NAME_TOKEN = /\/[^\0\t\n\f\r ()<>[\]{}/%]*/g;
const PDF_WHITE_SPACE = /^[\0\t\n\f\r ]*/;

const FLATE = PDFName.of('FlateDecode');
/** One stream inflated past this is refused rather than judged (a compression bomb, or nothing a document needs). */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
/** Object streams under other filter chains are decoded by pdf-lib, which sets no limit: only this small. */
const MAX_OTHER_FILTER_BYTES = 64 * 1024;
const MAX_DEPTH = 100;

/** `#xx` escapes in a name decoded: `/J#61vaScript` is /JavaScript to a reader (PDF 32000-1, 7.3.5). */
function decodeName(token: string): string {
  return token.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Scans PDF syntax as text (latin1): every name token, escapes decoded. */
function textHasActiveName(text: string): boolean {
  for (const match of text.matchAll(NAME_TOKEN)) {
    const name = decodeName(match[0].slice(1));
    if (REFUSED.includes(name)) return true;
    if (name === 'OpenAction') {
      const after = text
        .slice(match.index + match[0].length, match.index + match[0].length + 256)
        .replace(PDF_WHITE_SPACE, '');
      if (!after.startsWith('[')) return true;
    }
  }
  return false;
}

/** The file's text with the bodies of its streams (between `stream` and its end of line, and `endstream`) left out. */
function outsideStreams(text: string): string {
  const parts: string[] = [];
  let at = 0;
  for (let keyword = text.indexOf('stream', at); keyword >= 0; keyword = text.indexOf('stream', at)) {
    const after = keyword + 'stream'.length;
    const eol = text.startsWith('\r\n', after)
      ? after + 2
      : text[after] === '\n' || text[after] === '\r'
        ? after + 1
        : -1;
    if (text.startsWith('end', keyword - 3) || eol < 0) {
      parts.push(text.slice(at, after));
      at = after;
      continue;
    }
    parts.push(text.slice(at, eol));
    const end = text.indexOf('endstream', eol);
    at = end < 0 ? text.length : end;
  }
  parts.push(text.slice(at));
  return parts.join(' ');
}

function filtersOf(dict: PDFDict): PDFName[] | null {
  const filter = dict.lookup(PDFName.of('Filter'));
  if (filter === undefined) return [];
  if (filter instanceof PDFName) return [filter];
  if (filter instanceof PDFArray) {
    const names = filter.asArray().map((item) => dict.context.lookup(item));
    return names.every((n): n is PDFName => n instanceof PDFName) ? names : null;
  }
  return null;
}

/**
 * An object stream's decoded bytes judged as PDF syntax. pdf-lib reads those marked /Type /ObjStm; a reader also takes
 * objects from one without the mark, so every stream shaped like one (/First, /N: a reader needs both) is judged here.
 * Other streams (page contents, fonts, pictures, colour profiles) are never read as objects: their bytes, often
 * binary, are left alone (a search through them would find /JS or /AA by chance in a large file).
 */
function objectStreamIsActive(stream: PDFRawStream): boolean {
  const { dict } = stream;
  if (dict.lookup(PDFName.of('First')) === undefined && dict.lookup(PDFName.of('N')) === undefined) return false;
  const filters = filtersOf(dict);
  // A predictor reorders the inflated bytes past judging here; no writer puts one on an object stream.
  if (filters === null || dict.lookup(PDFName.of('DecodeParms')) !== undefined) return true;
  let decoded: Uint8Array;
  if (filters.length === 0) {
    decoded = stream.contents;
  } else if (filters.length === 1 && filters[0] === FLATE) {
    try {
      decoded = inflateSync(stream.contents, { maxOutputLength: MAX_INFLATED_BYTES });
    } catch (error) {
      // Too large to judge: refused. Not inflatable at all: a reader cannot read it either.
      return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    }
  } else {
    if (stream.contents.length > MAX_OTHER_FILTER_BYTES) return true;
    try {
      decoded = decodePDFRawStream(stream).decode();
    } catch {
      return false;
    }
  }
  return textHasActiveName(Buffer.from(decoded.buffer, decoded.byteOffset, decoded.byteLength).toString('latin1'));
}

function objectIsActive(object: PDFObject | undefined, depth: number): boolean {
  if (object === undefined) return false;
  if (depth > MAX_DEPTH) return true;
  if (object instanceof PDFName) return REFUSED_NAMES.has(object);
  if (object instanceof PDFArray) return object.asArray().some((item) => objectIsActive(item, depth + 1));
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      if (REFUSED_NAMES.has(key)) return true;
      if (key === OPEN_ACTION && !(value instanceof PDFArray)) return true;
      if (objectIsActive(value, depth + 1)) return true;
    }
    return false;
  }
  if (object instanceof PDFStream) {
    if (objectIsActive(object.dict, depth + 1)) return true;
    return object instanceof PDFRawStream && objectStreamIsActive(object);
  }
  return false;
}

/**
 * Decision 052: does this PDF hold a script or an automatic action, or is it encrypted (its objects then cannot be
 * read here)? Names are judged decoded (`/J#61vaScript`), in the file's text outside stream bodies, in every object
 * pdf-lib reads (those inside compressed object streams too) and in the decoded bytes of unmarked object streams.
 * `unreadable`: pdf-lib cannot read the file at all, and a reviewer's reader would have no better luck.
 */
export async function judgePdf(bytes: Uint8Array): Promise<'ok' | 'active' | 'unreadable'> {
  if (
    textHasActiveName(outsideStreams(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')))
  )
    return 'active';
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return 'unreadable';
  }
  if (doc.isEncrypted) return 'active';
  return doc.context.enumerateIndirectObjects().some(([, object]) => objectIsActive(object, 0)) ? 'active' : 'ok';
}
