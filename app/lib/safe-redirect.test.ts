import { describe, expect, it } from 'vitest';
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
});
