import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// The browser's device identifier for sign-in history and linked accounts (issue 33 §1, docs/decisions/0112): a
// random id in its own first-party cookie, the same whichever account signs in on that browser. The OWASP device
// cookie (server/http/device-cookie.ts) cannot serve: it is bound to one account's e-mail and replaced per account.

export const DEVICE_ID_COOKIE = 'device_id';
/** 400 days: the longest a browser keeps a cookie (RFC 6265bis); renewed at each sign-in. */
const LIFETIME_SECONDS = 400 * 24 * 60 * 60;
const FORMAT = /^[A-Za-z0-9_-]{22}$/;

/** This browser's device id, issued now if it has none (or a malformed one); the cookie is renewed either way. */
export function deviceIdOf(request: FastifyRequest, reply: FastifyReply): string {
  const presented = request.cookies[DEVICE_ID_COOKIE];
  const id = presented && FORMAT.test(presented) ? presented : randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_ID_COOKIE, id, { path: '/', httpOnly: true, secure: true, sameSite: 'lax', maxAge: LIFETIME_SECONDS });
  return id;
}

/** What a sign-in request says about where it came from: the IP (TRUST_PROXY respected by Fastify), agent, device. */
export function signInClient(request: FastifyRequest, reply: FastifyReply) {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof agent === 'string' ? agent : null, deviceId: deviceIdOf(request, reply) };
}
