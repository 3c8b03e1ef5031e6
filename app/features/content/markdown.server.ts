import { marked } from 'marked';

export type MarkdownPage = { title: string; description: string; html: string };

// The site's own Markdown (content/pages/*.md and promotion bodies): trusted text written by the
// operator, rendered on the server so the browser downloads no Markdown parser.
const pageSources = import.meta.glob<string>('../../../content/pages/*.md', { query: '?raw', import: 'default', eager: true });

function parseFrontMatter(source: string): { meta: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta = Object.fromEntries(
    (match[1] ?? '')
      .split('\n')
      .filter((line) => line.includes(':'))
      .map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { meta, body: source.slice(match[0].length) };
}

export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true });
}

const pages = new Map<string, MarkdownPage>(
  Object.entries(pageSources).map(([file, source]) => {
    const slug = file.replace(/^.*\//, '').replace(/\.md$/, '');
    const { meta, body } = parseFrontMatter(source);
    return [`/${slug}`, { title: meta.title ?? slug, description: meta.description ?? '', html: renderMarkdown(body) }];
  }),
);

/** The information page at a path such as `/faq`, or undefined. */
export function markdownPage(path: string): MarkdownPage | undefined {
  return pages.get(path);
}
