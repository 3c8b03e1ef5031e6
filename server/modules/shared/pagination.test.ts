import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageMeta, pageOffset } from './pagination.ts';

describe('pageMeta', () => {
  it('says which page this is, its size, the total and the last page', () => {
    expect(pageMeta({ page: 2, perPage: 20 }, 45)).toEqual({ current_page: 2, per_page: 20, total: 45, last_page: 3 });
  });

  it('gives an empty list one page', () => {
    expect(pageMeta({ page: 1, perPage: 20 }, 0)).toEqual({ current_page: 1, per_page: 20, total: 0, last_page: 1 });
  });

  it('has room for every item on its pages and no empty page after them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.nat(100_000), (perPage, total) => {
        const { last_page } = pageMeta({ page: 1, perPage }, total);
        expect(last_page * perPage).toBeGreaterThanOrEqual(total);
        expect(last_page === 1 || (last_page - 1) * perPage < total).toBe(true);
      }),
    );
  });
});

describe('pageOffset', () => {
  it('skips the rows of the pages before', () => {
    expect(pageOffset({ page: 1, perPage: 20 })).toBe(0);
    expect(pageOffset({ page: 3, perPage: 25 })).toBe(50);
  });
});
