import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_WAY_BACK } from './route-rules.ts';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('keeps a known route of this site with its query', () => {
    expect(safeRedirect('/deposit?bonus=true&bonusId=7')).toBe('/deposit?bonus=true&bonusId=7');
    expect(safeRedirect('/account/profile')).toBe('/account/profile');
    expect(safeRedirect('/en/account/wallet')).toBe('/en/account/wallet');
    expect(safeRedirect('/play/croupier-studio/lucky-wheel')).toBe('/play/croupier-studio/lucky-wheel');
    expect(safeRedirect('/slots')).toBe('/slots');
  });

  it('uses the first item of an array', () => {
    expect(safeRedirect(['/faq', '/about'])).toBe('/faq');
    expect(safeRedirect(['https://evil.example', '/faq'])).toBe('/');
  });

  it('sends anything else home: other sites, protocol tricks, unknown screens, nothing', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/account/admin',
      '/a/b/c/d',
      '',
      null,
      undefined,
      [],
    ]) {
      expect(safeRedirect(value as string | null | undefined), String(value)).toBe('/');
    }
  });

  it('carries only the query parameters our pages read, each short, and never an unbounded way back', () => {
    expect(safeRedirect(`/deposit?bonus=true&junk=${'x'.repeat(16_000)}&bonusId=7`)).toBe('/deposit?bonus=true&bonusId=7');
    expect(safeRedirect(`/deposit?bonusId=${'7'.repeat(101)}&bonus=true`)).toBe('/deposit?bonus=true');
    expect(safeRedirect('/account/transaction?page=2&page=3')).toBe('/account/transaction?page=2');
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 3000 }), { maxKeys: 12 }), (query) => {
        const target = safeRedirect(`/deposit?${new URLSearchParams(query)}`);
        expect(target.length).toBeLessThanOrEqual(MAX_WAY_BACK);
        expect(target.startsWith('/deposit')).toBe(true);
      }),
    );
  });
});
