import { redirect, type MiddlewareFunction } from 'react-router';
import { clientSiteState } from './client-site-state.ts';
import { siteStateContext } from './context.ts';
import type { SiteState } from './route-rules.ts';

type Decide = (url: URL, state: SiteState) => string | null;

/**
 * One guard rule as a pair of middleware: the server reads the request's SiteState from context,
 * the browser from the root loader's last answer. Both redirect to the same place.
 */
export function guard(decide: Decide): { server: MiddlewareFunction<Response>; client: MiddlewareFunction<undefined> } {
  return {
    // `url`, not `request.url`: a client navigation's data request (`/deposit.data`) must be judged as the page.
    server: ({ url, context }) => {
      const target = decide(url, context.get(siteStateContext));
      if (target) throw redirect(target);
    },
    client: ({ url }) => {
      const state = clientSiteState();
      const target = state ? decide(url, state) : null;
      if (target) throw redirect(target);
    },
  };
}
