import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app.ts';
import { cspOf, expectSecurityHeaders } from './test-security-headers.ts';

describe('security headers outside production', () => {
  const t = useTestApp();
  beforeAll(() => {
    t.app.get('/api/test-failure', async () => {
      throw new Error('a bug');
    });
  });

  it('are on every kind of API answer: success, validation error, unauthenticated, not found, bad JSON, server error', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'POST', url: '/api/login', payload: {} }),
      t.app.inject({ method: 'GET', url: '/api/player' }),
      t.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' }),
      t.app.inject({ method: 'GET', url: '/api/test-failure' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 422, 401, 404, 400, 500]);
    for (const answer of answers) expectSecurityHeaders(answer);
  });

  it('send no HSTS outside production', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('give every response its own nonce', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) nonces.add(cspOf(await t.app.inject({ method: 'GET', url: '/api/health' })).get('script-src')![1]!);
    expect(nonces.size).toBe(5);
  });

  it('send no referrer from an API path that carries a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/password/find/${'a'.repeat(64)}` });
    expect(response.statusCode).toBe(404);
    expectSecurityHeaders(response, 'no-referrer');
  });

  it("let only the sandbox gateway's hosted pages use their inline <style>, and never inline scripts", async () => {
    const checkout = await t.services.sandboxGateway!.createCheckout({
      kind: 'card',
      reference: randomUUID(),
      amount: 1000,
      currency: 'EUR',
      returnUrl: '/deposit',
    });
    const page = await t.app.inject({ method: 'GET', url: `/sandbox-gateway/checkout/${checkout.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<style>');
    expectSecurityHeaders(page, 'no-referrer');
    expect(cspOf(page).get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(cspOf(page).get('script-src')).not.toContain("'unsafe-inline'");
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(cspOf(api).get('style-src')).toEqual(["'self'", cspOf(api).get('script-src')![1]]);
  });

  it('let pages connect only to their own origin before realtime is up, then to the realtime origin too', async () => {
    expect(cspOf(await t.app.inject({ method: 'GET', url: '/api/health' })).get('connect-src')).toEqual(["'self'"]);
    const publisher = { publish: async () => {} };

    t.services.connectRealtime(publisher, { key: 'test-key-1', host: '', port: 6001, scheme: 'http' });
    const sameHost = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'casino.example:3000' } });
    expect(cspOf(sameHost).get('connect-src')).toEqual(["'self'", 'ws://casino.example:6001']);

    // A Host header that is no plain host name never reaches the policy: the public URL's host stands in.
    const forged = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: "evil.example script-src 'unsafe-inline'" } });
    expect(cspOf(forged).get('connect-src')).toEqual(["'self'", 'ws://localhost:6001']);
    expect(cspOf(forged).get('script-src')).toHaveLength(2);

    t.services.connectRealtime(publisher, { key: 'test-key-1', host: 'ws.casino.example', port: 443, scheme: 'https' });
    const external = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'casino.example' } });
    expect(cspOf(external).get('connect-src')).toEqual(["'self'", 'wss://ws.casino.example:443']);
  });

  it("let only the back office's pages show blob: images, objects and frames (its document viewer), never the API or the site", async () => {
    for (const url of ['/admin/kyc', '/admin', '/admin/kyc?player=12', '/admin/players/12']) {
      const csp = cspOf(await t.app.inject({ method: 'GET', url }));
      expect(csp.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('object-src'), url).toEqual(['blob:']);
      expect(csp.get('frame-src'), url).toEqual(["'self'", 'blob:']);
      expect(csp.get('script-src'), url).toHaveLength(2);
    }
    for (const url of ['/api/admin/kyc/documents', '/administrator', '/en/admin', '/account/verification', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      expectSecurityHeaders(response);
      expect(String(response.headers['content-security-policy']), url).not.toContain('blob:');
    }
  });

  it('allow no third-party host when none is configured', async () => {
    const header = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(header).not.toMatch(/https:/);
  });
});

describe('security headers in production', () => {
  const t = useTestApp({
    APP_ENV: 'production',
    ARGON2_MEMORY_KIB: '19456',
    ARGON2_TIME_COST: '2',
    ANALYTICS_ID: 'GTM-ABC123',
    SUPPORT_CHAT_URL: 'https://chat.example/widget.js',
    VISITOR_TRACE_URL: 'https://trace.example/cdn-cgi/trace',
  });

  it('add HSTS for a year, subdomains included', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('allow the configured analytics, chat and trace hosts, each where it is needed', async () => {
    const csp = cspOf(await t.app.inject({ method: 'GET', url: '/api/health' }));
    expect(csp.get('script-src')?.slice(2)).toEqual(['https://*.googletagmanager.com', 'https://chat.example']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https://*.google-analytics.com', 'https://*.googletagmanager.com', 'https://chat.example']);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
      'https://chat.example',
      'https://trace.example',
    ]);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://chat.example']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
