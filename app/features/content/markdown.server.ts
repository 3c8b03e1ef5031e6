import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

type MarkdownPage = { title: string; description: string; html: string };

// The site's Markdown (content/pages/*.md and promotion bodies from the database), rendered on the server so the
// browser downloads no Markdown parser. Promotion bodies are data an operator's account (or whoever takes it over)
// can write, so the HTML is cut down to an allow-list before React puts it into the page.
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

export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false, gfm: true }), ALLOWED);
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
