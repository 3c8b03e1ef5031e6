import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache.ts';

describe('the read cache', () => {
  const setup = () => {
    let clock = 1_000_000;
    const cache = createReadCache({ ttlMs: 5_000, now: () => clock });
    let loads = 0;
    const load = (value: string) => async () => {
      loads++;
      return value;
    };
    return { cache, load, loads: () => loads, tick: (ms: number) => (clock += ms) };
  };

  it('answers from memory within its time, then reads again', async () => {
    const { cache, load, loads, tick } = setup();
    expect(await cache.read('k', load('a'))).toBe('a');
    tick(4_999);
    expect(await cache.read('k', load('b'))).toBe('a');
    tick(2);
    expect(await cache.read('k', load('c'))).toBe('c');
    expect(loads()).toBe(2);
  });

  it('shares one read among the requests that ask while it runs', async () => {
    const { cache, load, loads } = setup();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.read('k', load('a'))));
    expect(new Set(answers)).toEqual(new Set(['a']));
    expect(loads()).toBe(1);
  });

  it('runs a thenable loader once, however often its answer is awaited (a query builder runs on every then)', async () => {
    const { cache } = setup();
    let runs = 0;
    // biome-ignore lint/suspicious/noThenProperty: a thenable that is no promise is exactly what a query builder is
    const builder = { then: (resolve: (value: string) => void) => resolve(`run ${++runs}`) } as unknown as PromiseLike<string>;
    expect(await cache.read('q', () => builder)).toBe('run 1');
    expect(await cache.read('q', () => builder)).toBe('run 1');
    expect(runs).toBe(1);
  });

  it('forgets everything at once when told (an operator changed a game)', async () => {
    const { cache, load } = setup();
    await cache.read('k', load('a'));
    cache.clear();
    expect(await cache.read('k', load('b'))).toBe('b');
  });

  it('keeps neither a failure nor an answer it is told not to keep', async () => {
    const { cache, load, loads } = setup();
    await expect(cache.read('k', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await cache.read('k', load('a'))).toBe('a');
    expect(
      await cache.read(
        'unknown',
        async () => null,
        (value) => value !== null,
      ),
    ).toBeNull();
    expect(await cache.read('unknown', load('found now'), (value) => value !== null)).toBe('found now');
    expect(loads()).toBe(2);
  });
});
