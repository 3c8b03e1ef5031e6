import fc from 'fast-check';
import { isbot } from 'isbot';
import { describe, expect, it } from 'vitest';
import { CACHE_USER_AGENT, createPageCache, guestPage } from './page-cache.ts';
import { type CachedPage, cachedPage, decodePage, encodePage, pickEncoding, type RenderedPage, storability } from './page-cache-entry.ts';
import { pageUrl } from './ssr.ts';

const PERSON = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36';
const request = (url: string, { method = 'GET', cookie, userAgent = PERSON }: { method?: string; cookie?: string; userAgent?: string } = {}) => {
  // As the page route parses its address: joined, never resolved (`//x` is a path, not a host).
  const parsed = pageUrl('http', 'site.test', url);
  if (!parsed) return undefined;
  return guestPage({ method, pathname: parsed.pathname, search: parsed.search, cookie, userAgent });
};

describe('which requests the cache answers', () => {
  it('takes guests’ GET and HEAD requests for public pages and their data, keyed by bot-or-not, path and query', () => {
    for (const url of ['/', '/en', '/slots', '/en/slots?page=2', '/promotion/sweet-bonanza', '/vip-club', '/faq', '/fairness', '/sitemap.xml', '/robots.txt']) {
      expect(request(url), url).toBeDefined();
    }
    // The affiliate programme's public page, unlike its portal.
    for (const url of ['/affiliates', '/en/affiliates', '/affiliates.data']) expect(request(url), url).toBeDefined();
    for (const url of ['/faq.data?_routes=root,faq', '/_.data', '/en/_.data', '/playtech', '/players-choice', '/adminer-tips']) {
      expect(request(url), url).toBeDefined();
    }
    expect(request('/faq?x=1', { method: 'HEAD' })?.key).toBe(request('/faq?x=1')?.key);
    expect(request('/faq?x=1')?.key).toBe('person /faq?x=1');
    expect(request('/faq?x=1', { userAgent: CACHE_USER_AGENT.bot })?.key).toBe('bot /faq?x=1');
    expect(request('/faq?x=1')?.key).not.toBe(request('/faq?x=2')?.key);
    // Other cookies neither refuse a request nor change its key.
    expect(request('/faq', { cookie: 'locale=en-US; ma_token=abc; device=d; _ga=1' })?.key).toBe(request('/faq')?.key);
  });

  it('refuses other methods, sessions, sign-in and affiliate tokens in the query, and long addresses', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) expect(request('/faq', { method }), method).toBeUndefined();
    for (const cookie of ['token=abc', 'locale=en-US; token=abc', 'token=', ' token = x', 'a=1, token=2', 'TOKEN=x']) {
      expect(request('/faq', { cookie }), cookie).toBeUndefined();
    }
    for (const url of ['/?token=partner', '/faq?magic-token=abc&redirect=/slots', '/?%74oken=x', '/?Magic-Token=x']) expect(request(url), url).toBeUndefined();
    expect(request(`/slots?q=${'x'.repeat(504)}`)).toBeUndefined();
    expect(request(`/slots?q=${'x'.repeat(503)}`)).toBeDefined();
  });

  it('refuses every private section however its address is written', () => {
    const sections = ['account/profile', 'account/reset-password/abc', 'deposit', 'withdraw', 'messages', 'all-bonuses', 'bonus-activated', 'login'];
    sections.push('register', 'reset-password', 'refer-a-friend/abc', 'player/activate/abc', 'maintenance', 'test-route', 'play/x', 'admin', 'admin/players');
    sections.push('api/settings', 'sandbox-gateway/checkout/1', 'affiliates/login', 'affiliates/sign-in', 'affiliates/dashboard');
    for (const section of sections) {
      const forms = [`/${section}`, `/en/${section}`, `/${section}.data`, `/${section}/_.data`, `/${section.toUpperCase()}`, `//${section}`, `/en//${section}`];
      forms.push(`/${encodeURIComponent(section[0]!).replace(/./, (c) => `%${c.charCodeAt(0).toString(16)}`)}${section.slice(1)}`, `/x/../${section}`);
      for (const form of forms) expect(request(form), form).toBeUndefined();
    }
    expect(request('/%E0%A4%A')).toBeUndefined();
  });

  it('never takes a request with a session cookie, whatever the path and the other cookies', () => {
    const name = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/).filter((n) => n !== 'token');
    const value = fc.stringMatching(/^[A-Za-z0-9._~-]{0,40}$/);
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z0-9._~%-]{0,16}$/), { maxLength: 6 }),
        fc.array(fc.tuple(name, value), { maxLength: 5 }),
        value,
        fc.nat(),
        fc.constantFrom(' ', '', '  '),
        (segments, others, token, at, space) => {
          const cookies = others.map(([n, v]) => `${n}=${v}`);
          cookies.splice(at % (cookies.length + 1), 0, `${space}token=${token}`);
          expect(request(`/${segments.join('/')}`, { cookie: cookies.join(';') })).toBeUndefined();
          expect(request(`/${segments.join('/')}`, { cookie: cookies.join('; ') })).toBeUndefined();
        },
      ),
    );
  });

  it('keys a guest’s request by bot-or-not, path and query alone', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\/(?:[a-z0-9-]{1,10}\/?){0,3}$/),
        fc.array(fc.tuple(fc.stringMatching(/^[a-z_]{1,8}$/), fc.stringMatching(/^[A-Za-z0-9-]{0,20}$/)), { maxLength: 4 }),
        (path, cookies) => {
          const bare = request(path);
          const withCookies = request(path, {
            cookie: cookies
              .filter(([n]) => n !== 'token')
              .map(([n, v]) => `${n}=${v}`)
              .join('; '),
          });
          expect(withCookies?.key).toBe(bare?.key);
        },
      ),
    );
  });

  it('renders as a person or as a bot exactly as the page would tell them apart', () => {
    expect(isbot(CACHE_USER_AGENT.person)).toBe(false);
    expect(isbot(CACHE_USER_AGENT.bot)).toBe(true);
  });
});

const rendered = (overrides: Partial<RenderedPage> = {}): RenderedPage => ({
  status: 200,
  headers: [['content-type', 'text/html; charset=utf-8']],
  setCookies: ['locale=en-US; Max-Age=31536000; Path=/; Secure; SameSite=Lax'],
  body: Buffer.from(`<html>${'<p>casino</p>'.repeat(200)}</html>`),
  nonce: 'n0nce',
  ...overrides,
});

describe('which renders are kept', () => {
  it('keeps a 200 whose only cookie is the locale cookie, kept apart', () => {
    expect(storability(rendered(), 1e6)).toEqual({
      shareable: true,
      storable: true,
      locale: { value: 'en-US', header: 'locale=en-US; Max-Age=31536000; Path=/; Secure; SameSite=Lax' },
    });
    expect(storability(rendered({ setCookies: [] }), 1e6)).toMatchObject({ storable: true, locale: undefined });
  });

  it('keeps no other status, no page marked private or no-store, nothing too large; shares no other cookie', () => {
    expect(storability(rendered({ status: 404 }), 1e6)).toMatchObject({ shareable: true, storable: false });
    expect(storability(rendered({ status: 302 }), 1e6)).toMatchObject({ shareable: true, storable: false });
    expect(storability(rendered({ headers: [['cache-control', 'private, max-age=0']] }), 1e6).storable).toBe(false);
    expect(storability(rendered({ headers: [['cache-control', 'no-store']] }), 1e6).storable).toBe(false);
    expect(storability(rendered(), 100).storable).toBe(false);
    expect(storability(rendered({ failed: true }), 1e6)).toMatchObject({ shareable: true, storable: false });
    const affiliate = rendered({ setCookies: ['locale=en-US; Path=/', 'ma_token=x; Path=/'] });
    expect(storability(affiliate, 1e6)).toMatchObject({ shareable: false, storable: false });
  });

  it('keeps headers but the transport’s and the cookies, with brotli and gzip copies', async () => {
    const page = rendered({
      headers: [
        ['content-type', 'text/html'],
        ['content-length', '9'],
        ['x-remix-response', 'yes'],
        ['date', 'x'],
      ],
    });
    const kept = await cachedPage(page, undefined, true, 5);
    expect(kept.headers).toEqual([
      ['content-type', 'text/html'],
      ['x-remix-response', 'yes'],
    ]);
    expect(kept.br?.length).toBeLessThan(page.body.length);
    expect(kept.gzip?.length).toBeLessThan(page.body.length);
    expect((await cachedPage(rendered({ body: Buffer.from('small') }), undefined, true, 5)).br).toBeUndefined();
    expect((await cachedPage(page, undefined, false, 5)).gzip).toBeUndefined();
  });

  it('goes through Redis and back whole', async () => {
    const page = await cachedPage(rendered(), storability(rendered(), 1e6).locale, true, 1234);
    expect(decodePage(encodePage(page))).toEqual(page);
    const plain = await cachedPage(rendered({ status: 404, body: Buffer.alloc(0) }), undefined, false, 1);
    expect(decodePage(encodePage(plain))).toEqual(plain);
    expect(decodePage(encodePage(page).subarray(0, 100))).toBeUndefined();
    expect(decodePage(Buffer.from('nonsense'))).toBeUndefined();
  });
});

describe('which copy goes out', () => {
  const both = { br: Buffer.from('b'), gzip: Buffer.from('g') };
  it('follows Accept-Encoding and its weights', () => {
    expect(pickEncoding('gzip, deflate, br', both)).toBe('br');
    expect(pickEncoding('gzip', both)).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip', both)).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0', both)).toBeUndefined();
    expect(pickEncoding('*', both)).toBe('br');
    expect(pickEncoding('identity', both)).toBeUndefined();
    expect(pickEncoding(undefined, both)).toBeUndefined();
    expect(pickEncoding('br', { br: undefined, gzip: undefined })).toBeUndefined();
  });
});

/** Lets a background render finish: it has no promise of its own to wait on. */
async function settle() {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('the cache over time', () => {
  const setup = () => {
    const clock = { now: 1_000_000 };
    const cache = createPageCache({ freshMs: 10_000, staleMs: 60_000, now: () => clock.now });
    let renders = 0;
    const render = async () => {
      renders += 1;
      return rendered({ body: Buffer.from(`render ${renders}`) });
    };
    return { clock, cache, render, renders: () => renders };
  };
  const bodyOf = (served: { page: CachedPage } | undefined) => served?.page.body.toString();

  it('is fresh for 10 s, then stale while one background render replaces it, then gone after 70 s', async () => {
    const { clock, cache, render, renders } = setup();
    expect((await cache.serve('k', render))?.state).toBe('miss');
    clock.now += 9_999;
    expect((await cache.serve('k', render))?.state).toBe('hit');
    clock.now += 2;
    const stale = await cache.serve('k', render);
    expect(stale?.state).toBe('stale');
    expect(bodyOf(stale)).toBe('render 1');
    // The one background render, shared by the stale answers meanwhile.
    expect((await cache.serve('k', render))?.state).toBe('stale');
    await settle();
    expect(renders()).toBe(2);
    const refreshed = await cache.serve('k', render);
    expect(refreshed?.state).toBe('hit');
    expect(bodyOf(refreshed)).toBe('render 2');
    clock.now += 70_001;
    expect((await cache.serve('k', render))?.state).toBe('miss');
    expect(cache.stats()).toMatchObject({ hit: 2, stale: 2, miss: 2, renders: 3 });
  });

  it('renders once for concurrent misses of one key', async () => {
    const { cache } = setup();
    const gate = deferred<RenderedPage>();
    let renders = 0;
    const render = () => {
      renders += 1;
      return gate.promise;
    };
    const waiting = Array.from({ length: 20 }, () => cache.serve('k', render));
    gate.resolve(rendered());
    const served = await Promise.all(waiting);
    expect(renders).toBe(1);
    expect(new Set(served.map((s) => s?.page)).size).toBe(1);
    expect(served.every((s) => s?.state === 'miss')).toBe(true);
  });

  it('does not keep a render that began before a purge, and renders anew for requests after it', async () => {
    const { cache } = setup();
    const gate = deferred<RenderedPage>();
    const before = cache.serve('k', () => gate.promise);
    cache.purge();
    const after = cache.serve('k', async () => rendered({ body: Buffer.from('after the purge') }));
    gate.resolve(rendered({ body: Buffer.from('before the purge') }));
    expect(bodyOf(await before)).toBe('before the purge');
    expect(bodyOf(await after)).toBe('after the purge');
    const next = await cache.serve('k', async () => rendered({ body: Buffer.from('third') }));
    expect(next?.state).toBe('hit');
    expect(bodyOf(next)).toBe('after the purge');
  });

  it('forgets everything on a purge', async () => {
    const { cache, render } = setup();
    await cache.serve('a', render);
    await cache.serve('b', render);
    cache.purge();
    expect((await cache.serve('a', render))?.state).toBe('miss');
    expect((await cache.serve('b', render))?.state).toBe('miss');
  });

  it('shares a page it cannot keep with those who waited, keeps nothing, and gives up a page that stops being storable', async () => {
    const { clock, cache } = setup();
    const missing = await cache.serve('404', async () => rendered({ status: 404 }));
    expect(missing?.state).toBe('miss');
    expect((await cache.serve('404', async () => rendered({ status: 404 })))?.state).toBe('miss');
    expect(await cache.serve('cookie', async () => rendered({ setCookies: ['ma_token=x'] }))).toBeUndefined();

    await cache.serve('k', async () => rendered());
    clock.now += 11_000;
    expect((await cache.serve('k', async () => rendered({ status: 500 })))?.state).toBe('stale');
    await settle();
    expect((await cache.serve('k', async () => rendered()))?.state).toBe('miss');
  });

  it('bounds what it keeps', async () => {
    const cache = createPageCache({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) await cache.serve(key, async () => rendered());
    expect(cache.stats().entries).toBe(3);
    const small = createPageCache({ maxBytes: 4_000 });
    for (const key of ['a', 'b', 'c', 'd']) await small.serve(key, async () => rendered({ body: Buffer.alloc(1_500, 'x'), headers: [] }));
    expect(small.stats().bytes).toBeLessThanOrEqual(4_000);
  });
});
