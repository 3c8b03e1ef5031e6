/** Tiles per listing page: whole rows of the grid's 2, 3 and 5 columns (phone, tablet, desktop). */
export const LISTING_PAGE_SIZE = 30;

/**
 * The page number a listing's `?page=` asks for: absent means the first. Anything but a whole number from 1 up
 * is not a page of ours (null), and the loader fails page validation for it.
 */
export function listingPageNumber(param: string | null): number | null {
  if (param === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(param)) return null;
  return Number(param);
}

/** The address of page `page` of the listing at `pathname`; the first page has no query, so it has one address. */
export function listingPageHref(pathname: string, page: number): string {
  return page <= 1 ? pathname : `${pathname}?page=${page}`;
}
