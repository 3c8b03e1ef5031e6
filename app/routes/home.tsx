import { Link } from 'react-router';
import type { Route } from './+types/home';
import { PromotionCard } from '../features/content/promotion-card.tsx';
import { CategoryShelf, SHELF_SIZE } from '../features/games/lobby/category-shelf.tsx';
import { FavouritesProvider } from '../features/games/lobby/favourites-context.tsx';
import { FavouritesShelf } from '../features/games/lobby/favourites-shelf.tsx';
import { LobbySearch } from '../features/games/lobby/lobby-search.tsx';
import { ProviderFilter } from '../features/games/lobby/provider-filter.tsx';
import { SHELVES_GRID } from '../features/games/lobby/shelf-layout.ts';
import { viewerFavourites } from '../features/games/lobby/viewer-favourites.ts';
import { HomeHero } from '../features/home/home-hero.tsx';
import { servicesContext, siteStateContext } from '../lib/context.ts';
import { useSiteState } from '../lib/use-site-state.ts';

/** schema.org Organization for search engines, as JSON text safe inside a script element. */
export function organizationJsonLd(siteName: string, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const data = { '@context': 'https://schema.org', '@type': 'Organization', name: siteName, url: `${base}/`, logo: `${base}/favicon.svg` };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [categories, providers, promotions, favourites] = await Promise.all([
    services.gameCategories(),
    services.gameProviders(),
    services.promotions(),
    viewerFavourites(services, context.get(siteStateContext).viewer),
  ]);
  // Awaited: the shelves come from the catalogue's cache, and a page that streamed skeletons first sent each row
  // twice (the skeleton, then the games in a hidden block). A row that fails is handed over as its failed promise,
  // so that row alone shows its error and a retry.
  const games = categories.map((category) => services.games({ category: category.slug, page: 1, perPage: SHELF_SIZE }));
  const settled = await Promise.allSettled(games);
  return {
    promotions: promotions.slice(0, 3),
    providers,
    favourites,
    shelves: categories.map((category, index) => {
      const outcome = settled[index]!;
      return { category, games: outcome.status === 'fulfilled' ? outcome.value : games[index]! };
    }),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const settings = useSiteState()?.settings;
  return (
    <>
      {settings ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a data block, never executed; the text is our own JSON.stringify output with every `<` escaped, so it cannot close the element
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: organizationJsonLd(settings.site_name, settings.public_url) }} />
      ) : null}
      <HomeHero />
      <div className="mx-auto max-w-7xl px-4">
        <div className="space-y-8 py-8 sm:space-y-10 sm:py-10">
          <FavouritesProvider loaded={loaderData.favourites}>
            <LobbySearch>
              <ProviderFilter providers={loaderData.providers}>
                <FavouritesShelf />
                <div className={SHELVES_GRID}>
                  {loaderData.shelves.map((shelf) => (
                    <CategoryShelf key={shelf.category.slug} category={shelf.category} games={shelf.games} />
                  ))}
                </div>
              </ProviderFilter>
            </LobbySearch>
          </FavouritesProvider>
        </div>
        <section aria-labelledby="promotions-heading" className="pb-6">
          <div className="flex items-end justify-between gap-4">
            <h2 id="promotions-heading" className="font-display text-2xl font-bold">
              Promotions
            </h2>
            <Link to="/promotion" className="text-sm font-semibold text-gold-300 hover:underline">
              All promotions
            </Link>
          </div>
          <div className="mt-5 grid gap-5 md:grid-cols-3">
            {loaderData.promotions.map((promotion) => (
              <PromotionCard key={promotion.id} promotion={promotion} />
            ))}
          </div>
        </section>
      </div>
    </>
  );
}
