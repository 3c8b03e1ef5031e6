// The demo affiliate (README "Demo accounts"): only when asked for (never in production), once however often the seed runs.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { seedDemoContent } from '../../db/seed.ts';
import { openTestDatabase } from '../../db/test-database.ts';
import { createPasswordHasher } from '../accounts/passwords.ts';
import { DEMO_AFFILIATE } from './seed.ts';
import { affiliateLinks, affiliatePlans, affiliates } from './schema.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the demo affiliate', () => {
  it('is seeded once, approved, on a plan, with its link, and only when demo accounts are asked for', async () => {
    const { db } = database;
    await seedDemoContent(db);
    expect(await db.select().from(affiliates).where(eq(affiliates.email, DEMO_AFFILIATE.email))).toEqual([]);
    await seedDemoContent(db, { demoAccounts: true });
    await seedDemoContent(db, { demoAccounts: true });
    const rows = await db.select().from(affiliates).where(eq(affiliates.email, DEMO_AFFILIATE.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'approved', planId: expect.any(Number) });
    expect(await createPasswordHasher({ memoryKib: 19_456, timeCost: 2 }).verify(rows[0]!.passwordHash, DEMO_AFFILIATE.password)).toBe(true);
    const [plan] = await db.select().from(affiliatePlans).where(eq(affiliatePlans.id, rows[0]!.planId!));
    expect(plan).toMatchObject({ type: 'hybrid', cpaAmount: 5_000 });
    const links = await db.select().from(affiliateLinks).where(eq(affiliateLinks.affiliateId, rows[0]!.id));
    expect(links.map((link) => link.token)).toEqual([DEMO_AFFILIATE.linkToken]);
  });
});
