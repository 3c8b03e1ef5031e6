import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forbiddenField, hasForbiddenCharacter } from './input-guard.ts';

const clean = fc.string({ unit: 'grapheme' }).filter((value) => !value.includes('\u0000'));
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    clean,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.stringMatching(/^[a-z_]{1,8}$/), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('hasForbiddenCharacter', () => {
  it('refuses NUL and lone surrogates, keeps everything else', () => {
    expect(hasForbiddenCharacter('a\u0000b')).toBe(true);
    expect(hasForbiddenCharacter('\ud800')).toBe(true);
    expect(hasForbiddenCharacter('x\udc00')).toBe(true);
    expect(hasForbiddenCharacter('🎰 Ħal Qormi — €5')).toBe(false);
    expect(hasForbiddenCharacter('')).toBe(false);
  });
});

describe('forbiddenField', () => {
  it('finds nothing in clean input', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(forbiddenField(value, '')).toBeUndefined();
      }),
    );
  });

  it('names the field that holds a NUL, however deep', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 6 }), clean, (path, text) => {
        const value = path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), `${text}\u0000`);
        expect(forbiddenField(value, '')).toBe(path.join('.'));
      }),
    );
    expect(forbiddenField({ bets: [{ amount: 1 }, { type: 'red\u0000' }] }, '')).toBe('bets.1.type');
  });

  it('refuses a NUL in a key and passes over binary bodies', () => {
    expect(forbiddenField({ 'a\u0000': 1 }, '')).toBe('body');
    expect(forbiddenField(Buffer.from('a\u0000b'), '')).toBeUndefined();
  });
});
