import { describe, expect, it } from 'vitest';
import { providerLabel } from './provider-label.ts';

describe('providerLabel', () => {
  it('title-cases the words of a slug', () => {
    expect(providerLabel('croupier-studio')).toBe('Croupier Studio');
    expect(providerLabel('house')).toBe('House');
    expect(providerLabel('a--b-')).toBe('A B');
  });
});
