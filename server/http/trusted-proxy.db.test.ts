import { describe, expect, it } from 'vitest';
import { ARGON2_MINIMUM } from '../config.ts';
import { validRegistration } from '../modules/accounts/testing.ts';
import { useTestApp, type TestApp } from '../test-app.ts';

// TRUST_PROXY decides whose X-Forwarded-For names the client the per-IP limits count (decision 0012).
// The registration limit (20 per address in 15 minutes) stands for all of them.

let lastOctet = 0;
const nextForwarded = () => `203.0.113.${(++lastOctet % 250) + 1}`;

function register(t: TestApp, remoteAddress: string, forwardedFor: string) {
  return t.app.inject({ method: 'POST', url: '/api/register', payload: validRegistration(), remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
}

/** Registers 20 times, then returns the 21st answer; `forwarded` names the X-Forwarded-For of each try. */
async function twentyFirst(t: TestApp, remoteAddress: string, forwarded: () => string) {
  for (let i = 0; i < 20; i++) expect((await register(t, remoteAddress, forwarded())).statusCode, `registration ${i + 1}`).toBe(201);
  return register(t, remoteAddress, forwarded());
}

function expectThrottled(response: Awaited<ReturnType<typeof register>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ type: 'throttled', message: expect.stringMatching(/^Too many registrations from your network\./) });
}

describe('TRUST_PROXY unset, in production', () => {
  const t = useTestApp({ APP_ENV: 'production', ARGON2_MEMORY_KIB: String(ARGON2_MINIMUM.memoryKib), ARGON2_TIME_COST: String(ARGON2_MINIMUM.timeCost) });

  it('a loopback client rotating X-Forwarded-For is one address: the 21st registration is refused', async () => {
    expectThrottled(await twentyFirst(t, '127.0.0.1', nextForwarded));
  });

  it('so is any other client', async () => {
    expectThrottled(await twentyFirst(t, '198.51.100.4', nextForwarded));
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  const t = useTestApp({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' });

  it('believes the proxy: players behind it are counted by their own addresses', async () => {
    for (let i = 0; i < 21; i++) expect((await register(t, '10.1.0.9', nextForwarded())).statusCode, `registration ${i + 1}`).toBe(201);
  });

  it('counts one forwarded address as one client, through any of the proxies', async () => {
    let proxy = 0;
    for (let i = 0; i < 20; i++) expect((await register(t, i % 2 ? '127.0.0.1' : `10.2.0.${++proxy}`, '198.51.100.30')).statusCode).toBe(201);
    expectThrottled(await register(t, '10.2.0.99', '198.51.100.30'));
  });

  it('does not believe a peer outside the list', async () => {
    expectThrottled(await twentyFirst(t, '198.51.100.5', nextForwarded));
  });
});

describe('TRUST_PROXY as a hop count', () => {
  const t = useTestApp({ TRUST_PROXY: '1' });

  it('takes the address the last proxy saw, not what the client wrote before it', async () => {
    expectThrottled(await twentyFirst(t, '10.3.0.1', () => `${nextForwarded()}, 198.51.100.40`));
  });

  it('counts different forwarded addresses apart', async () => {
    for (let i = 0; i < 21; i++) expect((await register(t, '10.3.0.1', nextForwarded())).statusCode, `registration ${i + 1}`).toBe(201);
  });
});
