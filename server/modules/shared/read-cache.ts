import { LRUCache } from 'lru-cache';

/**
 * Reads every page asks for (the lobby's categories, providers and pages of games, running promotions, page
 * overrides) kept a few seconds per process: they change only when an operator changes them, which forgets them on
 * every node at once (the owning module's invalidate, through the cache bus, server/cache-bus.ts). A read in flight
 * is shared by the requests that ask meanwhile, so a burst of visitors costs one query, not one each. Bounded:
 * anyone can ask for any search.
 */
export function createReadCache({ ttlMs, now }: { ttlMs: number; now: () => number }) {
  // ttlResolution 0: ask the clock on every read (the default caches it for a millisecond on a timer).
  const kept = new LRUCache<string, Promise<unknown>>({ max: 1_000, ttl: ttlMs, ttlResolution: 0, perf: { now } });
  return {
    /** The kept answer for `key`, or `load()`'s, kept unless it fails or `keep` refuses it (e.g. an unknown slug). */
    read<T>(key: string, load: () => PromiseLike<T>, keep: (value: T) => boolean = () => true): Promise<T> {
      const found = kept.get(key) as Promise<T> | undefined;
      if (found) return found;
      // A real promise, run once: a query builder is a thenable that would run its query again on every await.
      const loading = Promise.resolve(load());
      kept.set(key, loading);
      const forget = () => {
        if (kept.peek(key) === loading) kept.delete(key);
      };
      loading.then((value) => (keep(value) ? undefined : forget()), forget);
      return loading;
    },
    clear(): void {
      kept.clear();
    },
  };
}
