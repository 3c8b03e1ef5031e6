import { asc, eq } from 'drizzle-orm';
import type { GameCategory, ListingTarget } from '../../../contract/site.ts';
import type { Database } from '../../db/client.ts';
import { gameCategories, gameProviders } from './schema.ts';

export type CatalogService = ReturnType<typeof createCatalogService>;

export function createCatalogService({ db }: { db: Database }) {
  return {
    async gameCategories(): Promise<GameCategory[]> {
      return db
        .select({ slug: gameCategories.slug, name: gameCategories.name, description: gameCategories.description })
        .from(gameCategories)
        .orderBy(asc(gameCategories.sortOrder), asc(gameCategories.id));
    },

    /**
     * The all-games guard: `/{slug, any depth}` names a category or a provider by its last segment
     * (`/slots`, `/providers/croupier-studio`). Anything else is not a listing.
     */
    async resolveListing(slugPath: string): Promise<ListingTarget | null> {
      const segments = slugPath.split('/').filter(Boolean);
      const slug = segments.at(-1);
      if (!slug || segments.length > 2 || !/^[a-z0-9-]{1,64}$/.test(slug)) return null;
      const wantsProvider = segments.length === 2;
      if (wantsProvider && segments[0] !== 'providers') return null;
      if (!wantsProvider) {
        const [category] = await db
          .select({ slug: gameCategories.slug, name: gameCategories.name, description: gameCategories.description })
          .from(gameCategories)
          .where(eq(gameCategories.slug, slug));
        if (category) return { kind: 'category', ...category };
      }
      const [provider] = await db
        .select({ slug: gameProviders.slug, name: gameProviders.name, description: gameProviders.description })
        .from(gameProviders)
        .where(eq(gameProviders.slug, slug));
      return provider ? { kind: 'provider', ...provider } : null;
    },
  };
}
