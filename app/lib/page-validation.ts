import { data } from 'react-router';
import { pageNotFoundMessage, splitLocale } from './route-rules.ts';

/** Page validation failed: the fatal error "Page Not Found: {path}" with the result's status (default 404). */
export function failPageValidation(request: Request, status = 404): never {
  throw data({ message: pageNotFoundMessage(new URL(request.url).pathname) }, { status });
}

/** The path of the page being rendered, without the /en prefix. */
export function pagePath(request: Request): string {
  return splitLocale(new URL(request.url).pathname).path;
}
