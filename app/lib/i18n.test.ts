import { describe, expect, it } from 'vitest';
import { type MessageKey, t } from './i18n.ts';

describe('t', () => {
  it('returns the catalogue string at a dotted key', () => {
    expect(t('cookies.accept')).toBe('Accept');
    expect(t('build.available')).toBe('A new version of the site is available.');
  });

  it('fills every placeholder, as written, without escaping', () => {
    expect(t('meta.title', { site: 'Lucky & <Star>' })).toBe('Lucky & <Star> — online casino with provably fair games');
    expect(t('spinner.label', { site: 'Croupier' })).toBe('Loading Croupier');
    expect(t('meta.description', { site: 'A' }).startsWith('A: slots')).toBe(true);
  });

  it('leaves a placeholder whose value is missing, and answers an unknown key with the key', () => {
    expect(t('meta.shareImageAlt')).toBe('{{site}}: provably fair casino games');
    expect(t('spinner.label', { site: 0 })).toBe('Loading 0');
    expect(t('meta.nothing' as MessageKey)).toBe('meta.nothing');
    expect(t('meta' as MessageKey)).toBe('meta');
    expect(t('cookies.accept.more' as MessageKey)).toBe('cookies.accept.more');
    expect(t('cookies.toString' as MessageKey)).toBe('cookies.toString');
  });
});
