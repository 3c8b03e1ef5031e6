import { Link } from 'react-router';
import type { Route } from './+types/promotion';
import { pageMeta } from '../lib/meta.ts';
import { PageHeading } from '../components/site-frame.tsx';
import { withRenderedBody } from '../features/content/promotion-body.server.ts';
import { servicesContext } from '../lib/context.ts';
import { failPageValidation } from '../lib/page-validation.ts';

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const promotion = await context.get(servicesContext).promotion(params.id);
  if (!promotion) failPageValidation(url);
  return { promotion: withRenderedBody(promotion) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(matches, loaderData?.promotion.title ?? 'Promotion', loaderData?.promotion.summary);

export default function PromotionDetail({ loaderData }: Route.ComponentProps) {
  const { promotion } = loaderData;
  return (
    <article>
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-400">{promotion.badge}</p>
      <PageHeading title={promotion.title} lead={promotion.subtitle} />
      <p className="text-lg text-mist-300">{promotion.summary}</p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server renders this Markdown and sanitises it to an allow-list first (decision 0024) */}
      <div className="prose-casino mt-2" dangerouslySetInnerHTML={{ __html: promotion.bodyHtml }} />
      <Link to={`/deposit?bonus=true&bonusId=${promotion.slug}`} className="btn btn-primary mt-8">
        {promotion.ctaLabel}
      </Link>
    </article>
  );
}
