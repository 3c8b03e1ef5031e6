import type { Route } from './+types/static-page';
import { pageMeta } from '../lib/meta.ts';
import { PageHeading } from '../components/site-frame.tsx';
import { markdownPage } from '../features/content/markdown.server.ts';
import { servicesContext } from '../lib/context.ts';
import { failPageValidation, pagePath } from '../lib/page-validation.ts';

export async function loader({ context, url }: Route.LoaderArgs) {
  const path = pagePath(url);
  // An operator's edit from the back office, when there is one; the bundled file otherwise.
  const override = await context.get(servicesContext).pageOverride(path.slice(1));
  const page = markdownPage(path, override);
  if (!page) failPageValidation(url);
  return { page };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.page.title ?? 'Information', loaderData?.page.description);

/** FAQ, about, cookie, privacy, terms and responsible gaming: the operator's Markdown (content/pages/ or the back office's override). */
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
