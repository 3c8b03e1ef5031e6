import type { Database } from '../../db/client.ts';
import { gameCategories, gameProviders } from './schema.ts';

export async function seedCatalog(db: Database): Promise<void> {
  await db
    .insert(gameCategories)
    .values([
      { slug: 'slots', name: 'Slots', description: 'Five-reel video slots with free spins and wilds.', sortOrder: 10 },
      { slug: 'table-games', name: 'Table games', description: 'Roulette and blackjack with classic rules.', sortOrder: 20 },
      { slug: 'new', name: 'New games', description: 'The latest releases from our studio.', sortOrder: 30 },
      { slug: 'popular', name: 'Popular', description: 'What players are enjoying this week.', sortOrder: 40 },
    ])
    .onConflictDoNothing({ target: gameCategories.slug });
  await db
    .insert(gameProviders)
    .values([{ slug: 'croupier-studio', name: 'Croupier Studio', description: 'Our own provably fair games.' }])
    .onConflictDoNothing({ target: gameProviders.slug });
}
