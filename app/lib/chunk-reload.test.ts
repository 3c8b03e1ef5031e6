import { describe, expect, it } from 'vitest';
import { isChunkLoadError, shouldReloadAfterChunkError } from './chunk-reload.ts';

function memoryStore() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('chunk-load reload rule', () => {
  it('reloads once, then not again on the same path within 10 s', () => {
    const store = memoryStore();
    expect(shouldReloadAfterChunkError('/faq', 1_000_000, store)).toBe(true);
    expect(shouldReloadAfterChunkError('/faq', 1_000_001, store)).toBe(false);
    expect(shouldReloadAfterChunkError('/faq', 1_009_999, store)).toBe(false);
  });

  it('allows another reload once 10 s have passed', () => {
    const store = memoryStore();
    expect(shouldReloadAfterChunkError('/faq', 50_000, store)).toBe(true);
    expect(shouldReloadAfterChunkError('/faq', 60_000, store)).toBe(true);
    expect(shouldReloadAfterChunkError('/faq', 65_000, store)).toBe(false);
  });

  it('counts each path separately', () => {
    const store = memoryStore();
    expect(shouldReloadAfterChunkError('/faq', 1_000, store)).toBe(true);
    expect(shouldReloadAfterChunkError('/promotion', 1_001, store)).toBe(true);
    expect(shouldReloadAfterChunkError('/faq', 1_002, store)).toBe(false);
  });

  it('recognises the browsers’ chunk-load errors and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
