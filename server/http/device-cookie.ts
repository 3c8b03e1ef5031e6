import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; docs/decisions/0012):
 * after a successful login the browser or API client gets `issuedAt.nonce.hmac`, the HMAC binding the
 * cookie's name, the account's normalised e-mail, the time and the nonce. Nothing is stored on the server
 * and the cookie holds no personal data; only the account it was issued to can use it.
 */
export const DEVICE_COOKIE_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;
// A cookie from a node whose clock runs a little ahead is still good.
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const FORMAT = /^([0-9]{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export type DeviceCookies = {
  /** The device id (the nonce) of a valid cookie issued to `account` and presented with this request. */
  recognise(request: FastifyRequest, account: string): string | undefined;
  /** A new cookie for `account`, replacing this browser's previous one. */
  issue(reply: FastifyReply, account: string): void;
};

export function deviceCookies({ name, path, secret, now = Date.now }: { name: string; path: string; secret: string; now?: () => number }): DeviceCookies {
  const signature = (account: string, issuedAt: string, nonce: string) =>
    createHmac('sha256', secret).update(`${name}\n${account}\n${issuedAt}\n${nonce}`).digest('base64url');

  return {
    recognise(request, account) {
      const parts = FORMAT.exec(request.cookies[name] ?? '');
      if (!parts) return undefined;
      const [, issuedAt, nonce, presented] = parts as unknown as [string, string, string, string];
      const age = now() - Number(issuedAt) * 1000;
      if (age < -CLOCK_SKEW_MS || age > DEVICE_COOKIE_LIFETIME_MS) return undefined;
      // Compared as canonical text: base64url's last character has spare bits, so decoded bytes could match a variant.
      const expected = Buffer.from(signature(account, issuedAt, nonce));
      return timingSafeEqual(Buffer.from(presented), expected) ? nonce : undefined;
    },

    issue(reply, account) {
      const issuedAt = String(Math.floor(now() / 1000));
      const nonce = randomBytes(16).toString('base64url');
      const value = `${issuedAt}.${nonce}.${signature(account, issuedAt, nonce)}`;
      reply.setCookie(name, value, { path, httpOnly: true, secure: true, sameSite: 'strict', maxAge: DEVICE_COOKIE_LIFETIME_MS / 1000 });
    },
  };
}
