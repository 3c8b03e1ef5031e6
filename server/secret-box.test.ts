import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const key = () => randomBytes(32).toString('hex');

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, for any content', () => {
    const cipher = createSecretBox(key());
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), (content) => {
        const id = randomUUID();
        const plain = Buffer.from(content);
        const sealed = cipher.seal(plain, id);
        expect(cipher.open(sealed, id).equals(plain)).toBe(true);
      }),
    );
  });

  it('never shows the plaintext, and seals the same file differently each time', () => {
    const cipher = createSecretBox(key());
    const plain = Buffer.from('PASSPORT No 123456789 SURNAME DOE '.repeat(20));
    const id = randomUUID();
    const first = cipher.seal(plain, id);
    const second = cipher.seal(plain, id);
    expect(first.equals(second)).toBe(false);
    for (let start = 0; start + 16 <= plain.length; start += 16) expect(first.includes(plain.subarray(start, start + 16))).toBe(false);
  });

  it('detects tampering: any flipped bit, a cut, another document key or another encryption key', () => {
    const cipher = createSecretBox(key());
    const id = randomUUID();
    const sealed = cipher.seal(Buffer.from('the front of an identity card'), id);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: sealed.length * 8 - 1 }), (bit) => {
        const changed = Buffer.from(sealed);
        changed[bit >> 3]! ^= 1 << (bit & 7);
        expect(() => cipher.open(changed, id)).toThrow();
      }),
    );
    expect(() => cipher.open(sealed.subarray(0, sealed.length - 1), id)).toThrow();
    expect(() => cipher.open(sealed.subarray(0, 10), id)).toThrow();
    expect(() => cipher.open(sealed, randomUUID())).toThrow();
    expect(() => createSecretBox(key()).open(sealed, id)).toThrow();
  });

  it('wants a 256-bit key', () => {
    expect(() => createSecretBox('abc')).toThrow();
    expect(() => createSecretBox('z'.repeat(64))).toThrow();
  });
});
