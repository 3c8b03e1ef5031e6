import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanFileName, MAX_FILE_NAME_LENGTH } from './file-name.ts';

const BIDI_CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
// Nothing a name may show: controls, format characters (the bidirectional ones among them), lone surrogates,
// private-use and unassigned code points, line and paragraph separators.
const UNSHOWN = /[\p{C}\p{Zl}\p{Zp}]/u;
const CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

describe('cleanFileName', () => {
  it('shows a name with a right-to-left override as it really is', () => {
    // Displayed with the override, this reads "photoexe.png".
    expect(cleanFileName('photo\u202Egnp.exe', 'image/png')).toBe('photognp.exe');
    for (const control of BIDI_CONTROLS) expect(cleanFileName(`scan${control}.pdf`, 'application/pdf')).toBe('scan.pdf');
  });

  it('drops zero-width and other invisible characters, controls and line breaks', () => {
    expect(cleanFileName('pass\u200Bport\u200C\u200D\u2060\uFEFF\u00AD.jpg', 'image/jpeg')).toBe('passport.jpg');
    expect(cleanFileName('bill\r\nMarch\u2028 2024.pdf', 'application/pdf')).toBe('billMarch 2024.pdf');
    expect(cleanFileName('tag\u{E0041}\u{E0042}s.png', 'image/png')).toBe('tags.png');
  });

  it('keeps letters of every script, composed (NFC), and one space for any run of spaces', () => {
    expect(cleanFileName('Passeport e\u0301tudiant.jpg', 'image/jpeg')).toBe('Passeport \u00E9tudiant.jpg');
    expect(cleanFileName('جواز سفر.pdf', 'application/pdf')).toBe('جواز سفر.pdf');
    expect(cleanFileName('  my\u00A0\u3000 scan\t.png ', 'image/png')).toBe('my scan.png');
  });

  it('keeps the last path part, printable, and falls back to a plain name', () => {
    expect(cleanFileName('C:\\Users\\me\\passport scan.jpg', 'image/jpeg')).toBe('passport scan.jpg');
    expect(cleanFileName('../../etc/"pass<wd>"', 'application/pdf')).toBe('passwd');
    expect(cleanFileName('\u0001\u0002', 'image/png')).toBe('document.png');
    expect(cleanFileName('\u202E\u200B', 'image/jpeg')).toBe('document.jpg');
    expect(cleanFileName('uploads/..', 'application/pdf')).toBe('document.pdf');
    expect(cleanFileName(undefined, 'application/pdf')).toBe('document.pdf');
    expect(cleanFileName(null, 'image/png')).toBe('document.png');
    expect(cleanFileName(`${'a'.repeat(300)}.jpg`, 'image/jpeg')).toHaveLength(MAX_FILE_NAME_LENGTH);
    // Cut by code points, never inside a surrogate pair.
    expect(cleanFileName('📄'.repeat(200), 'image/jpeg')).toBe('📄'.repeat(MAX_FILE_NAME_LENGTH));
  });

  it('never shows a hidden character or a path, is NFC, never empty, and cleaning twice changes nothing', () => {
    // Any code point (lone surrogates too), with the troublesome ones often: controls, separators, spaces, dots, and
    // letters and marks that NFC composes or reorders.
    const risky = [...BIDI_CONTROLS, '\u200B', '\uFEFF', '\u0000', '\n', '\u2028', '/', '\\', ' ', '\u00A0', '.', '"', '<', '\uD800'];
    const composing = ['e', 'A', '\u0301', '\u030A', '\u0323', '\u212B', '\u1100', '\u1161', '\u11A8', '\u0F73'];
    const unit = fc.oneof(
      fc.constantFrom(...risky, ...composing),
      fc.integer({ min: 0, max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint)),
    );
    fc.assert(
      fc.property(fc.option(fc.string({ unit, maxLength: 300 })), fc.constantFrom(...CONTENT_TYPES), (name, contentType) => {
        const cleaned = cleanFileName(name, contentType);
        expect(cleaned).not.toMatch(UNSHOWN);
        expect(cleaned).not.toMatch(/[\\/"<>]/);
        expect(cleaned).toBe(cleaned.normalize('NFC'));
        expect(cleaned.trim()).toBe(cleaned);
        expect(cleaned.length).toBeGreaterThan(0);
        expect([...cleaned].length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
        expect(cleanFileName(cleaned, contentType)).toBe(cleaned);
      }),
      { numRuns: 2000 },
    );
  });
});
