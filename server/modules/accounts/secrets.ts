import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

// Every secret we hand out comes from the CSPRNG and is stored only as its SHA-256 (like Laravel
// Sanctum), so a copy of the database opens no account. SHA-256 without a salt is enough for
// 256-bit random values: there is nothing to guess.

/** A bearer token: 256 bits, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The activation link's id: a random (v4) UUID, as the route /player/activate/{uuid} expects. */
export function newActivationId(): string {
  return randomUUID();
}

/** A six-digit SMS code. */
export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Cheap shape check so junk never reaches the database. */
export const looksLikeToken = (value: unknown): value is string => typeof value === 'string' && TOKEN_SHAPE.test(value);
export const looksLikeUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Session lifetimes (docs/decisions/0010-player-tokens-and-sessions.md). */
export const SESSION = {
  /** A token dies this long after login, however busy the player is. */
  lifetimeMs: 12 * 60 * 60 * 1000,
  /** …or after this long without a request. */
  idleMs: 30 * 60 * 1000,
  /** last_used_at is written at most this often per token, so reads stay reads. */
  touchEveryMs: 60 * 1000,
  /** The newest tokens a player keeps; logging in on more devices retires the oldest. */
  maxPerPlayer: 20,
} as const;

export type TokenTimes = { lastUsedAt: Date; expiresAt: Date };

/** Whether a token may still be used at `now`: 'valid', or why not. */
export function tokenState(token: TokenTimes, now: Date, idleMs: number = SESSION.idleMs): 'valid' | 'expired' | 'idle' {
  if (now.getTime() >= token.expiresAt.getTime()) return 'expired';
  if (now.getTime() - token.lastUsedAt.getTime() >= idleMs) return 'idle';
  return 'valid';
}

export const shouldTouch = (token: TokenTimes, now: Date) => now.getTime() - token.lastUsedAt.getTime() >= SESSION.touchEveryMs;
