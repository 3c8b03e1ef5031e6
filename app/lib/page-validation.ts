import { data } from 'react-router';
import { pageNotFoundMessage, splitLocale } from './route-rules.ts';

// Both take the loader's `url` argument, not `request.url`: on client navigations the server sees the raw
// data request (`/faq.data?_routes=…`), while `url` is the page's own address with those details removed.

/** Page validation failed: the fatal error "Page Not Found: {path}" with the result's status (default 404). */
export function failPageValidation(url: URL, status = 404): never {
  throw data({ message: pageNotFoundMessage(url.pathname) }, { status });
}

/** The path of the page being rendered, without the /en prefix. */
export function pagePath(url: URL): string {
  return splitLocale(url.pathname).path;
}
