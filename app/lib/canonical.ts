/**
 * A page's canonical address: absolute from PUBLIC_URL, the /en copy of the site pointing at the unprefixed
 * page, and no query but a listing's `?page=` beyond the first (tracking and affiliate parameters, filters
 * and anything else are dropped), docs/decisions/0088.
 */
export function canonicalUrl(publicUrl: string, pathname: string, search: string): string {
  let path = pathname.replace(/^\/en(?=\/|$)/, '') || '/';
  if (path.length > 1) path = path.replace(/\/+$/, '');
  const page = new URLSearchParams(search).get('page');
  const query = page && /^[1-9]\d{0,5}$/.test(page) && page !== '1' ? `?page=${page}` : '';
  return `${publicUrl.replace(/\/+$/, '')}${path}${query}`;
}
