import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app.ts';
import { clientDir, productionSite } from './test-production-site.ts';
import { cspOf, expectSecurityHeaders } from './test-security-headers.ts';

const nonceOf = (csp: Map<string, string[]>) =>
  csp
    .get('script-src')
    ?.find((source) => source.startsWith("'nonce-"))
    ?.slice(7, -1);

describe('security headers on the player site', () => {
  const t = useTestApp({}, productionSite);

  it('sign every inline script of a page with that response’s own nonce, and inline no stylesheet', async () => {
    const pages = [await t.app.inject({ method: 'GET', url: '/' }), await t.app.inject({ method: 'GET', url: '/faq' })];
    const nonces = pages.map((page) => nonceOf(cspOf(page)));
    expect(new Set(nonces).size).toBe(2);
    pages.forEach((page, i) => {
      expect(page.statusCode).toBe(200);
      expectSecurityHeaders(page);
      const scripts = [...page.body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '');
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts) {
        if (/\bsrc=/.test(attributes)) continue;
        // JSON-LD is data, not a script the browser runs: the CSP does not govern it.
        if (/type="application\/ld\+json"/.test(attributes)) continue;
        expect(attributes).toContain(`nonce="${nonces[i]}"`);
      }
      // The stylesheet is a hashed file of our own, which 'self' allows; no <style> is inlined, so none lacks the nonce.
      expect(page.body).toMatch(/<link\b[^>]* rel="stylesheet" href="\/assets\/app-[\w-]+\.css"/);
      expect(page.body).not.toMatch(/<style\b/);
      expect(cspOf(page).get('style-src')).toEqual(["'self'", `'nonce-${nonces[i]}'`]);
    });
  });

  it('answer an unknown page, a data request and an error page with the same headers', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page/here' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing);
    const data = await t.app.inject({ method: 'GET', url: '/faq.data' });
    expect(data.statusCode).toBe(200);
    expectSecurityHeaders(data);
  });

  it('put them on static assets too', async () => {
    const asset = readdirSync(path.join(clientDir, 'assets')).find((file) => file.endsWith('.js'));
    const answers = [await t.app.inject({ method: 'GET', url: '/favicon.svg' }), await t.app.inject({ method: 'GET', url: `/assets/${asset}` })];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expectSecurityHeaders(answer);
    }
  });

  it('send no referrer from pages whose address carries a token', async () => {
    const token = 'f'.repeat(64);
    const urls = [
      `/account/reset-password/${token}`,
      `/en/account/reset-password/${token}`,
      '/player/activate/0f8fad5b-d9cb-469f-a165-70867728950e',
      '/refer-a-friend/0f8fad5b-d9cb-469f-a165-70867728950e',
      `/?magic-token=${token}&redirect=/slots`,
    ];
    for (const url of urls) expectSecurityHeaders(await t.app.inject({ method: 'GET', url }), 'no-referrer');
    expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/faq?redirect=/slots' }));
  });
});
