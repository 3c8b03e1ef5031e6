import { readFileSync } from 'node:fs';
import { LRUCache } from 'lru-cache';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { StaticPageSlug } from '../../../contract/content.ts';

// The site's one Markdown renderer (content/pages/*.md, operators' page overrides and promotion bodies). Operators'
// Markdown is data an operator's account (or whoever takes it over) can write, so the HTML is cut down to an
// allow-list before React puts it into a page. The player pages (app/features/content/markdown.server.ts) and the
// back office's preview (POST /api/admin/pages/preview) both render through here, so the preview is the page.

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'blockquote',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], ol: ['start'], th: ['align'], td: ['align'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowProtocolRelative: false,
};

// Rendering and sanitising costs milliseconds, and the same few texts (each promotion's terms, each overridden page) are
// shown on every visit: each distinct text is rendered once and kept, up to about 2 MB of Markdown.
const rendered = new LRUCache<string, string>({ maxSize: 2_000_000, sizeCalculation: (html, markdown) => Math.max(1, markdown.length + html.length) });

/** Markdown to HTML with only the allow-listed tags, attributes and link schemes left. */
export function renderMarkdown(markdown: string): string {
  const kept = rendered.get(markdown);
  if (kept !== undefined) return kept;
  const html = sanitizeHtml(marked.parse(markdown, { async: false, gfm: true }), ALLOWED);
  rendered.set(markdown, html);
  return html;
}

/** A page's `---` front matter (title, description) and its Markdown body. */
export function parseFrontMatter(source: string): { meta: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta = Object.fromEntries(
    (match[1] ?? '')
      .split(/\r?\n/)
      .filter((line) => line.includes(':'))
      .map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { meta, body: source.slice(match[0].length) };
}

export type RenderedPage = { title: string | null; description: string | null; html: string };

/** A page's source (front matter and Markdown) rendered: title and description as written, body as sanitised HTML. */
export function renderPage(source: string): RenderedPage {
  const { meta, body } = parseFrontMatter(source);
  return { title: meta.title || null, description: meta.description || null, html: renderMarkdown(body) };
}

/** The bundled Markdown of a static page, as shipped in content/pages/. */
export function bundledPageSource(slug: StaticPageSlug): string {
  return readFileSync(new URL(`../../../content/pages/${slug}.md`, import.meta.url), 'utf8');
}
