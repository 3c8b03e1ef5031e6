import { inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { MAX_DOCUMENT_BYTES } from '../../../contract/verification.ts';

// What an uploaded document may be (docs/decisions/0061-document-checks.md): JPEG, PNG or PDF recognised by its
// bytes (file-type), never by its name or declared type; images of sane dimensions, decoded and re-encoded by sharp
// so nothing but pixels survives (EXIF location, comments, appended payloads); PDFs without scripts, actions that
// launch programs, embedded files or encryption, found by a scan of the file and of every stream it can inflate.

export type CheckedDocument = { contentType: 'image/jpeg' | 'image/png' | 'application/pdf'; bytes: Buffer };
export type DocumentRefusal = { refused: string; status: 413 | 422 };

export const MIN_IMAGE_SIDE = 200;
export const MAX_IMAGE_SIDE = 12_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

export const REFUSALS = {
  tooLarge: 'The file is larger than 10 MB. Please upload a smaller photo or scan.',
  empty: 'The file is empty.',
  type: 'Please upload a JPEG or PNG photo or a PDF document.',
  polyglot: 'This file contains more than a document. Please upload a plain photo or scan.',
  unreadableImage: 'We could not read this image. Please take a new photo and upload it again.',
  tooSmallImage: `This image is too small to read. Please upload a photo at least ${MIN_IMAGE_SIDE} pixels wide and high.`,
  tooBigImage: `This image is too large (more than ${MAX_IMAGE_SIDE} pixels on a side or ${MAX_IMAGE_PIXELS / 1_000_000} megapixels). Please upload a smaller photo.`,
  pdfActive: 'This PDF contains scripts, actions or attached files. Please upload a plain PDF or a photo of the document.',
  pdfEncrypted: 'This PDF is password-protected or encrypted. Please upload an unprotected PDF or a photo of the document.',
  pdfBroken: 'We could not read this PDF. Please upload it again or send a photo of the document.',
} as const;

// Signs of a second format hidden in an image: a PDF, a ZIP archive (both its first and its last record), markup and
// scripts a browser or an interpreter would run. An image has no reason to hold any of them; re-encoding drops them
// anyway. Markers are long enough (or paired) that compressed pixels do not spell them by chance.
const ALL_OF = (...markers: string[]) => markers.map((marker) => Buffer.from(marker, 'latin1'));
const FOREIGN_MARKERS: Buffer[][] = [
  ALL_OF('%PDF-'),
  ALL_OF('PK\x03\x04', 'PK\x05\x06'),
  ...['<script', '<html', '<?php', '<!doctype'].flatMap((marker) => [ALL_OF(marker), ALL_OF(marker.toUpperCase())]),
];
const hasForeignMarker = (bytes: Buffer) => FOREIGN_MARKERS.some((markers) => markers.every((marker) => bytes.includes(marker)));
const IEND = Buffer.from('IEND', 'latin1');
/** Bytes after a PNG's IEND chunk (its 4-byte CRC) are another file riding along. */
const pngTrailer = (bytes: Buffer) => {
  const end = bytes.lastIndexOf(IEND);
  return end < 0 ? 0 : bytes.length - (end + 8);
};

/** Checks an upload and gives back what we store: re-encoded pixels for an image, the PDF as sent. */
export async function checkDocument(bytes: Buffer): Promise<CheckedDocument | DocumentRefusal> {
  if (bytes.length > MAX_DOCUMENT_BYTES) return { refused: REFUSALS.tooLarge, status: 413 };
  if (bytes.length === 0) return { refused: REFUSALS.empty, status: 422 };
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === 'image/jpeg' || detected?.mime === 'image/png') return checkImage(bytes, detected.mime);
  if (detected?.mime === 'application/pdf' && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return checkPdf(bytes);
  return { refused: REFUSALS.type, status: 422 };
}

async function checkImage(bytes: Buffer, mime: 'image/jpeg' | 'image/png'): Promise<CheckedDocument | DocumentRefusal> {
  if (hasForeignMarker(bytes) || (mime === 'image/png' && pngTrailer(bytes) > 0)) return { refused: REFUSALS.polyglot, status: 422 };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { refused: REFUSALS.unreadableImage, status: 422 };
  }
  const { width = 0, height = 0 } = metadata;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) return { refused: REFUSALS.tooBigImage, status: 422 };
  if (width < MIN_IMAGE_SIDE || height < MIN_IMAGE_SIDE) return { refused: REFUSALS.tooSmallImage, status: 422 };
  try {
    // rotate(): the EXIF orientation is applied to the pixels before the metadata (EXIF, XMP, ICC, comments) goes.
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
    const clean = mime === 'image/jpeg' ? await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer() : await image.png({ compressionLevel: 9 }).toBuffer();
    return { contentType: mime, bytes: clean };
  } catch {
    return { refused: REFUSALS.unreadableImage, status: 422 };
  }
}

// PDF names may spell letters as #xx escapes (`/J#61vaScript`): decode them before looking.
const decodeNames = (source: string) =>
  source.replace(/\/[^\s/<>[\]()%{}]*/g, (name) => name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))));
const ACTIVE_NAMES = /\/(JavaScript|JS|Launch|EmbeddedFile|EmbeddedFiles|RichMedia|XFA|SubmitForm|ImportData|GoToE)(?![A-Za-z0-9])/;
const ENCRYPTED = /\/Encrypt(?![A-Za-z0-9])/;
const MAX_INFLATED = 64 * 1024 * 1024;

/** Every stream body of the file, inflated where it is Flate-compressed (object streams hide dictionaries there). */
function* inflatedStreams(source: Buffer): Generator<string> {
  const text = source.toString('latin1');
  const pattern = /stream\r?\n/g;
  let budget = MAX_INFLATED;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) return;
    pattern.lastIndex = end;
    if (budget <= 0) throw new Error('too much to inflate');
    try {
      const inflated = inflateSync(source.subarray(start, end), { maxOutputLength: budget });
      budget -= inflated.length;
      yield inflated.toString('latin1');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw error;
      // Not Flate (an image's DCT data, say) or truncated: nothing to read inside.
    }
  }
}

function checkPdf(bytes: Buffer): CheckedDocument | DocumentRefusal {
  const text = bytes.toString('latin1');
  const head = text.slice(0, 1024).toLowerCase();
  if (['<script', '<html', '<?php', '<svg'].some((marker) => head.includes(marker))) return { refused: REFUSALS.polyglot, status: 422 };
  // Data after the last %%EOF beyond line ends is something else riding along (a ZIP, an HTML page).
  const eof = text.lastIndexOf('%%EOF');
  if (eof < 0) return { refused: REFUSALS.pdfBroken, status: 422 };
  if (text.slice(eof + 5).trim().length > 0) return { refused: REFUSALS.polyglot, status: 422 };
  if (bytes.includes(Buffer.from('PK\x03\x04', 'latin1')) && bytes.includes(Buffer.from('PK\x05\x06', 'latin1')))
    return { refused: REFUSALS.polyglot, status: 422 };
  const plain = decodeNames(text);
  if (ENCRYPTED.test(plain)) return { refused: REFUSALS.pdfEncrypted, status: 422 };
  if (ACTIVE_NAMES.test(plain)) return { refused: REFUSALS.pdfActive, status: 422 };
  try {
    for (const stream of inflatedStreams(bytes)) {
      const inner = decodeNames(stream);
      if (ENCRYPTED.test(inner)) return { refused: REFUSALS.pdfEncrypted, status: 422 };
      if (ACTIVE_NAMES.test(inner)) return { refused: REFUSALS.pdfActive, status: 422 };
    }
  } catch {
    return { refused: REFUSALS.pdfBroken, status: 422 };
  }
  return { contentType: 'application/pdf', bytes };
}
