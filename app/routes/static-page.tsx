import type { Route } from './+types/static-page';
import { pageMeta } from '../lib/meta.ts';
import { PageHeading } from '../components/site-frame.tsx';
import { markdownPage } from '../features/content/markdown.server.ts';
import { failPageValidation, pagePath } from '../lib/page-validation.ts';

export function loader({ url }: Route.LoaderArgs) {
  const page = markdownPage(pagePath(url));
  if (!page) failPageValidation(url);
  return { page };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.page.title ?? 'Information', loaderData?.page.description);

/** FAQ, about, cookie, privacy, terms and responsible gaming: the operator's Markdown in content/pages/. */
export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article>
      <PageHeading title={page.title} lead={page.description} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server renders this Markdown and sanitises it to an allow-list first (decision 0024) */}
      <div className="prose-casino" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
