import { useCallback, useEffect, useState } from 'react';
import type { ApiMethod, ApiResult } from './api.ts';

/**
 * GET `path` through `call` (the console's or the affiliate portal's API, each with its own sign-in redirect) once
 * mounted and on reload(): the answer's `data`, or the refusal's message. A null path loads nothing.
 */
export function useApiData<T>(call: <R>(method: ApiMethod, path: string) => Promise<ApiResult<R>>, path: string | null) {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: true });
  const load = useCallback(async () => {
    if (!path) return;
    setState((previous) => ({ ...previous, loading: true }));
    const result = await call<{ data: T }>('GET', path);
    setState(result.ok ? { data: result.body.data, error: null, loading: false } : { data: null, error: result.message, loading: false });
  }, [call, path]);
  useEffect(() => {
    void load();
  }, [load]);
  return { ...state, reload: load };
}
