import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminApi } from './api.ts';

/**
 * The site's rendering of `markdown` (POST /api/admin/pages/preview: the renderer and sanitiser the player pages
 * use), asked for a moment after the operator stops typing. Each text is its own query, so the answer shown is
 * always the one for the text last asked about, however the answers arrive; the last one stays while the next loads.
 */
export function useMarkdownPreview(markdown: string | null, delayMs = 250) {
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (markdown === null) return;
    const timer = setTimeout(() => setAsked(markdown), delayMs);
    return () => clearTimeout(timer);
  }, [markdown, delayMs]);
  const query = useQuery({
    queryKey: ['admin', 'markdown-preview', asked],
    enabled: asked !== null,
    queryFn: () => adminApi('POST', '/api/admin/pages/preview', { markdown: asked ?? '' }),
    placeholderData: keepPreviousData,
    // A text rendered once renders the same; earlier drafts are dropped a minute after they are no longer shown.
    gcTime: 60_000,
  });
  const result = query.data;
  return {
    preview: result?.ok ? result.body.data : null,
    stale: asked !== markdown || query.isPlaceholderData || query.isFetching,
    problem: result && !result.ok ? result.message : null,
  };
}
