import { createContext } from 'react-router';
import type { SiteServices } from '../../contract/site.ts';
import type { SiteState } from './route-rules.ts';

/** Set by the server for every page request (server/http/ssr.ts reads it from the server entry). */
export const servicesContext = createContext<SiteServices>();

/** This response's Content-Security-Policy nonce, for the inline scripts and styles of the document. */
export const cspNonceContext = createContext<string>();

/** Settings, viewer and route rules, loaded once per request by the root middleware. */
export const siteStateContext = createContext<SiteState>();
