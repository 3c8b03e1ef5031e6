import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hub88Origins, realtimeSource, thirdPartySources, urlCarriesToken } from './security-headers.ts';

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

  it('holds for an affiliate’s one-time sign-in link', () => {
    fc.assert(
      fc.property(secret, (token) => {
        expect(urlCarriesToken(`/affiliates/sign-in?${new URLSearchParams({ affiliate_token: token })}`)).toBe(true);
      }),
    );
    expect(urlCarriesToken('/affiliates/sign-in')).toBe(false);
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

describe('thirdPartySources with Hub88', () => {
  const none = { appEnv: 'production' as const, analyticsId: undefined, supportChatUrl: undefined, visitorTraceUrl: undefined };

  it('frames Hub88’s game pages and shows their art from its origin only, and nothing else', () => {
    const sources = thirdPartySources({ ...none, hub88: { apiUrl: 'https://api.hub88.example:8443/operator' } });
    expect(sources).toEqual({ 'frame-src': ['https://api.hub88.example:8443'], 'img-src': ['https://api.hub88.example:8443'] });
  });

  it('adds the studios’ origins of HUB88_GAME_ORIGINS to frame-src and img-src, once each, and to nothing else', () => {
    const sources = thirdPartySources({
      ...none,
      hub88: {
        apiUrl: 'https://api.hub88.example/operator',
        gameOrigins: ['https://games.studio.example', 'https://*.cdn.example', 'https://api.hub88.example'],
      },
    });
    const games = ['https://api.hub88.example', 'https://games.studio.example', 'https://*.cdn.example'];
    expect(sources).toEqual({ 'frame-src': games, 'img-src': games });
  });

  it('allows a local aggregator by both of its names', () => {
    expect(hub88Origins('http://127.0.0.1:3105')).toEqual(['http://127.0.0.1:3105', 'http://localhost:3105']);
    expect(hub88Origins('http://localhost:3100/')).toEqual(['http://localhost:3100', 'http://127.0.0.1:3100']);
    expect(thirdPartySources({ ...none, hub88: undefined })).toEqual({});
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
