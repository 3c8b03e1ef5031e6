// Test documents for the verification suites (unit, HTTP, end-to-end helpers): made on the fly, no binary fixtures.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A photo-like JPEG (noise, so it compresses like a photo), optionally with EXIF metadata to be stripped. */
export async function jpeg({ width = 640, height = 400, exif = false, seed = 1 } = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < pixels.length; i += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    pixels[i] = state >> 23;
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (exif ? image.withExif({ IFD0: { Artist: 'Secret Location Person', ImageDescription: 'GPS 35.8989N 14.5146E' } }) : image)
    .jpeg({ quality: 80 })
    .toBuffer();
}

export async function png({ width = 400, height = 300 } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

/** A one-page PDF; `catalog` adds entries to the catalog dictionary, `trailer` to the trailer, `objects` more objects. */
export function pdf({ catalog = '', trailer = '', objects = [] as Buffer[], after = '' } = {}): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  const add = (body: Buffer) => {
    offsets.push(parts.reduce((sum, part) => sum + part.length, 0));
    parts.push(Buffer.from(`${offsets.length} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1'));
  };
  add(Buffer.from(`<< /Type /Catalog /Pages 2 0 R ${catalog} >>`, 'latin1'));
  add(Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 'latin1'));
  add(Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>', 'latin1'));
  for (const object of objects) add(object);
  const xref = parts.reduce((sum, part) => sum + part.length, 0);
  const table = [`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${table}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R ${trailer} >>\nstartxref\n${xref}\n%%EOF\n${after}`, 'latin1'));
  return Buffer.concat(parts);
}

/** A Flate-compressed stream object holding `content` (how object streams hide dictionaries). */
export function flateObject(content: string): Buffer {
  const data = deflateSync(Buffer.from(content, 'latin1'));
  return Buffer.concat([
    Buffer.from(`<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** The first bytes of a Linux executable and of a Windows one. */
export const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(2048, 1)]);
export const WINDOWS_EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 0)]);
/** A minimal ZIP archive (an empty file `a.txt`): a local header and an end-of-central-directory record. */
export const ZIP = Buffer.from(
  'PK\x03\x04\x14\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x05\x00\x00\x00a.txtPK\x05\x06\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00',
  'latin1',
);
