import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { realtimeSource, thirdPartySources, urlCarriesToken } from './security-headers.ts';

const secret = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const tokenPages = ['/account/reset-password/', '/player/activate/', '/refer-a-friend/', '/api/password/find/', '/sandbox-gateway/checkout/'];

describe('urlCarriesToken', () => {
  it('holds for every token page, under /en, in any letter case, as a data request and with any query', () => {
    fc.assert(
      fc.property(fc.constantFrom(...tokenPages), secret, fc.boolean(), fc.boolean(), fc.boolean(), fc.string(), (page, token, en, upper, data, query) => {
        const path = `${en && !page.startsWith('/api') && !page.startsWith('/sandbox') ? '/en' : ''}${page}${token}${data ? '.data' : ''}`;
        const url = `${upper ? path.toUpperCase() : path}?${new URLSearchParams({ q: query })}`;
        expect(urlCarriesToken(url)).toBe(true);
      }),
    );
  });

  it('holds for any page whose query carries a sign-in link token', () => {
    fc.assert(
      fc.property(fc.webPath(), secret, fc.dictionary(fc.string(), fc.string()), (path, token, others) => {
        const query = new URLSearchParams({ ...others, 'magic-token': token });
        expect(urlCarriesToken(`${path || '/'}?${query}`)).toBe(true);
      }),
    );
  });

  it('does not hold for pages that only share a prefix, or carry other queries', () => {
    expect(urlCarriesToken('/')).toBe(false);
    expect(urlCarriesToken('/en/account/wallet')).toBe(false);
    expect(urlCarriesToken('/account/reset-passwords')).toBe(false);
    expect(urlCarriesToken('/refer-a-friendship')).toBe(false);
    expect(urlCarriesToken('/reset-password')).toBe(false);
    expect(urlCarriesToken('/api/password/create')).toBe(false);
    expect(urlCarriesToken('/slots?token=affiliate-7&magic=1')).toBe(false);
    expect(urlCarriesToken('/faq?next=magic-token')).toBe(false);
  });

  it('holds for the bare referral page, whose uuid is optional', () => {
    expect(urlCarriesToken('/refer-a-friend')).toBe(true);
    expect(urlCarriesToken('/en/refer-a-friend')).toBe(true);
  });
});

describe('thirdPartySources', () => {
  const none = { appEnv: 'production' as const, analyticsId: undefined, supportChatUrl: undefined, visitorTraceUrl: undefined };

  it('is empty when nothing is configured', () => {
    expect(thirdPartySources(none)).toEqual({});
  });

  it('allows the tag manager only where its script loads: production with an id', () => {
    expect(thirdPartySources({ ...none, analyticsId: 'GTM-ABC123' })['script-src']).toEqual(['https://*.googletagmanager.com']);
    expect(thirdPartySources({ ...none, appEnv: 'staging', analyticsId: 'GTM-ABC123' })).toEqual({});
  });

  it('allows the chat widget and the trace endpoint by origin only', () => {
    const sources = thirdPartySources({
      ...none,
      supportChatUrl: 'https://chat.example:8443/widget/v2.js?key=1',
      visitorTraceUrl: 'https://trace.example/cdn-cgi/trace',
    });
    expect(sources['script-src']).toEqual(['https://chat.example:8443']);
    expect(sources['frame-src']).toEqual(['https://chat.example:8443']);
    expect(sources['connect-src']).toEqual(['https://chat.example:8443', 'https://trace.example']);
  });
});

describe('realtimeSource', () => {
  it('is the page host with the realtime port when the config names no host', () => {
    expect(realtimeSource({ key: 'k', host: '', port: 6001, scheme: 'http' }, 'casino.example')).toBe('ws://casino.example:6001');
  });

  it('is the configured host over TLS when the scheme is https', () => {
    expect(realtimeSource({ key: 'k', host: 'ws.casino.example', port: 443, scheme: 'https' }, 'casino.example')).toBe('wss://ws.casino.example:443');
  });

  it('is nothing before the realtime server is up', () => {
    expect(realtimeSource(null, 'casino.example')).toBeNull();
  });
});
