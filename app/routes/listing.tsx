import { data } from 'react-router';
import type { Route } from './+types/listing';
import { pageMeta } from '../lib/meta.ts';
import { PageHeading } from '../components/site-frame.tsx';
import { EmptyState } from '../components/ui/card.tsx';
import { FavouritesProvider } from '../features/games/lobby/favourites-context.tsx';
import { GameGrid } from '../features/games/lobby/game-grid.tsx';
import { LISTING_PAGE_SIZE, listingPageNumber } from '../features/games/lobby/listing-page.ts';
import { ListingPagination } from '../features/games/lobby/listing-pagination.tsx';
import { viewerFavourites } from '../features/games/lobby/viewer-favourites.ts';
import { servicesContext, siteStateContext } from '../lib/context.ts';
import { UNMATCHED_ROUTE_MESSAGE } from '../lib/messages.ts';
import { failPageValidation, pagePath } from '../lib/page-validation.ts';

// First segments that belong to other screens: a path under them that no screen matched is an
// unmatched route (non-fatal "Page not found"), not a game listing.
const reservedSegments = new Set(['account', 'play', 'promotion', 'player', 'refer-a-friend', 'api', 'assets', 'builds', 'en', 'broadcasting']);

export async function loader({ url, context }: Route.LoaderArgs) {
  const path = pagePath(url);
  const first = path.split('/')[1] ?? '';
  if (reservedSegments.has(first)) {
    return data({ kind: 'unmatched' as const, message: UNMATCHED_ROUTE_MESSAGE }, { status: 404 });
  }
  const services = context.get(servicesContext);
  // The all-games guard: the slug must name a category or a provider.
  const target = await services.resolveListing(path);
  if (!target) failPageValidation(url);
  const page = listingPageNumber(url.searchParams.get('page'));
  if (page === null) failPageValidation(url);
  const [games, favourites] = await Promise.all([
    services.games({ [target.kind]: target.slug, page, perPage: LISTING_PAGE_SIZE }),
    viewerFavourites(services, context.get(siteStateContext).viewer),
  ]);
  // A page past the last one is not a page of this listing (the first page always exists, even when empty).
  if (page > games.meta.last_page) failPageValidation(url);
  return { kind: 'listing' as const, target, games, favourites, pathname: url.pathname };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.kind === 'listing'
    ? pageMeta(matches, listingTitle(loaderData.target.name), loaderData.target.description)
    : pageMeta(matches, UNMATCHED_ROUTE_MESSAGE);

/** "Slots games", but never "Table games games". */
export function listingTitle(name: string): string {
  return /\bgames$/i.test(name.trim()) ? name.trim() : `${name.trim()} games`;
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'unmatched') {
    return (
      <div role="alert" data-unmatched-route className="rounded-card border border-night-700 bg-night-850 p-10 text-center">
        <h1 className="font-display text-3xl font-bold">{loaderData.message}</h1>
        <p className="mt-2 text-mist-300">There is nothing at this address. Try the categories above or go back to the lobby.</p>
      </div>
    );
  }
  const { target, games } = loaderData;
  const { total } = games.meta;
  return (
    <FavouritesProvider loaded={loaderData.favourites}>
      <PageHeading title={target.name} lead={target.description} />
      {total === 0 ? (
        <EmptyState
          title={`No ${target.kind === 'provider' ? 'games from this provider' : 'games here'} yet`}
          text="New titles arrive regularly. Have a look at the other categories meanwhile."
        />
      ) : (
        <>
          <p className="mb-4 text-sm text-mist-400">
            {total} {total === 1 ? 'game' : 'games'}
          </p>
          {/* The tiles' names are h3s (as on the lobby's shelves): this h2 keeps the outline without a gap. */}
          <h2 className="sr-only">{listingTitle(target.name)}</h2>
          <GameGrid games={games.data} label={listingTitle(target.name)} />
          <ListingPagination meta={games.meta} pathname={loaderData.pathname} />
        </>
      )}
    </FavouritesProvider>
  );
}
