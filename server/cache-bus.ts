// Per-process caches (settings 5 s, games and the lobby 5 s, route rules 10 s, promotions and page overrides 5 s, aggregators' game sessions until they end) forgotten on every node at once when an
// operator changes what they hold (docs/decisions/0084-admin-console.md). With Redis, a change is
// published on one channel that every node subscribes to; without Redis there is one node and the bus is local.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export const CACHE_TOPICS = ['settings', 'games', 'route-rules', 'content', 'provider-sessions'] as const;
export type CacheTopic = (typeof CACHE_TOPICS)[number];
export const CACHE_CHANNEL = 'croupier:cache-invalidate';

export type CacheBus = {
  /** Runs `forget` whenever `topic` changes, on this node or another. */
  on(topic: CacheTopic, forget: () => void): void;
  /** Forgets `topic` here at once, then tells the other nodes. Never throws: a node that misses it catches up within its TTL. */
  changed(topic: CacheTopic): Promise<void>;
  /** Resolves once this node listens to the other nodes (at once without Redis). */
  ready(): Promise<void>;
  close(): Promise<void>;
};

const isTopic = (value: unknown): value is CacheTopic => (CACHE_TOPICS as readonly unknown[]).includes(value);

export function createCacheBus({ redis, logger }: { redis?: Redis | undefined; logger?: FastifyBaseLogger | undefined } = {}): CacheBus {
  const node = randomUUID();
  const listeners = new Map<CacheTopic, (() => void)[]>();
  const forget = (topic: CacheTopic) => {
    for (const listener of listeners.get(topic) ?? []) listener();
  };
  // A subscribed connection can do nothing else, so it is a second one; it connects when the first node needs it.
  const subscriber = redis?.duplicate();
  let subscribed: Promise<void> | undefined;
  function subscribe(): Promise<void> {
    if (!subscriber) return Promise.resolve();
    subscribed ??= (async () => {
      subscriber.on('error', (error) => logger?.warn({ err: error }, 'cache bus: redis connection problem'));
      subscriber.on('message', (_channel: string, raw: string) => {
        try {
          const message = JSON.parse(raw) as { node?: unknown; topic?: unknown };
          if (message.node !== node && isTopic(message.topic)) forget(message.topic);
        } catch {
          // Not ours: ignore.
        }
      });
      await subscriber.subscribe(CACHE_CHANNEL);
    })().catch((error: unknown) => {
      logger?.warn({ err: error }, 'cache bus: could not subscribe; changes from other nodes show within the cache times');
      subscribed = undefined;
    });
    return subscribed;
  }

  return {
    on(topic, listener) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
    },
    async changed(topic) {
      forget(topic);
      if (!redis) return;
      try {
        await redis.publish(CACHE_CHANNEL, JSON.stringify({ node, topic }));
      } catch (error) {
        logger?.warn({ err: error, topic }, 'cache bus: could not tell the other nodes');
      }
    },
    ready: subscribe,
    async close() {
      if (subscriber && subscriber.status !== 'end') await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
