import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { checkOnReservation } from './attempt-budget.ts';
import { sharedSecret } from '../shared-secrets.ts';
import { deviceCookies } from './device-cookie.ts';
import { MINUTES_15, reserveAttempts } from './rate-limit.ts';

/** Failed logins allowed per 15 minutes: per account from unknown devices, and per known device. */
export const LOGIN_FAILURES = 10;

/**
 * The guess limits of one login door (docs/decisions/0012-abuse-limits.md). A login that
 * presents a valid device cookie of the account spends that device's own budget; any other spends the
 * account's budget for unknown devices, so an attacker who exhausts it does not lock out the owner's devices.
 * The unit is reserved before the password is checked and given back when the password was right; a right
 * password also gets a fresh device cookie.
 */
export function loginGuard(app: FastifyInstance, config: Config, { name, cookie, path }: { name: string; cookie: string; path: string }) {
  const devices = deviceCookies({ name: cookie, path, secret: sharedSecret(config, 'device-cookies') });
  const unknownDevices = reserveAttempts(app, {
    name: `${name}-failures`,
    max: LOGIN_FAILURES,
    windowMs: MINUTES_15,
    message: 'Too many failed login attempts for this account.',
  });
  const knownDevice = reserveAttempts(app, {
    name: `${name}-device-failures`,
    max: LOGIN_FAILURES,
    windowMs: MINUTES_15,
    message: 'Too many failed login attempts on this device.',
  });

  return async function attemptLogin<T>(request: FastifyRequest, reply: FastifyReply, email: string, check: () => Promise<T | null>): Promise<T | null> {
    const account = email.trim().toLowerCase();
    const device = devices.recognise(request, account);
    const giveBack = device ? await knownDevice(request, reply, device) : await unknownDevices(request, reply, account);
    const result = await checkOnReservation(giveBack, check);
    if (!result) return null;
    devices.issue(reply, account);
    return result;
  };
}
