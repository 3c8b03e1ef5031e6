// The console's calls to the operator API (docs/decisions/0084-admin-console.md). Staff are signed in by an HttpOnly
// cookie that the browser sends only to /admin and /api/admin: every tab shares the one console session, no script
// can read it, and the server ends it after 30 minutes idle or 12 hours. A 401 sends the console to its sign-in.
import { type ApiMethod, type ApiResult, callApi } from '../../lib/api.ts';
import { useApiData } from '../../lib/use-api-data.ts';

/** To the sign-in screen, coming back here afterwards. */
function toSignIn() {
  window.location.assign(`/admin/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}

/** A call of the operator API; a 401 (signed out, expired) sends the console to its sign-in screen. */
export async function adminApi<T>(method: ApiMethod, path: string, body?: unknown): Promise<ApiResult<T>> {
  const result = await callApi<T>(method, path, body);
  if (!result.ok && result.status === 401 && !path.startsWith('/api/admin/login')) toSignIn();
  return result;
}

/** A plain fetch of the operator API (files, CSV), with the console's cookie; a 401 goes to the sign-in screen. */
export async function staffFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(path, { ...init, credentials: 'same-origin' });
  if (response.status === 401) toSignIn();
  return response;
}

/** GET `path` once mounted (and on reload()); the answer's `data`, or the refusal's message. */
export const useAdminData = <T>(path: string | null) => useApiData<T>(adminApi, path);

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
