// The guest page cache on the production build (decision 0097): guests' public pages from the cache, a player's
// never cached nor shown to anyone else, only the locale cookie ever sent from it, operator changes seen at once,
// one render for a crowd, a strict CSP whose nonce is the cached page's own.
import type { LightMyRequestResponse } from 'fastify';
import type { ServerBuild } from 'react-router';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { OPERATOR_ENV, paymentsKit } from '../modules/payments/testing.ts';
import { useTestApp } from '../test-app.ts';
import { productionSite } from './test-production-site.ts';
import { cspOf, expectSecurityHeaders } from './test-security-headers.ts';

// Every document render goes through the server entry's handleRequest: counted, to see how many renders a burst costs.
let renders = 0;
async function countedSite() {
  const site = await productionSite();
  const build = await site.loadBuild();
  const handleRequest = build.entry.module.default;
  const counted: ServerBuild = {
    ...build,
    entry: {
      module: {
        ...build.entry.module,
        default: (...args: Parameters<typeof handleRequest>) => {
          renders += 1;
          return handleRequest(...args);
        },
      },
    },
  };
  return { ...site, loadBuild: async () => counted };
}

const PERSON = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const stateOf = (response: LightMyRequestResponse) => response.headers['x-page-cache'];
const setCookies = (response: LightMyRequestResponse) => [response.headers['set-cookie'] ?? []].flat();
const nonceOf = (response: LightMyRequestResponse) =>
  cspOf(response)
    .get('script-src')
    ?.find((source) => source.startsWith("'nonce-"))
    ?.slice(7, -1);
/** The nonces the page's inline scripts carry (JSON-LD is data, not a script). */
const scriptNonces = (html: string) =>
  new Set(
    [...html.matchAll(/<script\b([^>]*)>/g)]
      .map((match) => match[1] ?? '')
      .filter((attributes) => !/\bsrc=/.test(attributes) && !/application\/ld\+json/.test(attributes))
      .map((attributes) => /\bnonce="([^"]+)"/.exec(attributes)?.[1]),
  );

describe('the guest page cache', () => {
  const t = useTestApp(OPERATOR_ENV, countedSite);
  const kit = paymentsKit(t);
  // light-my-request's own user agent counts as a bot; these guests are people unless a test says otherwise.
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': PERSON, ...headers } });

  it('serves a guest a miss, then hits with the same page; HEAD and bots too', async () => {
    const first = await get('/faq?case=hits');
    expect(first.statusCode).toBe(200);
    expect(stateOf(first)).toBe('miss');
    const second = await get('/faq?case=hits');
    expect(stateOf(second)).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expectSecurityHeaders(second);

    const head = await t.app.inject({ method: 'HEAD', url: '/faq?case=hits', headers: { 'user-agent': PERSON } });
    expect(head.statusCode).toBe(200);
    expect(stateOf(head)).toBe('hit');
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(first.body));

    // A crawler's page is its own (rendered whole, without the spinner people get).
    const bot = await get('/faq?case=hits', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(stateOf(bot)).toBe('miss');
    expect(stateOf(await get('/faq?case=hits', { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' }))).toBe('hit');
  });

  it('sends the copy the browser accepts, compressed once, with Vary: Accept-Encoding', async () => {
    const plain = await get('/about?case=encoding', { 'accept-encoding': 'identity' });
    const br = await get('/about?case=encoding', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/about?case=encoding', { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    for (const answer of [plain, br, gzip]) expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
    expect([plain, br, gzip].map(stateOf)).toEqual(['miss', 'hit', 'hit']);
  });

  it('never caches a signed-in player’s page, nor shows it to a guest', async () => {
    const player = await kit.player();
    const guestBefore = await get('/?case=player');
    expect(stateOf(guestBefore)).toBe('miss');

    const own = await get('/?case=player', { cookie: `locale=en-US; token=${player.token}` });
    expect(own.statusCode).toBe(200);
    expect(stateOf(own)).toBe('bypass');
    // The player's own page names them (the loader's viewer); the guests' never does.
    expect(own.body).toContain(player.email);
    const data = await get('/_.data?case=player', { cookie: `token=${player.token}` });
    expect(stateOf(data)).toBe('bypass');
    expect(data.body).toContain(player.email);

    const guestAfter = await get('/?case=player');
    expect(stateOf(guestAfter)).toBe('hit');
    expect(guestAfter.body).toBe(guestBefore.body);
    expect(guestAfter.body).not.toContain(player.email);
    const fresh = await get('/?case=player-first');
    expect(fresh.body).not.toContain(player.email);

    // A player's page is not stored either: the first guest after them is a miss.
    await get('/promotion?case=player-first', { cookie: `token=${player.token}` });
    const guest = await get('/promotion?case=player-first');
    expect(stateOf(guest)).toBe('miss');
    expect(guest.body).not.toContain(player.email);
  });

  it('renders private pages and sign-in links per request', async () => {
    for (const url of [
      '/account/profile',
      '/en/deposit',
      '/login',
      '/play/lantern-orchard',
      '/ACCOUNT/profile',
      '/deposit.data',
      `/?magic-token=${'a'.repeat(64)}`,
    ]) {
      expect(stateOf(await get(url)), url).toBe('bypass');
    }
    // An affiliate link sets its visitor's own ma_token cookie: never from, nor into, the cache.
    const affiliate = await get('/?token=partner-42');
    expect(stateOf(affiliate)).toBe('bypass');
    expect(setCookies(affiliate).some((cookie) => cookie.startsWith('ma_token=partner-42'))).toBe(true);
  });

  it('sends a guest no cookie but the locale one, and that only to a guest without it', async () => {
    const first = await get('/responsible-gaming?case=cookies');
    expect(stateOf(first)).toBe('miss');
    expect(setCookies(first).map((cookie) => cookie.split('=', 1)[0])).toEqual(['locale']);
    const withLocale = await get('/responsible-gaming?case=cookies', { cookie: 'locale=en-US; ma_token=someone; device=x' });
    expect(stateOf(withLocale)).toBe('hit');
    expect(setCookies(withLocale)).toEqual([]);
    const without = await get('/responsible-gaming?case=cookies', { cookie: 'ma_token=someone' });
    expect(stateOf(without)).toBe('hit');
    expect(setCookies(without)).toEqual(setCookies(first));
  });

  it('signs a cached page’s scripts with the entry’s own nonce, named in each response’s policy', async () => {
    const miss = await get('/loyalty-club?case=nonce');
    const hit = await get('/loyalty-club?case=nonce');
    const other = await get('/loyalty-club?case=nonce-2');
    expect([miss, hit, other].map(stateOf)).toEqual(['miss', 'hit', 'miss']);
    for (const page of [miss, hit, other]) {
      expectSecurityHeaders(page);
      expect(scriptNonces(page.body)).toEqual(new Set([nonceOf(page)]));
      expect(cspOf(page).get('style-src')).toEqual(["'self'", `'nonce-${nonceOf(page)}'`]);
    }
    expect(nonceOf(hit)).toBe(nonceOf(miss));
    expect(nonceOf(other)).not.toBe(nonceOf(miss));
    // Nothing else of the policy is the entry's: a request from another host gets its own connect-src.
    const elsewhere = await t.app.inject({ method: 'GET', url: '/loyalty-club?case=nonce', headers: { host: 'mirror.casino.example', 'user-agent': PERSON } });
    expect(stateOf(elsewhere)).toBe('hit');
    expect(elsewhere.body).not.toContain('mirror.casino.example');
    expect(nonceOf(elsewhere)).toBe(nonceOf(miss));
  });

  it('serves the .data requests of client navigations', async () => {
    const first = await get('/faq.data?case=data');
    expect(first.statusCode).toBe(200);
    expect(stateOf(first)).toBe('miss');
    const second = await get('/faq.data?case=data');
    expect(stateOf(second)).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    // The home page's data, as React Router asks for it.
    const home = await get('/_.data?case=data');
    expect(home.statusCode).toBe(200);
    expect(stateOf(home)).toBe('miss');
    expect(stateOf(await get('/_.data?case=data'))).toBe('hit');
  });

  it('renders once for a crowd of guests asking at once', async () => {
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 12 }, () => get('/vip-club?case=crowd')));
    expect(renders - before).toBe(1);
    expect(new Set(answers.map(stateOf))).toEqual(new Set(['miss']));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(renders - before).toBe(1);
  });

  it('does not keep a page whose part failed while it still answered 200', async () => {
    const site = t.services.site;
    const games = site.games;
    site.games = async () => {
      throw new Error('the catalogue is down');
    };
    try {
      const broken = await get('/?case=failed-shelf');
      expect(broken.statusCode).toBe(200);
      expect(stateOf(broken)).toBe('miss');
      expect(stateOf(await get('/?case=failed-shelf'))).toBe('miss');
    } finally {
      site.games = games;
    }
    expect(stateOf(await get('/?case=failed-shelf'))).toBe('miss');
    expect(stateOf(await get('/?case=failed-shelf'))).toBe('hit');
  });

  it('forgets every page at once when an operator changes content or settings', async () => {
    const operator = await kit.operator();
    expect(stateOf(await get('/promotion?case=purge'))).toBe('miss');
    const cached = await get('/promotion?case=purge');
    expect(stateOf(cached)).toBe('hit');
    expect(cached.body).not.toContain('Midnight jackpot rush');

    const created = await kit.call('POST', '/api/admin/promotions', {
      token: operator,
      payload: { slug: 'midnight-jackpot-rush', title: 'Midnight jackpot rush', summary: 'Prizes at midnight', body: 'Play any slot.' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await get('/promotion?case=purge');
    expect(stateOf(after)).toBe('miss');
    expect(after.body).toContain('Midnight jackpot rush');

    expect(stateOf(await get('/faq?case=maintenance'))).toBe('miss');
    expect(stateOf(await get('/faq?case=maintenance'))).toBe('hit');
    const on = await kit.call('PUT', '/api/admin/settings', { token: operator, payload: { maintenance: 'true' } });
    expect(on.statusCode, on.body).toBe(200);
    try {
      const closed = await get('/faq?case=maintenance');
      expect(closed.statusCode).toBeGreaterThanOrEqual(300);
      expect(closed.statusCode).toBeLessThan(400);
      expect(closed.headers.location).toMatch(/\/maintenance$/);
    } finally {
      expect((await kit.call('PUT', '/api/admin/settings', { token: operator, payload: { maintenance: 'false' } })).statusCode).toBe(200);
    }
    const reopened = await get('/faq?case=maintenance');
    expect(reopened.statusCode).toBe(200);
    expect(stateOf(reopened)).toBe('miss');
  });
});

describe('PAGE_CACHE=off', () => {
  const t = useTestApp({ PAGE_CACHE: 'off' }, productionSite);

  it('renders every page per request', async () => {
    const [first, second] = [await t.app.inject({ method: 'GET', url: '/faq' }), await t.app.inject({ method: 'GET', url: '/faq' })];
    for (const page of [first, second]) {
      expect(page.statusCode).toBe(200);
      expect(stateOf(page)).toBeUndefined();
    }
    expect(nonceOf(first)).not.toBe(nonceOf(second));
  });
});
