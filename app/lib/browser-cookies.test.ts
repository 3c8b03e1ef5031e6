import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCookie, writeCookie } from './browser-cookies.ts';

// The cookies the browser's own script writes are Secure like the server's (SPEC.md §3; issue 36).
describe('browser cookies', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('are written and cleared with Secure and Path=/', () => {
    const written: string[] = [];
    vi.stubGlobal('document', {
      set cookie(value: string) {
        written.push(value);
      },
    });
    writeCookie('trackingParams', '{"promo":"SPRING"}', { maxAge: 604_800, sameSite: 'lax' });
    writeCookie('ma_token', 'partner-42', { maxAge: 604_800, sameSite: 'strict' });
    clearCookie('ma_token');
    expect(written).toHaveLength(3);
    for (const cookie of written) {
      const attributes = cookie.split(';').map((part) => part.trim().toLowerCase());
      expect(attributes, cookie).toContain('secure');
      expect(attributes, cookie).toContain('path=/');
    }
  });
});
