import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../db/test-database.ts';
import { seedContent } from './seed.ts';
import { promotions } from './schema.ts';
import { createContentService } from './service.ts';

let database: DatabaseHandle;
const now = new Date('2026-06-01T12:00:00Z');
beforeAll(async () => {
  database = await openTestDatabase();
  await seedContent(database.db);
  await database.db.insert(promotions).values([
    { slug: 'past', title: 'Past', summary: 's', body: 'b', sortOrder: 1, endsAt: new Date('2026-05-01T00:00:00Z') },
    { slug: 'future', title: 'Future', summary: 's', body: 'b', sortOrder: 1, startsAt: new Date('2026-07-01T00:00:00Z') },
    { slug: 'hidden', title: 'Hidden', summary: 's', body: 'b', sortOrder: 1, published: false },
    { slug: 'first', title: 'First', summary: 's', body: 'b', sortOrder: 0, endsAt: new Date('2026-06-30T00:00:00Z') },
  ]);
});
afterAll(async () => {
  await database.close();
});

describe('content service', () => {
  const content = () => createContentService({ db: database.db, now: () => now });

  it('lists only published promotions running now, in the operator order', async () => {
    const list = await content().promotions();
    expect(list.map((p) => p.slug)).toEqual(['first', 'welcome-match', 'weekend-reload', 'cashback-monday', 'lucky-wheel-tournament']);
    expect(list[0]?.endsAt).toBe('2026-06-30T00:00:00.000Z');
  });

  it('finds one promotion by id or slug, never one that is not running', async () => {
    const service = content();
    const bySlug = await service.promotion('welcome-match');
    expect(bySlug?.title).toBe('100% Match Bonus up to €500');
    expect(bySlug?.body).toContain('## Wagering');
    expect((await service.promotion(String(bySlug?.id)))?.slug).toBe('welcome-match');
    expect(await service.promotion('past')).toBeNull();
    expect(await service.promotion('future')).toBeNull();
    expect(await service.promotion('hidden')).toBeNull();
    expect(await service.promotion('99999')).toBeNull();
    expect(await service.promotion('9999999999999')).toBeNull();
  });

  it('serves the route rules table', async () => {
    const rules = await content().routeRules();
    expect(rules).toContainEqual({ source: '/promotions', target: '/promotion', status: 301 });
    expect(rules).toContainEqual({ source: '/gambling-help', target: 'https://www.begambleaware.org/', status: 302 });
  });
});
