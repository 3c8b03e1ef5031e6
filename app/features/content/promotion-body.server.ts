import type { Promotion } from '../../../contract/site.ts';
import { renderMarkdown } from './markdown.server.ts';

/** A promotion with its Markdown terms rendered to HTML for the detail page. */
export function withRenderedBody(promotion: Promotion): Omit<Promotion, 'body'> & { bodyHtml: string } {
  const { body, ...rest } = promotion;
  return { ...rest, bodyHtml: renderMarkdown(body) };
}
