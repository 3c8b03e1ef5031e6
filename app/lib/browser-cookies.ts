import { parseCookie, stringifySetCookie } from 'cookie';

// SPEC.md §3: ma_token (7 days, secure, strict), trackingParams (7 days, secure, lax).

export function readCookie(name: string): string | undefined {
  return parseCookie(document.cookie)[name];
}

export function writeCookie(name: string, value: string, { maxAge, sameSite }: { maxAge: number; sameSite: 'strict' | 'lax' }): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari, which we support
  document.cookie = stringifySetCookie({ name, value, path: '/', maxAge, sameSite, secure: true });
}

export function clearCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari, which we support
  document.cookie = stringifySetCookie({ name, value: '', path: '/', maxAge: 0, secure: true });
}
