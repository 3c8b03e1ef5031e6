// The cache bus (server/cache-bus.ts): an operator's change is forgotten by this node's caches at once and, with
// Redis, by every other node's too. CI runs this file again with REDIS_URL, where two apps play two nodes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCacheBus } from './cache-bus.ts';
import { siteSettings } from './modules/settings/schema.ts';
import { createTestApp, type TestApp } from './test-app.ts';

describe('the cache bus on one node', () => {
  it('runs the listeners of a topic, and only of that topic, when it changes', async () => {
    const bus = createCacheBus();
    const heard: string[] = [];
    bus.on('settings', () => heard.push('settings'));
    bus.on('games', () => heard.push('games'));
    await bus.ready();
    await bus.changed('games');
    expect(heard).toEqual(['games']);
    await bus.close();
  });

  it('a settings change through a service forgets the 5-second settings cache at once', async () => {
    const app = await createTestApp();
    try {
      const { settings, cacheBus, database } = app.services;
      expect((await settings.publicSettings()).maintenance).toBe('false');
      // Written behind the service's back, as another node would: the cached answer stands until the bus speaks.
      await database.db.insert(siteSettings).values({ key: 'maintenance', value: 'true' });
      expect((await settings.publicSettings()).maintenance).toBe('false');
      await cacheBus.changed('settings');
      expect((await settings.publicSettings()).maintenance).toBe('true');
    } finally {
      await app.close();
    }
  });
});

// With Redis, two apps are two nodes (each with its own database here, which lets the test see whose cache
// answered). Without Redis there is one node, and it is both.
const redis = Boolean(process.env.REDIS_URL);
describe(`the cache bus across nodes (${redis ? 'Redis' : 'one node'})`, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = redis ? await createTestApp() : a;
    await Promise.all([a.services.cacheBus.ready(), b.services.cacheBus.ready()]);
  });
  afterAll(async () => {
    await a?.close();
    if (b !== a) await b?.close();
  });

  it("a change on one node empties the other node's settings, games and route-rule caches", async () => {
    const other = b.services;
    expect((await other.settings.publicSettings()).maintenance).toBe('false');
    await other.database.db.insert(siteSettings).values({ key: 'maintenance', value: 'true' });
    expect((await other.settings.publicSettings()).maintenance).toBe('false');
    await a.services.cacheBus.changed('settings');
    await expect.poll(async () => (await other.settings.publicSettings()).maintenance, { timeout: 2_000 }).toBe('true');

    const rules = await other.content.routeRules();
    await other.content.addRouteRule({ source: '/bus-check', target: '/', status: 302 });
    expect(await other.content.routeRules()).toEqual(rules);
    await a.services.cacheBus.changed('route-rules');
    await expect.poll(async () => (await other.content.routeRules()).map((rule) => rule.source), { timeout: 2_000 }).toContain('/bus-check');

    expect((await other.catalog.playableGame('dice'))?.enabled).toBe(true);
    await other.catalog.updateGame('dice', { enabled: false });
    expect((await other.catalog.playableGame('dice'))?.enabled).toBe(true);
    await a.services.cacheBus.changed('games');
    await expect.poll(async () => (await other.catalog.playableGame('dice'))?.enabled, { timeout: 2_000 }).toBe(false);
  });
});
