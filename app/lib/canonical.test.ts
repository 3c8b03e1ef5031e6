import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical.ts';

describe('canonicalUrl', () => {
  const site = 'https://casino.example';
  it('is absolute from PUBLIC_URL, without tracking or other queries', () => {
    expect(canonicalUrl(site, '/faq', '?utm_source=x&ma_token=aff-1&gclid=1')).toBe('https://casino.example/faq');
    expect(canonicalUrl(`${site}/`, '/', '')).toBe('https://casino.example/');
    expect(canonicalUrl(site, '/promotion/sweet-bonanza/', '?fbclid=1')).toBe('https://casino.example/promotion/sweet-bonanza');
  });
  it('keeps a listing page beyond the first, and points the /en copy at the unprefixed page', () => {
    expect(canonicalUrl(site, '/slots', '?page=3&utm_campaign=y')).toBe('https://casino.example/slots?page=3');
    expect(canonicalUrl(site, '/slots', '?page=1')).toBe('https://casino.example/slots');
    expect(canonicalUrl(site, '/slots', '?page=x')).toBe('https://casino.example/slots');
    expect(canonicalUrl(site, '/en/faq', '')).toBe('https://casino.example/faq');
    expect(canonicalUrl(site, '/en', '')).toBe('https://casino.example/');
    expect(canonicalUrl(site, '/energy', '')).toBe('https://casino.example/energy');
  });
});
