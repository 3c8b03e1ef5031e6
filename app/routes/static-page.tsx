import type { Route } from './+types/static-page';
import { PageHeading } from '../components/site-frame.tsx';
import { infoPages } from '../features/content/pages.ts';
import { failPageValidation, pagePath } from '../lib/page-validation.ts';

export function loader({ url }: Route.LoaderArgs) {
  const page = infoPages[pagePath(url)];
  if (!page) failPageValidation(url);
  return { page };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.page.title ?? 'Information' }];

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article>
      <PageHeading title={page.title} lead={page.lead} />
      <div className="space-y-4 text-mist-300">
        {page.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
