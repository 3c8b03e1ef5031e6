import { seedCatalog } from '../modules/catalog/seed.ts';
import { seedContent } from '../modules/content/seed.ts';
import type { Database } from './client.ts';

/** Fills an empty database with demo content; running it again changes nothing. */
export async function seedDemoContent(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await seedContent(tx);
    await seedCatalog(tx);
  });
}
