// The demo affiliate (docs/decisions/0107-affiliates.md): approved, on a hybrid plan, with one tracking link, so a
// newcomer can sign in to the portal and follow a player from click to statement. Never in production (its password
// is in the README). Running it again changes nothing.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { affiliateLinks, affiliatePlans, affiliates } from './schema.ts';

export const DEMO_AFFILIATE = { email: 'affiliate@croupier.example', password: 'Demo#Partner2026', linkToken: 'DemoPartner2026' } as const;

export async function seedDemoAffiliate(db: Database, passwordHash: string, currency: string): Promise<void> {
  const [existing] = await db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.email, DEMO_AFFILIATE.email));
  if (existing) return;
  const [plan] = await db
    .insert(affiliatePlans)
    .values({
      name: 'Demo hybrid: €50 CPA + 25% RevShare',
      type: 'hybrid',
      currency,
      cpaAmount: 5_000,
      cpaMinDeposit: 2_000,
      cpaWindowDays: 30,
      revshareTiers: [
        { minActivePlayers: 0, percentBp: 2_500 },
        { minActivePlayers: 10, percentBp: 3_000 },
      ],
      negativeCarryover: true,
    })
    .returning({ id: affiliatePlans.id });
  const [affiliate] = await db
    .insert(affiliates)
    .values({
      kind: 'company',
      name: 'Demo Partner Media',
      contactName: 'Dana Demo',
      email: DEMO_AFFILIATE.email,
      passwordHash,
      country: 'GB',
      website: 'https://partner.example',
      payoutMethod: 'bank_transfer',
      payoutDetails: 'IBAN GB00 DEMO 0000 0000 0000 00',
      status: 'approved',
      planId: plan!.id,
      postbackSecret: randomBytes(24).toString('base64url'),
      approvedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: affiliates.id });
  if (!affiliate) return;
  await db
    .insert(affiliateLinks)
    .values({ affiliateId: affiliate.id, token: DEMO_AFFILIATE.linkToken, name: 'Demo home page link', landingPath: '/' })
    .onConflictDoNothing();
}
