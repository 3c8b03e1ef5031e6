// Idempotency, written once (docs/decisions/0028-modules-own-their-tables.md): the Idempotency-Key rule, the hash
// of what a request asks for, ids derived from a key, and the one answer to a reused key with another request.
// Deposits, withdrawals, rounds and the ledger all go through these.

import { createHash } from 'node:crypto';
import { Problem } from '../../problem.ts';

/** 1 to 200 visible ASCII characters (DESIGN.md). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/**
 * An `Idempotency-Key` header value as given: a 400 when it is missing and `required`, or malformed; null when it
 * is missing and optional (demo play, which moves no money).
 */
export function parseIdempotencyKey(value: unknown, required: true): string;
export function parseIdempotencyKey(value: unknown, required: boolean): string | null;
export function parseIdempotencyKey(value: unknown, required: boolean): string | null {
  if (value === undefined || value === '') {
    if (!required) return null;
    throw new Problem(400, 'The Idempotency-Key header is required.', { type: 'idempotency' });
  }
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new Problem(400, 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.', { type: 'idempotency' });
  }
  return value;
}

/**
 * What a replay under the same key must match: SHA-256 (hex) of the JSON text of `request`. Callers pass an array of
 * the parts that define the request, in a fixed order; object keys are hashed in the order they were written.
 */
export function requestHashOf(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/**
 * A UUID (version 8, RFC 9562) fixed by its parts, e.g. ('withdrawal', playerId, key): the row's id, and the ledger
 * keys built from it, exist before the transaction that writes it, so a replay finds the same row.
 */
export function keyedUuid(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** The 409 for a key already used with a different request. */
export const idempotencyConflict = () => new Problem(409, 'This Idempotency-Key was already used with a different request.', { type: 'idempotency' });

/**
 * A replay's answer: the earlier record when it was made by the same request (same hash), else the 409.
 * `missing` is what to throw when no record is there (a caller bug or a race it explains).
 */
export function replayOf<T extends { requestHash: string }>(existing: T | undefined | null, hash: string, missing: () => Error = idempotencyConflict): T {
  if (!existing) throw missing();
  if (existing.requestHash !== hash) throw idempotencyConflict();
  return existing;
}
