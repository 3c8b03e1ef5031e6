import { useEffect, useRef } from 'react';
import type { PublicSettings } from '../../../contract/site.ts';
import { installChunkReload } from '../../lib/chunk-reload.ts';
import { applyConsent } from '../../lib/consent-scripts.ts';
import { COOKIE_CONSENT_EVENT, type CookieChoices, readChoices } from '../../lib/cookie-consent.ts';
import type { ScriptHost } from '../../lib/script-loader.ts';
import { lookUpVisitor } from '../../lib/visitor.ts';

/**
 * Starts the browser-side seams after hydration: the chunk-reload rule, analytics and the support chat (each only
 * with the visitor's consent, docs/decisions/0122) and the visitor lookup. Each does nothing without its configuration.
 */
export function ThirdParty({ settings }: { settings: PublicSettings }) {
  // Once per page load: revalidations hand over a new settings object with the same values.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    installChunkReload();
    const doc = document as unknown as ScriptHost;
    applyConsent(doc, settings, readChoices());
    window.addEventListener(COOKIE_CONSENT_EVENT, (event) => {
      const { withdrawn } = applyConsent(doc, settings, (event as CustomEvent<CookieChoices>).detail ?? readChoices());
      if (withdrawn) window.location.reload();
    });
    // SPEC.md §3 asks for the lookup (a GET to the trace endpoint, failure ignored); no screen reads its answer yet.
    void lookUpVisitor(settings.visitor_trace_url, navigator.language);
  }, [settings]);
  return null;
}
