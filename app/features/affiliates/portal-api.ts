// The affiliate portal's calls to the affiliate API (docs/decisions/0108-affiliate-portal.md). The affiliate is signed
// in by an HttpOnly cookie the browser sends only to /affiliates and /api/affiliates, so no script handles a token
// and no player or staff session reaches these routes. A 401 sends the portal to its sign-in screen.
import { type ApiAnswer, type ApiBody, type ApiMethod, type ApiResult, callApi } from '../../lib/api.ts';
import { useApiData } from '../../lib/use-api-data.ts';

export const PORTAL_HOME = '/affiliates/dashboard';

/** The portal path to come back to after signing in: only a portal screen, else the dashboard. */
export function portalNext(next: string | null): string {
  return next && /^\/affiliates\/[a-z-]+(?:[?#].*)?$/.test(next) && !next.startsWith('/affiliates/login') ? next : PORTAL_HOME;
}

function toSignIn() {
  window.location.assign(`/affiliates/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}

/** A call of the affiliate API; a 401 (signed out, expired) sends the portal to its sign-in screen. */
export async function affiliateApi<M extends ApiMethod, P extends string>(method: M, path: P, body?: ApiBody<M, P>): Promise<ApiResult<ApiAnswer<M, P>>> {
  const result = await callApi(method, path, body);
  if (!result.ok && result.status === 401 && !path.startsWith('/api/affiliates/login')) toSignIn();
  return result;
}

/** GET `path` once mounted (and on reload()); the answer's `data`, or the refusal's message. */
export const useAffiliateData = <P extends string>(path: P | null) => useApiData<P>(affiliateApi, path);

/** Downloads the CSV at `path` of the affiliate API under `filename`; false when the server refused it. */
export async function downloadCsv(path: string, filename: string): Promise<boolean> {
  const response = await fetch(path, { credentials: 'same-origin', headers: { Accept: 'text/csv' } });
  if (response.status === 401) toSignIn();
  if (!response.ok) return false;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
  return true;
}
