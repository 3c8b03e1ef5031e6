import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { HOUSE_PROVIDER, houseGameRows } from './house-games.ts';
import { gameCategories, gameProviders, games } from './schema.ts';

export async function seedCatalog(db: Database): Promise<void> {
  await db
    .insert(gameCategories)
    .values([
      { slug: 'originals', name: 'Originals', description: 'Provably fair dice, mines, plinko and crash, made by our studio.', sortOrder: 5 },
      { slug: 'slots', name: 'Slots', description: 'Five-reel video slots with free spins and wilds.', sortOrder: 10 },
      { slug: 'table-games', name: 'Table games', description: 'Roulette and blackjack with classic rules.', sortOrder: 20 },
      { slug: 'new', name: 'New games', description: 'The latest releases from our studio.', sortOrder: 30 },
      { slug: 'popular', name: 'Popular', description: 'What players are enjoying this week.', sortOrder: 40 },
    ])
    .onConflictDoNothing({ target: gameCategories.slug });
  await db
    .insert(gameProviders)
    .values([{ slug: HOUSE_PROVIDER, name: 'Croupier Studio', description: 'Our own provably fair games.' }])
    .onConflictDoNothing({ target: gameProviders.slug });

  // Existing games are left as the operator has them (limits, tags, art); only missing titles are added.
  const rows = houseGameRows();
  const categories = await db
    .select({ id: gameCategories.id, slug: gameCategories.slug })
    .from(gameCategories)
    .where(inArray(gameCategories.slug, [...new Set(rows.map((row) => row.category))]));
  const [provider] = await db.select({ id: gameProviders.id }).from(gameProviders).where(eq(gameProviders.slug, HOUSE_PROVIDER));
  const categoryId = new Map(categories.map((category) => [category.slug, category.id]));
  await db
    .insert(games)
    .values(rows.map(({ category, ...row }) => ({ ...row, providerId: provider!.id, categoryId: categoryId.get(category)! })))
    .onConflictDoNothing({ target: games.slug });
}
