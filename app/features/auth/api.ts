import type { FieldErrors } from '../../../contract/accounts.ts';

export type ApiResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; message: string; type?: string; errors?: FieldErrors };

/**
 * JSON to and from our API. The session rides on the HttpOnly `token` cookie, so no token is handled
 * here. A network failure is reported like a server error, never thrown.
 */
export async function callApi<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: 'We could not reach the server. Please check your connection and try again.' };
  }
  const text = await response.text();
  const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (response.ok) return { ok: true, status: response.status, body: parsed as T };
  return {
    ok: false,
    status: response.status,
    message: typeof parsed.message === 'string' ? parsed.message : 'Something went wrong. Please try again.',
    type: typeof parsed.type === 'string' ? parsed.type : undefined,
    errors: (parsed.errors as FieldErrors | undefined) ?? undefined,
  };
}

/** The first message for each field, as forms show them. */
export function firstErrors(errors: FieldErrors | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(errors ?? {}).map(([field, messages]) => [field, messages[0] ?? '']));
}
