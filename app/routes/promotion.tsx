import { Link } from 'react-router';
import type { Route } from './+types/promotion';
import { PageHeading } from '../components/site-frame.tsx';
import { servicesContext } from '../lib/context.ts';
import { failPageValidation } from '../lib/page-validation.ts';

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const promotion = await context.get(servicesContext).promotion(params.id);
  if (!promotion) failPageValidation(url);
  return { promotion };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.promotion.title ?? 'Promotion' }];

export default function PromotionDetail({ loaderData }: Route.ComponentProps) {
  const { promotion } = loaderData;
  return (
    <article>
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-400">{promotion.badge}</p>
      <PageHeading title={promotion.title} lead={promotion.subtitle} />
      <p className="text-lg text-mist-300">{promotion.summary}</p>
      <div className="mt-6 space-y-3 whitespace-pre-line text-mist-300">{promotion.body}</div>
      <Link to={`/deposit?bonus=true&bonusId=${promotion.slug}`} className="btn btn-primary mt-8">
        {promotion.ctaLabel}
      </Link>
    </article>
  );
}
