import { type RenderedPage, renderMarkdown, renderPage } from '../../../server/modules/content/markdown.ts';

export { renderMarkdown };

type MarkdownPage = { title: string; description: string; html: string };

// The site's information pages: content/pages/*.md bundled at build time, or an operator's override of one
// (page_overrides, docs/decisions/0084-admin-console.md). Rendered on the server so the browser downloads no
// Markdown parser, through the one renderer and sanitiser the back office's preview uses too.
const pageSources = import.meta.glob<string>('../../../content/pages/*.md', { query: '?raw', import: 'default', eager: true });

const asPage = (slug: string, rendered: RenderedPage, fallback?: MarkdownPage): MarkdownPage => ({
  title: rendered.title ?? fallback?.title ?? slug,
  description: rendered.description ?? fallback?.description ?? '',
  html: rendered.html,
});

const pages = new Map<string, MarkdownPage>(
  Object.entries(pageSources).map(([file, source]) => {
    const slug = file.replace(/^.*\//, '').replace(/\.md$/, '');
    return [`/${slug}`, asPage(slug, renderPage(source))];
  }),
);

/**
 * The information page at a path such as `/faq`, or undefined. `override` is an operator's Markdown for it: its
 * front matter's title and description win, and where it has none the bundled file's stay.
 */
export function markdownPage(path: string, override?: string | null): MarkdownPage | undefined {
  const bundled = pages.get(path);
  if (!bundled || !override) return bundled;
  return asPage(path.slice(1), renderPage(override), bundled);
}
