import { useQuery } from '@tanstack/react-query';
import type { ApiAnswer, ApiResult } from './api.ts';

/** The `data` of an answer `{ data }`; `unknown` for a path the contract does not know, so nothing is assumed of it. */
export type DataOf<A> = unknown extends A ? unknown : A extends { data: infer D } ? D : never;

/**
 * GET `path` through `call` (the console's or the affiliate portal's API, each with its own sign-in redirect) while
 * mounted, through TanStack Query (one request per path, the last answer kept while a new one loads), and again on
 * reload(): the answer's `data`, or the refusal's message. A null path loads nothing.
 */
export function useApiData<P extends string>(call: (method: 'GET', path: P) => Promise<ApiResult<ApiAnswer<'GET', P>>>, path: P | null) {
  const query = useQuery({
    queryKey: ['api-data', path],
    enabled: path !== null,
    // A refusal is an answer to show, not an error to retry.
    queryFn: async () => {
      const result = await call('GET', path as P);
      return result.ok ? { data: (result.body as { data: DataOf<ApiAnswer<'GET', P>> }).data, error: null } : { data: null, error: result.message };
    },
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  return {
    data: query.data?.data ?? null,
    error: query.data?.error ?? null,
    loading: query.isFetching || (path !== null && query.data === undefined),
    reload: async () => {
      await query.refetch();
    },
  };
}
