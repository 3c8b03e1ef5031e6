import type { FastifyReply, FastifyRequest } from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE_LIFETIME_MS, deviceCookies } from './device-cookie.ts';

const SECRET = 'a'.repeat(64);
const ACCOUNT = 'player@example.com';
const DAY = 24 * 60 * 60 * 1000;

function harness({ name = 'device', secret = SECRET } = {}) {
  let clock = Date.parse('2026-11-22T12:00:00Z');
  const cookies = deviceCookies({ name, path: '/api/login', secret, now: () => clock });
  const issued: { name: string; value: string; options: Record<string, unknown> }[] = [];
  const reply = {
    setCookie: (cookieName: string, value: string, options: Record<string, unknown>) => issued.push({ name: cookieName, value, options }),
  } as unknown as FastifyReply;
  return {
    issue(account = ACCOUNT) {
      cookies.issue(reply, account);
      return issued.at(-1)!;
    },
    recognise: (value: string, account = ACCOUNT, cookieName = name) =>
      cookies.recognise({ cookies: { [cookieName]: value } } as unknown as FastifyRequest, account),
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('device cookies', () => {
  it('are HttpOnly, Secure, SameSite=Strict, limited to the login path, for 180 days', () => {
    const cookie = harness().issue();
    expect(cookie.name).toBe('device');
    expect(cookie.options).toEqual({ path: '/api/login', httpOnly: true, secure: true, sameSite: 'strict', maxAge: 180 * 24 * 60 * 60 });
  });

  it('are recognised for the account they were issued to, as the nonce they carry, and each is new', () => {
    const h = harness();
    const first = h.issue().value;
    const second = h.issue().value;
    expect(first).not.toBe(second);
    expect(h.recognise(first)).toBe(first.split('.')[1]);
    expect(h.recognise(second)).toBe(second.split('.')[1]);
  });

  it('are not recognised for another account, under another cookie name or with another secret', () => {
    const h = harness();
    const value = h.issue().value;
    expect(h.recognise(value, 'other@example.com')).toBeUndefined();
    expect(harness({ name: 'operator_device' }).recognise(value)).toBeUndefined();
    expect(harness({ secret: 'b'.repeat(64) }).recognise(value)).toBeUndefined();
  });

  it('expire 180 days after they were issued, and are not taken from far in the future', () => {
    const h = harness();
    const value = h.issue().value;
    h.advance(DEVICE_COOKIE_LIFETIME_MS - DAY);
    expect(h.recognise(value)).toBeDefined();
    h.advance(2 * DAY);
    expect(h.recognise(value)).toBeUndefined();

    const early = harness();
    const fromTheFuture = early.issue().value;
    early.advance(-DAY);
    expect(early.recognise(fromTheFuture)).toBeUndefined();
  });

  it('property: changing any one character of a cookie makes it worthless', () => {
    const h = harness();
    const value = h.issue().value;
    const alphabet = '0123456789.ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_=';
    fc.assert(
      fc.property(fc.nat({ max: value.length - 1 }), fc.constantFrom(...alphabet), (position, replacement) => {
        fc.pre(value[position] !== replacement);
        expect(h.recognise(`${value.slice(0, position)}${replacement}${value.slice(position + 1)}`)).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it('ignore malformed values', () => {
    const h = harness();
    const value = h.issue().value;
    for (const bad of ['', 'x', '..', `${value}.`, `.${value}`, value.replace(/\./g, ':'), `${value}${value}`, 'x'.repeat(5000)])
      expect(h.recognise(bad), bad).toBeUndefined();
  });
});
