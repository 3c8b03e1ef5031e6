import { createPasswordHasher } from '../modules/accounts/passwords.ts';
import { DEMO_AFFILIATE, seedDemoAffiliate } from '../modules/affiliates/seed.ts';
import { seedCatalog } from '../modules/catalog/seed.ts';
import { seedContent } from '../modules/content/seed.ts';
import type { Database } from './client.ts';

/**
 * Fills an empty database with demo content; running it again changes nothing. `demoAccounts` adds the demo
 * affiliate (README), whose password is public: never in production.
 */
export async function seedDemoContent(
  db: Database,
  { demoAccounts = false, currency = 'EUR' }: { demoAccounts?: boolean; currency?: string } = {},
): Promise<void> {
  const affiliateHash = demoAccounts ? await createPasswordHasher({ memoryKib: 19_456, timeCost: 2 }).hash(DEMO_AFFILIATE.password) : null;
  await db.transaction(async (tx) => {
    await seedContent(tx);
    await seedCatalog(tx);
    if (affiliateHash) await seedDemoAffiliate(tx, affiliateHash, currency);
  });
}
