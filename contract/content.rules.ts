// The static pages' and promotions' plain values (issue 18, docs/decisions/0084-admin-console.md). No zod here, so
// the site's and the console's bundles can import it; the schemas are in content.ts, which re-exports all of this.
// Imports nothing.

/** The information pages whose Markdown ships in content/pages/{slug}.md; an operator may override each one. */
export const STATIC_PAGE_SLUGS = ['faq', 'about', 'cookie-policy', 'privacy-policy', 'terms-and-conditions', 'responsible-gaming'] as const;
export type StaticPageSlug = (typeof STATIC_PAGE_SLUGS)[number];
/** The longest Markdown a page or a promotion body may have (the bundled terms are about 10 000 characters). */
export const MARKDOWN_MAX = 100_000;
