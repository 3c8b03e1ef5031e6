import { describe, expect, it } from 'vitest';
import { hasSqlState, isNullColumn, isUniqueViolation, rowsOf } from './db-results.ts';

describe('isUniqueViolation', () => {
  it('finds SQLSTATE 23505 on the error or on any error it wraps', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('query failed', { cause: new Error('driver', { cause: { code: '23505' } }) }))).toBe(true);
  });

  it('is false for other errors and for non-errors', () => {
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it('hasSqlState matches any code the same way', () => {
    expect(hasSqlState(new Error('x', { cause: { code: 'LDG01' } }), 'LDG01')).toBe(true);
  });
});

describe('rowsOf', () => {
  it('reads the rows of a raw result', () => {
    expect(rowsOf<{ n: number }>({ rows: [{ n: 1 }] })).toEqual([{ n: 1 }]);
  });
});

describe('isNullColumn', () => {
  it('finds SQLSTATE 23502 on the named column, on the error or one it wraps', () => {
    expect(isNullColumn(new Error('query failed', { cause: { code: '23502', column: 'nonce' } }), 'nonce')).toBe(true);
    expect(isNullColumn({ code: '23502', column: 'stake' }, 'nonce')).toBe(false);
    expect(isNullColumn({ code: '23505', column: 'nonce' }, 'nonce')).toBe(false);
    expect(isNullColumn(undefined, 'nonce')).toBe(false);
  });
});
