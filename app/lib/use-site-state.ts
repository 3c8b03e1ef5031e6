import { useRouteLoaderData } from 'react-router';
import type { SiteState } from './route-rules.ts';

/** The root loader's SiteState; undefined only when the root loader itself failed. */
export function useSiteState(): SiteState | undefined {
  return useRouteLoaderData('root') as SiteState | undefined;
}
