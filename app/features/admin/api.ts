// The console's calls to the operator API (docs/decisions/0084-admin-console.md). Staff authenticate with a bearer
// token kept in this tab's sessionStorage only: never a cookie, so no player page can send it, and closing the tab
// ends the console session (the server ends it after 30 minutes idle or 12 hours anyway).
import { useCallback, useEffect, useState } from 'react';
import { type ApiMethod, type ApiResult, callApi } from '../../lib/api.ts';

const TOKEN_KEY = 'croupier.staff-token';

export function staffToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
export function rememberStaffToken(token: string | null) {
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

/** A call with the staff token; a 401 (signed out, expired) sends the console to its sign-in screen. */
export async function adminApi<T>(method: ApiMethod, path: string, body?: unknown): Promise<ApiResult<T>> {
  const token = staffToken();
  const result = await callApi<T>(method, path, body, token ? { Authorization: `Bearer ${token}` } : {});
  if (!result.ok && result.status === 401 && !path.startsWith('/api/admin/login')) {
    rememberStaffToken(null);
    window.location.assign(`/admin/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }
  return result;
}

/** GET `path` once mounted (and on reload()); the answer's `data`, or the refusal's message. */
export function useAdminData<T>(path: string | null) {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: true });
  const load = useCallback(async () => {
    if (!path) return;
    setState((previous) => ({ ...previous, loading: true }));
    const result = await adminApi<{ data: T }>('GET', path);
    setState(result.ok ? { data: result.body.data, error: null, loading: false } : { data: null, error: result.message, loading: false });
  }, [path]);
  useEffect(() => {
    void load();
  }, [load]);
  return { ...state, reload: load };
}

/** Downloads an authenticated CSV (the token cannot ride on a plain link). */
export async function downloadCsv(path: string, filename: string) {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${staffToken() ?? ''}` } });
  if (!response.ok) return false;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
  return true;
}
