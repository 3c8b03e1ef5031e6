// A page's redirect never copies what it was asked with whole (issue 36): a 16,000-character query on a page that
// needs a signed-in player made a 16 KB Location header, which common reverse proxies answer with 502. The way back
// carries only the query parameters our pages read, each short (app/lib/route-rules.ts).
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app.ts';
import { productionSite } from './test-production-site.ts';

describe('redirects of the player site', () => {
  const t = useTestApp({}, productionSite);
  const junk = 'x'.repeat(16_000);

  it('send a guest to log in with a bounded way back: the known parameters only', async () => {
    for (const page of ['/deposit', '/en/account/profile', '/withdraw']) {
      const response = await t.app.inject({ method: 'GET', url: `${page}?bonus=true&junk=${junk}&bonusId=${junk}` });
      expect(response.statusCode, page).toBeGreaterThanOrEqual(300);
      expect(response.statusCode, page).toBeLessThan(400);
      const location = String(response.headers.location);
      expect(location, page).toBe(`${page.startsWith('/en') ? '/en' : ''}/login?${new URLSearchParams({ redirect: `${page}?bonus=true` })}`);
    }
  });

  it('copy no unbounded promo query into the registration redirect', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/?bonusId=7&promo=${junk}` });
    expect(response.headers.location).toBeUndefined();
    expect(response.statusCode).toBe(200);
    const kept = await t.app.inject({ method: 'GET', url: `/?bonusId=7&promo=SPRING&utm=${junk}` });
    expect(kept.headers.location).toBe('/register?bonusId=7&promo=SPRING');
  });

  it('keep every header of any answer short, whatever the query', async () => {
    for (const url of [`/deposit?${junk}=1`, `/login?redirect=${junk}`, `/faq?bonusId=${junk}&landing=a&promo=b`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
      for (const [name, value] of Object.entries(response.headers)) expect(String(value).length, `${url.slice(0, 40)} ${name}`).toBeLessThan(4096);
    }
  });
});
