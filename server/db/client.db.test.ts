import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameCategories, gameProviders } from '../modules/catalog/schema.ts';
import { promotions, routeRules } from '../modules/content/schema.ts';
import type { DatabaseHandle } from './client.ts';
import { seedDemoContent } from './seed.ts';
import { openTestDatabase } from './test-database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const count = async (table: typeof promotions | typeof routeRules | typeof gameCategories | typeof gameProviders) => {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n;
};

describe('the data layer', () => {
  it(`runs on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} with every migration applied`, async () => {
    expect(database.driver).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    const result = await database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`);
    const tables = (result as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
    expect(tables).toEqual(expect.arrayContaining(['game_categories', 'game_providers', 'promotions', 'route_rules', 'site_settings']));
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('seeds an empty database with demo content, and seeding again changes nothing', async () => {
    expect(await count(promotions)).toBe(0);
    await seedDemoContent(database.db);
    const first = [await count(promotions), await count(routeRules), await count(gameCategories), await count(gameProviders)];
    expect(first.every((n) => (n ?? 0) > 0)).toBe(true);
    await seedDemoContent(database.db);
    expect([await count(promotions), await count(routeRules), await count(gameCategories), await count(gameProviders)]).toEqual(first);
  });

  it('refuses a route rule that is not a redirect', async () => {
    await expect(database.db.insert(routeRules).values({ sourcePath: '/x', target: '/y', status: 200 })).rejects.toThrow();
    await expect(database.db.insert(routeRules).values({ sourcePath: 'x', target: '/y', status: 301 })).rejects.toThrow();
  });
});
