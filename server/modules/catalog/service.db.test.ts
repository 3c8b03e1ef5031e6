import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../db/test-database.ts';
import { seedCatalog } from './seed.ts';
import { createCatalogService } from './service.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedCatalog(database.db);
});
afterAll(async () => {
  await database.close();
});

describe('all-games guard (resolveListing)', () => {
  const catalog = () => createCatalogService({ db: database.db });

  it('resolves a category slug', async () => {
    expect(await catalog().resolveListing('/slots')).toMatchObject({ kind: 'category', slug: 'slots', name: 'Slots' });
  });

  it('resolves a provider, alone or under /providers', async () => {
    expect(await catalog().resolveListing('/croupier-studio')).toMatchObject({ kind: 'provider', slug: 'croupier-studio' });
    expect(await catalog().resolveListing('/providers/croupier-studio')).toMatchObject({ kind: 'provider' });
  });

  it('refuses unknown, malformed and too deep slugs', async () => {
    for (const path of ['/no-such-thing', '/', '/SLOTS', '/slots/extra', '/a/b/c', '/providers/slots', "/slots'--"]) {
      expect(await catalog().resolveListing(path), path).toBeNull();
    }
  });

  it('lists the categories in order', async () => {
    expect((await catalog().gameCategories()).map((c) => c.slug)).toEqual(['originals', 'slots', 'table-games', 'new', 'popular']);
  });
});
