import { describe, expect, it } from 'vitest';
import { listingPageHref, listingPageNumber } from './listing-page.ts';

describe('listing pages', () => {
  it('reads ?page=, the first page when absent', () => {
    expect(listingPageNumber(null)).toBe(1);
    expect(listingPageNumber('1')).toBe(1);
    expect(listingPageNumber('12')).toBe(12);
  });

  it('refuses what is not a page number', () => {
    for (const param of ['', '0', '-1', '01', '1.5', 'two', ' 2', '1e3', '1234567']) expect(listingPageNumber(param)).toBeNull();
  });

  it('links the first page without a query', () => {
    expect(listingPageHref('/slots', 1)).toBe('/slots');
    expect(listingPageHref('/en/slots', 3)).toBe('/en/slots?page=3');
  });
});
