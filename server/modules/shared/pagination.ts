/** The Laravel-shaped `meta` of one page of a list (GET /api/games, /api/player/transactions, rounds). */
export type PageMeta = { current_page: number; per_page: number; total: number; last_page: number };

/** A page request: 1-based page number and its size. */
export type PageQuery = { page: number; perPage: number };

/** The meta for `total` items split into pages of `perPage`; an empty list still has one (empty) page. */
export function pageMeta({ page, perPage }: PageQuery, total: number): PageMeta {
  return { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** How many rows to skip for the requested page. */
export const pageOffset = ({ page, perPage }: PageQuery): number => (page - 1) * perPage;
