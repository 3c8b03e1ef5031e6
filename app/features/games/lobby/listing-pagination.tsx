import { Link } from 'react-router';
import type { GamesMeta } from '../../../../contract/games.ts';
import { listingPageHref } from './listing-page.ts';

/** Previous and next page of a listing, with where the player is; nothing when everything fits on one page. */
export function ListingPagination({ meta, pathname }: { meta: GamesMeta; pathname: string }) {
  if (meta.last_page <= 1) return null;
  const { current_page: page, last_page: last } = meta;
  const step = 'btn btn-ghost aria-disabled:pointer-events-none aria-disabled:opacity-40';
  return (
    <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={listingPageHref(pathname, page - 1)} className={step} rel="prev">
          Previous
        </Link>
      ) : (
        <span aria-disabled="true" className={step}>
          Previous
        </span>
      )}
      <span className="text-sm tabular-nums text-mist-300">
        Page {page} of {last}
      </span>
      {page < last ? (
        <Link to={listingPageHref(pathname, page + 1)} className={step} rel="next">
          Next
        </Link>
      ) : (
        <span aria-disabled="true" className={step}>
          Next
        </span>
      )}
    </nav>
  );
}
