// The console's calls to the operator API (docs/decisions/0084-admin-console.md). Staff are signed in by an HttpOnly
// cookie that the browser sends only to /admin and /api/admin: every tab shares the one console session, no script
// can read it, and the server ends it after 30 minutes idle or 12 hours. A 401 sends the console to its sign-in.
import { redirect } from 'react-router';
import type { z } from 'zod';
import type { pageMetaSchema } from '../../../contract/http.ts';
import { type ApiAnswer, type ApiBody, type ApiMethod, type ApiResult, callApi } from '../../lib/api.ts';
import { type DataOf, useApiData } from '../../lib/use-api-data.ts';

/** The sign-in screen's address, coming back to `back` (a path with its query) afterwards. */
const signInPath = (back: string) => `/admin/login?next=${encodeURIComponent(back)}`;

/** To the sign-in screen, coming back here afterwards. */
function toSignIn() {
  window.location.assign(signInPath(window.location.pathname + window.location.search));
}

/** A call of the operator API, typed from the contract as callApi is; a 401 (signed out, expired) sends the console to its sign-in screen. */
export async function adminApi<M extends ApiMethod, P extends string>(method: M, path: P, body?: ApiBody<M, P>): Promise<ApiResult<ApiAnswer<M, P>>> {
  const result = await callApi(method, path, body);
  if (!result.ok && result.status === 401 && !path.startsWith('/api/admin/login')) toSignIn();
  return result;
}

/** A plain fetch of the operator API (files, CSV), with the console's cookie; a 401 goes to the sign-in screen. */
export async function staffFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(path, { ...init, credentials: 'same-origin' });
  if (response.status === 401) toSignIn();
  return response;
}

/** What a console screen's clientLoader hands the screen: the answer, or the refusal's message it shows. */
export type Loaded<T> = { data: T; error: null } | { data: null; error: string };
/** A page of a paged list, as the operator API answers it. */
export type ListPage<T> = { data: T[]; meta: z.output<typeof pageMetaSchema> };

/**
 * GET `path` for a route's clientLoader: the whole answer, or the refusal's message (a 403, a 404, a network
 * failure), which the screen shows as it did before loaders; nothing is thrown for those. A 401 redirects to the
 * sign-in screen, coming back to the address being opened: a loader runs before the address changes, so
 * window.location would still name the screen being left.
 */
export async function adminLoadBody<P extends string>(request: Request, path: P): Promise<Loaded<ApiAnswer<'GET', P>>> {
  const result = await callApi('GET', path);
  if (result.ok) return { data: result.body, error: null };
  if (result.status === 401) {
    const url = new URL(request.url);
    throw redirect(signInPath(url.pathname + url.search));
  }
  return { data: null, error: result.message };
}

/** As adminLoadBody, for the usual `{ data }` answer: its `data`. */
export async function adminLoad<P extends string>(request: Request, path: P): Promise<Loaded<DataOf<ApiAnswer<'GET', P>>>> {
  const loaded = await adminLoadBody(request, path);
  return loaded.error === null ? { data: (loaded.data as { data: DataOf<ApiAnswer<'GET', P>> }).data, error: null } : loaded;
}

/** The API's query string for a screen's filters: the screen's own search parameters that `keys` names, in that order. */
export function filtersOf(request: Request, keys: readonly string[]): URLSearchParams {
  const from = new URL(request.url).searchParams;
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = from.get(key)?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

/** GET `path` once mounted (and on reload()); the answer's `data`, or the refusal's message. */
export const useAdminData = <P extends string>(path: P | null) => useApiData<P>(adminApi, path);

/** Downloads a CSV of the operator API under `filename`. */
export async function downloadCsv(path: string, filename: string) {
  const response = await staffFetch(path);
  if (!response.ok) return false;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
  return true;
}
