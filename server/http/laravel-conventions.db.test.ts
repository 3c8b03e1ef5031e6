// Laravel's answers a front end written for Laravel relies on: the 422 summary, 405 with Allow, and
// the X-RateLimit headers on rate-limited routes.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app.ts';

const t = useTestApp();

describe('Laravel conventions', () => {
  it('sums up a 422 with "(and N more errors)", counting every message of every field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: {}, remoteAddress: '10.99.0.1' });
    expect(response.statusCode).toBe(422);
    const { message, errors } = response.json() as { message: string; errors: Record<string, string[]> };
    const all = Object.values(errors).flat();
    expect(all.length).toBeGreaterThan(2);
    expect(message).toBe(`${all[0]} (and ${all.length - 1} more errors)`);
  });

  it('answers a known path asked with the wrong method with 405 and Allow, an unknown one with 404', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(login.statusCode).toBe(405);
    expect(login.headers.allow).toBe('POST');
    expect(login.json().message).toBe('The GET method is not supported for route api/login. Supported methods: POST.');

    // A path with parameters, and one taking GET (HEAD comes with it).
    const game = await t.app.inject({ method: 'DELETE', url: '/api/settings/get' });
    expect(game.statusCode).toBe(405);
    expect(game.headers.allow).toBe('GET, HEAD');

    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
  });

  it('tells a rate-limited route’s limit and what is left of it, down to 0 on the 429', async () => {
    const ask = () =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'nobody@example.com', password: 'wrong-password' }, remoteAddress: '10.99.0.2' });
    const first = await ask();
    expect(first.headers['x-ratelimit-limit']).toBeDefined();
    const limit = Number(first.headers['x-ratelimit-limit']);
    const remaining = Number(first.headers['x-ratelimit-remaining']);
    expect(remaining).toBeLessThan(limit);
    const second = await ask();
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(remaining - 1);
    const unlimited = await t.app.inject({ method: 'GET', url: '/api/settings/get' });
    expect(unlimited.headers['x-ratelimit-limit']).toBeUndefined();
  });
});
