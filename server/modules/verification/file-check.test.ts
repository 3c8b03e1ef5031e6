import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../../contract/verification.ts';
import { checkDocument, REFUSALS } from './file-check.ts';
import { ELF, flateObject, jpeg, pdf, png, WINDOWS_EXE, ZIP } from './fixtures.ts';

const refusal = async (bytes: Buffer) => {
  const result = await checkDocument(bytes);
  return 'refused' in result ? result.refused : undefined;
};

describe('checkDocument: what a document is, from its bytes', () => {
  it('takes a JPEG and a PNG, re-encoded, whatever they are called', async () => {
    const photo = await checkDocument(await jpeg());
    expect(photo).toMatchObject({ contentType: 'image/jpeg' });
    const scan = await checkDocument(await png());
    expect(scan).toMatchObject({ contentType: 'image/png' });
    if ('bytes' in scan) expect((await sharp(scan.bytes).metadata()).width).toBe(400);
  });

  it('strips the metadata of a photo (EXIF: location, author) by re-encoding its pixels', async () => {
    const original = await jpeg({ exif: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(Buffer.from('Secret Location Person'))).toBe(true);
    const checked = await checkDocument(original);
    if (!('bytes' in checked)) throw new Error(checked.refused);
    expect((await sharp(checked.bytes).metadata()).exif).toBeUndefined();
    expect(checked.bytes.includes(Buffer.from('Secret Location Person'))).toBe(false);
  });

  it('refuses a renamed executable and anything that is not JPEG, PNG or PDF', async () => {
    expect(await refusal(ELF)).toBe(REFUSALS.type);
    expect(await refusal(WINDOWS_EXE)).toBe(REFUSALS.type);
    expect(await refusal(ZIP)).toBe(REFUSALS.type);
    expect(await refusal(Buffer.from('<html><script>alert(1)</script></html>'))).toBe(REFUSALS.type);
    expect(
      await refusal(
        await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fff' } })
          .gif()
          .toBuffer(),
      ),
    ).toBe(REFUSALS.type);
    expect(await refusal(Buffer.alloc(0))).toBe(REFUSALS.empty);
  });

  it('refuses polyglots: an image carrying an archive, a PDF or a script; a PDF carrying a page or an archive', async () => {
    const photo = await jpeg();
    expect(await refusal(Buffer.concat([photo, ZIP]))).toBe(REFUSALS.polyglot);
    expect(await refusal(Buffer.concat([photo, pdf()]))).toBe(REFUSALS.polyglot);
    expect(await refusal(Buffer.concat([photo, Buffer.from('<script>fetch("//evil")</script>')]))).toBe(REFUSALS.polyglot);
    expect(await refusal(Buffer.concat([await png(), Buffer.from('anything after the end')]))).toBe(REFUSALS.polyglot);
    expect(await refusal(pdf({ after: '<html><body>hello</body></html>' }))).toBe(REFUSALS.polyglot);
    expect(await refusal(Buffer.concat([pdf(), ZIP]))).toBe(REFUSALS.polyglot);
  });

  it('refuses a PDF with JavaScript, however it is spelled or hidden, or with launch actions and attached files', async () => {
    expect(await checkDocument(pdf())).toMatchObject({ contentType: 'application/pdf' });
    expect(await refusal(pdf({ catalog: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>' }))).toBe(REFUSALS.pdfActive);
    expect(await refusal(pdf({ catalog: '/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >>' }))).toBe(REFUSALS.pdfActive);
    expect(await refusal(pdf({ objects: [flateObject('4 0 << /S /JavaScript /JS (app.alert(1)) >>')] }))).toBe(REFUSALS.pdfActive);
    expect(await refusal(pdf({ catalog: '/OpenAction << /S /Launch /F (calc.exe) >>' }))).toBe(REFUSALS.pdfActive);
    expect(await refusal(pdf({ catalog: '/Names << /EmbeddedFiles << /Names [] >> >>' }))).toBe(REFUSALS.pdfActive);
    // /JBIG2Decode and /JSON-like names are not /JS.
    expect(await checkDocument(pdf({ catalog: '/Lang (en) /JBIG2Globals 3 0 R /JSX 1' }))).toMatchObject({ contentType: 'application/pdf' });
  });

  it('refuses an encrypted PDF', async () => {
    expect(await refusal(pdf({ trailer: '/Encrypt << /Filter /Standard /V 2 >>' }))).toBe(REFUSALS.pdfEncrypted);
    expect(await refusal(pdf({ objects: [flateObject('<< /Type /XRef /Encrypt 9 0 R >>')] }))).toBe(REFUSALS.pdfEncrypted);
  });

  it('refuses an oversized image (too many pixels), a tiny one, a broken one, and a file over 10 MB (413)', async () => {
    const huge = await sharp({ create: { width: 13_000, height: 300, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(MAX_DOCUMENT_BYTES);
    expect(await refusal(huge)).toBe(REFUSALS.tooBigImage);
    const tall = await sharp({ create: { width: 7_500, height: 7_500, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await refusal(tall)).toBe(REFUSALS.tooBigImage);
    expect(await refusal(await png({ width: 50, height: 50 }))).toBe(REFUSALS.tooSmallImage);
    expect(await refusal((await jpeg()).subarray(0, 300))).toBe(REFUSALS.unreadableImage);
    expect(await checkDocument(Buffer.alloc(MAX_DOCUMENT_BYTES + 1))).toEqual({ refused: REFUSALS.tooLarge, status: 413 });
  });
});
