import { describe, expect, it } from 'vitest';
import { readTransactionQuery, transactionSearch, transactionsExportHref } from './transaction-query.ts';

const read = (query: string) => readTransactionQuery(new URLSearchParams(query));

describe('transaction history query', () => {
  it('reads known filters, days and the page', () => {
    expect(read('type=deposit&status=completed&from=2026-01-01&to=2026-01-31&page=3')).toEqual({
      filters: { type: 'deposit', status: 'completed', from: '2026-01-01', to: '2026-01-31' },
      page: 3,
      errors: {},
    });
  });

  it('leaves out what the API would refuse and says why for dates', () => {
    const { filters, page, errors } = read('type=jackpot&status=lost&from=2026-02-30&to=yesterday&page=0');
    expect(filters).toEqual({ type: undefined, status: undefined });
    expect(page).toBe(1);
    expect(errors).toEqual({ from: 'Enter a date as YYYY-MM-DD.', to: 'Enter a date as YYYY-MM-DD.' });
  });

  it('refuses a to date before the from date', () => {
    const { filters, errors } = read('from=2026-03-10&to=2026-03-01');
    expect(filters.from).toBe('2026-03-10');
    expect(filters.to).toBeUndefined();
    expect(errors.to).toMatch(/on or after/);
  });

  it('writes only what is set, the page only past the first', () => {
    expect(transactionSearch({})).toBe('');
    expect(transactionSearch({ type: 'win' }, 1)).toBe('?type=win');
    expect(transactionSearch({ status: 'pending', from: '2026-01-01' }, 2)).toBe('?status=pending&from=2026-01-01&page=2');
    expect(transactionsExportHref({ type: 'bet', to: '2026-05-01' })).toBe('/api/player/transactions/export?type=bet&to=2026-05-01');
  });
});
