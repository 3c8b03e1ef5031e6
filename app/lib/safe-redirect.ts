import { splitLocale, wayBack } from './route-rules.ts';

// The screens of SPEC.md §2 a redirect may lead to (the games listing only as a plain slug).
const knownRoutes: RegExp[] = [
  /^\/$/,
  /^\/(messages|maintenance|deposit|withdraw|all-bonuses|bonus-activated|promotion|vip-club|loyalty-club)$/,
  /^\/(faq|about|cookie-policy|privacy-policy|terms-and-conditions|responsible-gaming)$/,
  /^\/account\/(limit|bonuses|profile|vip-club|loyalty-club|verification|wallet|transaction)$/,
  /^\/promotion\/[A-Za-z0-9-]{1,100}$/,
  /^\/play\/[a-z0-9-]+(\/[a-z0-9-]+)*$/,
  /^\/(providers\/)?[a-z0-9-]{1,64}$/,
];

/**
 * Where a `redirect` query may send the player (SPEC.md §2, magic link and login): only a path of this
 * site that matches a known route, with the query parameters our pages read (short ones only); the first item when it
 * is an array; else `/`.
 */
export function safeRedirect(value: string | string[] | null | undefined): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  if (!candidate?.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return '/';
  let url: URL;
  try {
    url = new URL(candidate, 'http://site.invalid');
  } catch {
    return '/';
  }
  if (url.origin !== 'http://site.invalid') return '/';
  const { path } = splitLocale(url.pathname);
  return knownRoutes.some((route) => route.test(path)) ? (wayBack(url) ?? '/') : '/';
}
