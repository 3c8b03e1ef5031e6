import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Problem } from '../../problem.ts';
import { idempotencyConflict, keyedUuid, parseIdempotencyKey, replayOf, requestHashOf } from './idempotency.ts';

const visibleAscii = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 200 });
const part = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 });

function problemOf(run: () => unknown): Problem {
  try {
    run();
  } catch (error) {
    if (error instanceof Problem) return error;
    throw error;
  }
  throw new Error('expected a Problem');
}

describe('parseIdempotencyKey', () => {
  it('accepts every 1 to 200 character visible ASCII key unchanged', () => {
    fc.assert(
      fc.property(visibleAscii, (key) => {
        expect(parseIdempotencyKey(key, true)).toBe(key);
      }),
    );
  });

  it('answers 400 for a missing key where one is required, null where it is optional', () => {
    for (const missing of [undefined, '']) {
      const problem = problemOf(() => parseIdempotencyKey(missing, true));
      expect([problem.statusCode, problem.message, problem.type]).toEqual([400, 'The Idempotency-Key header is required.', 'idempotency']);
      expect(parseIdempotencyKey(missing, false)).toBeNull();
    }
  });

  it('answers 400 for a key that is too long, has spaces or control characters, or is not one string', () => {
    for (const bad of ['x'.repeat(201), 'has space', 'tab\there', 'é', ['a', 'b'], 42]) {
      const problem = problemOf(() => parseIdempotencyKey(bad, false));
      expect([problem.statusCode, problem.message]).toEqual([400, 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.']);
    }
  });
});

describe('requestHashOf', () => {
  it('is the SHA-256 of the JSON text, so hashes stored before this helper still match', () => {
    const parts = ['deposit', 'sandbox-card', 1000, null];
    expect(requestHashOf(parts)).toBe(createHash('sha256').update(JSON.stringify(parts)).digest('hex'));
  });

  it('is equal for equal requests and differs when any part differs', () => {
    const request = fc.tuple(fc.constantFrom('deposit', 'withdrawal'), part, fc.integer({ min: 1, max: 1e9 }), fc.option(part));
    fc.assert(
      fc.property(request, request, (a, b) => {
        expect(requestHashOf(a) === requestHashOf(structuredClone(b))).toBe(JSON.stringify(a) === JSON.stringify(b));
      }),
    );
  });

  it('keeps the order parts are given in (a hash of what was asked, not a set)', () => {
    expect(requestHashOf(['a', 'b'])).not.toBe(requestHashOf(['b', 'a']));
  });
});

describe('keyedUuid', () => {
  it('is a version-8, RFC variant UUID, the same for the same parts', () => {
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 4 }), (parts) => {
        const id = keyedUuid(...parts);
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(keyedUuid(...parts)).toBe(id);
      }),
    );
  });

  it('separates players and keys (no two (player, key) pairs share an id)', () => {
    fc.assert(
      fc.property(fc.nat(), visibleAscii, fc.nat(), visibleAscii, (p1, k1, p2, k2) => {
        fc.pre(p1 !== p2 || k1 !== k2);
        expect(keyedUuid('withdrawal', String(p1), k1)).not.toBe(keyedUuid('withdrawal', String(p2), k2));
      }),
    );
  });

  it('derives the same ids as before it was shared (rounds and withdrawals already stored keep theirs)', () => {
    // The value the former games roundIdFor(7, 'key-1') gave.
    expect(keyedUuid('round', '7', 'key-1')).toBe('07e59e2b-449f-89cc-a576-ab9e774e568e');
  });
});

describe('replayOf', () => {
  it('same key and same request replays the earlier record; another request is a 409', () => {
    fc.assert(
      fc.property(fc.array(part), fc.array(part), (first, second) => {
        const stored = { id: 'x', requestHash: requestHashOf(first) };
        const hash = requestHashOf(second);
        if (JSON.stringify(first) === JSON.stringify(second)) expect(replayOf(stored, hash)).toBe(stored);
        else {
          const problem = problemOf(() => replayOf(stored, hash));
          expect([problem.statusCode, problem.message, problem.type]).toEqual([409, idempotencyConflict().message, 'idempotency']);
        }
      }),
    );
  });

  it('with nothing stored throws what the caller says, the conflict by default', () => {
    expect(problemOf(() => replayOf(undefined, 'h')).statusCode).toBe(409);
    expect(() => replayOf(null, 'h', () => new Error('not visible'))).toThrow('not visible');
  });
});
