import { useEffect, useRef } from 'react';
import type { PublicSettings } from '../../../contract/site.ts';
import { analytics } from '../../lib/analytics.ts';
import { installChunkReload } from '../../lib/chunk-reload.ts';
import { COOKIE_CONSENT_KEY } from '../../lib/constants.ts';
import type { ScriptHost } from '../../lib/script-loader.ts';
import { loadSupportChat } from '../../lib/support-chat.ts';
import { lookUpVisitor } from '../../lib/visitor.ts';

export const COOKIE_CONSENT_EVENT = 'cookie-consent';

/**
 * Starts the browser-side seams after hydration: the chunk-reload rule, analytics (after cookie
 * consent), the support chat and the visitor lookup. Each does nothing without its configuration.
 */
export function ThirdParty({ settings }: { settings: PublicSettings }) {
  // Once per page load: revalidations hand over a new settings object with the same values.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    installChunkReload();
    const doc = document as unknown as ScriptHost;
    const startAnalytics = () => analytics().start(doc, settings);
    if (window.localStorage.getItem(COOKIE_CONSENT_KEY) === 'true') startAnalytics();
    else window.addEventListener(COOKIE_CONSENT_EVENT, startAnalytics, { once: true });
    loadSupportChat(doc, settings);
    // SPEC.md §3 asks for the lookup (a GET to the trace endpoint, failure ignored); no screen reads its answer yet.
    void lookUpVisitor(settings.visitor_trace_url, navigator.language);
  }, [settings]);
  return null;
}
