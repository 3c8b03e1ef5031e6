import type { GameSummary } from '../../../../contract/games.ts';
import type { SiteServices, Viewer } from '../../../../contract/site.ts';

/**
 * For a page's loader: the viewer's favourites, latest last, or null when there are none to load. SPEC.md §4 loads
 * favourites only for active, unblocked players; a failed read leaves the hearts empty rather than failing the page.
 */
export async function viewerFavourites(services: SiteServices, viewer: Viewer | null): Promise<GameSummary[] | null> {
  if (!viewer?.id || !viewer.active || viewer.blocked) return null;
  return services.favouriteGames(viewer.id).catch((error: unknown) => {
    console.error('Loading favourite games failed', error);
    return null;
  });
}
