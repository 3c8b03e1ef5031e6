import { useEffect, useState } from 'react';
import type { MarkdownPreview } from '../../../contract/content.ts';
import { adminApi } from './api.ts';

/**
 * The site's rendering of `markdown` (POST /api/admin/pages/preview: the renderer and sanitiser the player pages
 * use), asked for a moment after the operator stops typing; a slower answer to older text never wins.
 */
export function useMarkdownPreview(markdown: string | null, delayMs = 250) {
  const [preview, setPreview] = useState<{ source: string; page: MarkdownPreview } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (markdown === null) return;
    let current = true;
    const timer = setTimeout(async () => {
      const result = await adminApi<{ data: MarkdownPreview }>('POST', '/api/admin/pages/preview', { markdown });
      if (!current) return;
      if (result.ok) {
        setPreview({ source: markdown, page: result.body.data });
        setProblem(null);
      } else setProblem(result.message);
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [markdown, delayMs]);
  return { preview: preview?.page ?? null, stale: preview?.source !== markdown, problem };
}
