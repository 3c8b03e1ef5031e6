// Cookie-authenticated writes from another site are refused; form bodies with the session cookie are refused;
// bearer-authenticated API clients and the protocol form posts (pusher-js channel auth) go on as before.
import { describe, expect, it } from 'vitest';
import { paymentsKit } from '../modules/payments/testing.ts';
import { useTestApp } from '../test-app.ts';

const t = useTestApp({ PUBLIC_URL: 'https://casino.example', RATE_LIMIT_ALLOWLIST: '127.0.0.1' });
const kit = paymentsKit(t);
const EVIL = 'https://evil.example';

async function cookiePlayer() {
  const player = await kit.player();
  return { ...player, cookie: `token=${player.token}` };
}

const seedsOf = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/fairness', headers: { authorization: `Bearer ${token}` } })).json().data;

describe('a cookie-authenticated write from another site', () => {
  it('is refused with 403 and changes nothing', async () => {
    const player = await cookiePlayer();
    const before = await seedsOf(player.token);
    const writes = [
      { method: 'POST', url: '/api/fairness/rotate' },
      { method: 'POST', url: '/api/player/favourite/games/1' },
      { method: 'POST', url: '/api/resend-activation' },
      { method: 'POST', url: '/api/logout' },
      { method: 'PATCH', url: '/api/player', payload: { city: 'Gozo' } },
    ] as const;
    for (const write of writes) {
      const response = await t.app.inject({ ...write, headers: { cookie: player.cookie, origin: EVIL } });
      expect(response.statusCode, write.url).toBe(403);
      expect(response.json()).toEqual({ message: 'This request came from another site and was refused.', type: 'csrf' });
    }
    expect(before).toMatchObject({ server_seed_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await seedsOf(player.token)).toEqual(before);
    const profile = await t.app.inject({ method: 'GET', url: '/api/player', headers: { cookie: player.cookie } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().city).not.toBe('Gozo');
  });

  it('is refused by Fetch Metadata when the browser sends no Origin, and for an opaque origin', async () => {
    const player = await cookiePlayer();
    const noOrigin = await t.app.inject({ method: 'POST', url: '/api/fairness/rotate', headers: { cookie: player.cookie, 'sec-fetch-site': 'cross-site' } });
    expect(noOrigin.statusCode).toBe(403);
    for (const site of [undefined, 'cross-site', 'same-site']) {
      const opaque = await t.app.inject({
        method: 'POST',
        url: '/api/fairness/rotate',
        headers: { cookie: player.cookie, origin: 'null', ...(site ? { 'sec-fetch-site': site } : {}) },
      });
      expect(opaque.statusCode, `null origin, ${site}`).toBe(403);
    }
    // A look-alike host is another site.
    const lookalike = await t.app.inject({
      method: 'POST',
      url: '/api/fairness/rotate',
      headers: { cookie: player.cookie, origin: 'https://casino.example.evil.example' },
    });
    expect(lookalike.statusCode).toBe(403);
  });

  it('is refused for an anonymous login from another site too (login CSRF)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: EVIL },
      payload: { email: 'ada@example.com', password: 'whatever-it-is' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('a cookie-authenticated write from our own site', () => {
  it('goes through from the public address and from the address it was sent to', async () => {
    const player = await cookiePlayer();
    for (const origin of ['https://casino.example', `http://localhost:80`]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/fairness/rotate', headers: { cookie: player.cookie, origin, host: 'localhost:80' } });
      expect(response.statusCode, origin).toBe(200);
    }
    const sameOrigin = await t.app.inject({ method: 'POST', url: '/api/fairness/rotate', headers: { cookie: player.cookie, 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.statusCode).toBe(200);
    // A form on one of our no-referrer pages (a token in its address) posts with `Origin: null`.
    const noReferrerPage = await t.app.inject({
      method: 'POST',
      url: '/api/fairness/rotate',
      headers: { cookie: player.cookie, origin: 'null', 'sec-fetch-site': 'same-origin' },
    });
    expect(noReferrerPage.statusCode).toBe(200);
  });

  it('must send JSON: a form-encoded profile change is 415 and changes nothing', async () => {
    const player = await cookiePlayer();
    const form = await t.app.inject({
      method: 'PATCH',
      url: '/api/player',
      headers: { cookie: player.cookie, origin: 'https://casino.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'city=Gozo',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ message: 'The request body must be JSON.' });
    const text = await t.app.inject({
      method: 'PATCH',
      url: '/api/player',
      headers: { cookie: player.cookie, 'content-type': 'text/plain' },
      payload: '{"city":"Gozo"}',
    });
    expect(text.statusCode).toBe(415);
    expect((await t.app.inject({ method: 'GET', url: '/api/player', headers: { cookie: player.cookie } })).json().city).not.toBe('Gozo');

    const json = await t.app.inject({
      method: 'PATCH',
      url: '/api/player',
      headers: { cookie: player.cookie, origin: 'https://casino.example' },
      payload: { city: 'Gozo' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().city).toBe('Gozo');
  });

  it('may post channel auth form-encoded, as pusher-js does', async () => {
    const player = await cookiePlayer();
    const response = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: { cookie: player.cookie, origin: 'https://casino.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `socket_id=123.456&channel_name=private-App.Models.User.${player.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('auth');
  });
});

describe('a bearer-authenticated API client', () => {
  it('is not judged by Origin or content type', async () => {
    const player = await kit.player();
    const rotated = await t.app.inject({ method: 'POST', url: '/api/fairness/rotate', headers: { authorization: `Bearer ${player.token}`, origin: EVIL } });
    expect(rotated.statusCode).toBe(200);
    const form = await t.app.inject({
      method: 'PATCH',
      url: '/api/player',
      headers: { authorization: `Bearer ${player.token}`, origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'city=Mdina',
    });
    expect(form.statusCode).toBe(200);
    expect(form.json().city).toBe('Mdina');
  });
});
