import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../../test-app.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function start(env: Record<string, string> = {}) {
  const test = await createTestApp(env);
  close = test.close;
  return test;
}

describe('GET /api/settings/get', () => {
  it('returns the public settings under data, with the defaults of a fresh install', async () => {
    const { app } = await start();
    const response = await app.inject({ method: 'GET', url: '/api/settings/get' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      data: {
        site_name: 'Croupier',
        default_currency: 'EUR',
        registration_activation_type: 'email',
        maintenance: 'false',
        app_env: 'development',
        public_url: 'http://localhost:3000',
        realtime: null,
        analytics_id: null,
        support_chat_url: null,
        visitor_trace_url: null,
        jurisdictions: ['default'],
      },
    });
  });

  it('reports the maintenance setting and configured names', async () => {
    const { app } = await start({
      MAINTENANCE: 'true',
      SITE_NAME: 'Lucky Star',
      DEFAULT_CURRENCY: 'GBP',
      ANALYTICS_ID: 'GTM-ABC123',
      SUPPORT_CHAT_URL: 'https://chat.example/widget.js',
      VISITOR_TRACE_URL: 'https://casino.example/cdn-cgi/trace',
    });
    const { data } = (await app.inject({ method: 'GET', url: '/api/settings/get' })).json();
    expect(data).toMatchObject({
      maintenance: 'true',
      site_name: 'Lucky Star',
      default_currency: 'GBP',
      analytics_id: 'GTM-ABC123',
      support_chat_url: 'https://chat.example/widget.js',
      visitor_trace_url: 'https://casino.example/cdn-cgi/trace',
    });
  });

  it("follows the operator's activation type", async () => {
    const { app, services } = await start();
    await services.settings.setRegistrationActivationType('sms');
    expect((await app.inject({ method: 'GET', url: '/api/settings/get' })).json().data.registration_activation_type).toBe('sms');
    await services.settings.setRegistrationActivationType('email');
    expect((await app.inject({ method: 'GET', url: '/api/settings/get' })).json().data.registration_activation_type).toBe('email');
  });

  it('answers small bodies as they are and compresses large ones with brotli or gzip', async () => {
    const { app } = await start();
    app.get('/api/test/large', async () => ({ data: 'casino '.repeat(1000) }));
    const small = await app.inject({ method: 'GET', url: '/api/settings/get', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const large = await app.inject({ method: 'GET', url: '/api/test/large', headers: { 'accept-encoding': encoding } });
      expect(large.headers['content-encoding']).toBe(encoding);
      expect(large.rawPayload.length).toBeLessThan(1000);
    }
  });
});

describe('GET /api/health', () => {
  it('answers 200 while the database answers', async () => {
    const { app } = await start();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('answers 503 when the database does not', async () => {
    const { app, services } = await start();
    await services.database.close();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', message: 'The database is not answering.' });
    close = () => app.close();
  });
});

describe('GET /api/ready', () => {
  it('answers 200 while serving, 503 draining once the process begins to stop, and 503 without a database', async () => {
    const { app, services } = await start();
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    services.lifecycle.draining = true;
    const draining = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining', message: 'This server is stopping.' });
    // Liveness is not readiness: the draining node is alive and still answers what reaches it.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    services.lifecycle.draining = false;
    await services.database.close();
    const lost = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toEqual({ status: 'unavailable', message: 'The database is not answering.' });
    close = () => app.close();
  });
});

describe('API errors', () => {
  it('answers an unknown API path with a JSON 404, whatever the method', async () => {
    const { app } = await start();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: `No API route for ${method} /api/no-such-thing.` });
    }
  });

  it('answers malformed JSON with 400 and a validation failure with a Laravel-shaped 422', async () => {
    const { app } = await start();
    app.post('/api/test/echo', { schema: { body: z.object({ email: z.string() }) } }, async (request) => request.body);
    const malformed = await app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });

    const invalid = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'x' } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ message: 'The email field is required.', errors: { email: ['The email field is required.'] } });

    const huge = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('hides the details of its own faults behind a 500', async () => {
    const { app } = await start();
    app.get('/api/test/fault', async () => {
      throw new Error('secret internals');
    });
    const response = await app.inject({ method: 'GET', url: '/api/test/fault' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Server Error' });
  });
});

describe('the MAINTENANCE variable', () => {
  it("wins over the operators' switch while it is set: the switch is kept, reported as locked, and applies once it is unset", async () => {
    const { app, services } = await start({ MAINTENANCE: 'true', OPERATOR_EMAIL: 'ops@casino.example', OPERATOR_PASSWORD: 'a long operator secret' });
    const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'ops@casino.example', password: 'a long operator secret' } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const put = await app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: { maintenance: 'false' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ maintenance: 'true', maintenance_locked: true });
    expect((await app.inject({ method: 'GET', url: '/api/settings/get' })).json().data.maintenance).toBe('true');
    expect(await services.settings.storedMaintenance()).toBe('false');
  });
});
