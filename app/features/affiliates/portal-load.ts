// What a portal screen's clientLoader reads, as the console's loaders do (app/features/admin/api.ts): the answer,
// or the refusal's message the screen shows. Signed out, the loader sends the portal to its sign-in screen, coming
// back to the address being opened.
import { redirect } from 'react-router';
import { type ApiAnswer, callApi } from '../../lib/api.ts';

export type Loaded<T> = { data: T; error: null } | { data: null; error: string };

/** GET `path` for a clientLoader: the whole answer, or the refusal's message; a 401 redirects to the sign-in screen. */
export async function affiliateLoadBody<P extends string>(request: Request, path: P): Promise<Loaded<ApiAnswer<'GET', P>>> {
  const result = await callApi('GET', path);
  if (result.ok) return { data: result.body, error: null };
  if (result.status === 401) {
    // A loader runs before the address changes, so the screen being opened is the request's, not window.location's.
    const url = new URL(request.url);
    throw redirect(`/affiliates/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return { data: null, error: result.message };
}

/** The `data` of a loaded `{ data }` answer: `dataOf(await affiliateLoadBody(request, path))`. */
export const dataOf = <D>(loaded: Loaded<{ data: D }>): Loaded<D> => (loaded.error !== null ? loaded : { data: loaded.data.data, error: null });
