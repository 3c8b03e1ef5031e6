import type { SiteState } from './route-rules.ts';

// The browser's copy of the root loader's SiteState, so client middleware can apply the same rules
// on navigations that never reach the server.
let current: SiteState | undefined;

export function rememberSiteState(state: SiteState): void {
  current = state;
}

export function clientSiteState(): SiteState | undefined {
  return current;
}
