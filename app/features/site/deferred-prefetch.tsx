import { useEffect, useState } from 'react';
import { PrefetchPageLinks } from 'react-router';
import { PAYLOAD_PRELOAD_DELAY_MS } from '../../lib/constants.ts';

/**
 * The per-page payload preload (SPEC.md §7): a second after load, the data and code of the pages a
 * visitor most often opens next are fetched at idle priority, so those navigations are instant
 * without competing with the first paint.
 */
export function DeferredPrefetch({ pages }: { pages: string[] }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), PAYLOAD_PRELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return ready ? pages.map((page) => <PrefetchPageLinks key={page} page={page} />) : null;
}
