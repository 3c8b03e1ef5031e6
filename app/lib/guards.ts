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
    server: ({ request, context }) => {
      const target = decide(new URL(request.url), context.get(siteStateContext));
      if (target) throw redirect(target);
    },
    client: ({ request }) => {
      const state = clientSiteState();
      const target = state ? decide(new URL(request.url), state) : null;
      if (target) throw redirect(target);
    },
  };
}
