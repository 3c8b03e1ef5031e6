// Two app nodes sharing Redis (decision 0097): a page one of them rendered is a hit on the other, and a purge on
// either forgets it on both at once. Each node has its own database copy, services and cache bus, as two servers
// behind a load balancer have; they share the page cache's namespace in Redis and nothing else of this file's.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { createServices, type Services } from '../services.ts';
import { buildApp } from './app.ts';
import { productionSite } from './test-production-site.ts';
import { cspOf } from './test-security-headers.ts';

const redisUrl = process.env.REDIS_URL;
const namespace = `croupier-test:page-cache:${process.pid}:${randomBytes(4).toString('hex')}:`;
const PERSON = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

type Node = { app: FastifyInstance; services: Services; close: () => Promise<void> };

async function startNode(): Promise<Node> {
  const config = loadConfig({
    DATA_DIR: `test-results/unit-data/${randomBytes(6).toString('hex')}`,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    REDIS_URL: redisUrl,
  });
  const database = await openTestDatabase({ seeded: true });
  const services = createServices({ config, database });
  await services.start();
  await services.cacheBus.ready();
  const app = await buildApp({
    services,
    site: await productionSite(),
    rateLimitNamespace: `croupier-test:${randomBytes(6).toString('hex')}:`,
    pageCacheNamespace: namespace,
  });
  return {
    app,
    services,
    close: async () => {
      await app.close();
      await database.close();
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}

const stateOf = (response: LightMyRequestResponse) => response.headers['x-page-cache'];
const nonceOf = (response: LightMyRequestResponse) =>
  cspOf(response)
    .get('script-src')
    ?.find((source) => source.startsWith("'nonce-"));
/** A node writes to Redis after it answers: wait until the page is there before asking the other node. */
async function inRedis(url: string) {
  const redis = new Redis(redisUrl!);
  try {
    await expect
      .poll(async () => (await redis.keys(`${namespace}*`)).filter((key) => key.endsWith(` ${url}`)).length, { timeout: 5_000, interval: 20 })
      .toBeGreaterThan(0);
  } finally {
    await redis.quit();
  }
}
const get = (node: Node, url: string) => node.app.inject({ method: 'GET', url, headers: { 'user-agent': PERSON } });

describe.skipIf(!redisUrl)('the guest page cache shared through Redis', () => {
  let a: Node;
  let b: Node;
  beforeAll(async () => {
    [a, b] = await Promise.all([startNode(), startNode()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${namespace}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('serves a page one node rendered from the other, the same bytes under the same nonce', async () => {
    const rendered = await get(a, '/faq?case=shared');
    expect(rendered.statusCode).toBe(200);
    expect(stateOf(rendered)).toBe('miss');
    await inRedis('/faq?case=shared');
    const elsewhere = await get(b, '/faq?case=shared');
    expect(stateOf(elsewhere)).toBe('hit');
    expect(elsewhere.body).toBe(rendered.body);
    expect(nonceOf(elsewhere)).toBe(nonceOf(rendered));
    expect(elsewhere.headers['set-cookie']).toBe(rendered.headers['set-cookie']);
    // Now in b's memory too.
    expect(stateOf(await get(b, '/faq?case=shared'))).toBe('hit');
  });

  it('forgets a page on both nodes when either purges', async () => {
    const first = await get(a, '/about?case=purge');
    expect(stateOf(first)).toBe('miss');
    await inRedis('/about?case=purge');
    expect(stateOf(await get(b, '/about?case=purge'))).toBe('hit');
    expect(stateOf(await get(a, '/about?case=purge'))).toBe('hit');
    const before = nonceOf(first);

    await b.services.cacheBus.changed('content');
    // b forgot it at once and renders it anew (a new nonce), storing that render under the new generation.
    const after = await get(b, '/about?case=purge');
    expect(stateOf(after)).toBe('miss');
    expect(nonceOf(after)).not.toBe(before);
    // a forgets its copy when the bus's message arrives; from then on it serves the new render (from Redis, a hit,
    // or its own), never the page from before the purge.
    await expect.poll(async () => nonceOf(await get(a, '/about?case=purge')), { timeout: 5_000, interval: 50 }).not.toBe(before);
    expect(nonceOf(await get(a, '/about?case=purge'))).not.toBe(before);
  });

  it('finds nothing of an older generation after a purge, even on a node whose memory is empty', async () => {
    expect(stateOf(await get(a, '/fairness?case=generation'))).toBe('miss');
    await inRedis('/fairness?case=generation');
    await a.services.cacheBus.changed('settings');
    // b never held it in memory: only the shared tier could answer it, and that moved to a new generation.
    expect(stateOf(await get(b, '/fairness?case=generation'))).toBe('miss');
  });
});
