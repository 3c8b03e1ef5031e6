import { Link } from 'react-router';
import type { Route } from './+types/promotion';
import { pageMeta } from '../lib/meta.ts';
import { PageHeading } from '../components/site-frame.tsx';
import { withRenderedBody } from '../features/content/promotion-body.server.ts';
import { servicesContext, siteStateContext } from '../lib/context.ts';
import { BLOCKED_CLOSED } from '../../contract/play-closed.ts';
import { ClosedNotice } from '../components/closed-notice.tsx';
import { failPageValidation } from '../lib/page-validation.ts';

/** Promotions that are not bonus offers lead where they happen. */
const ELSEWHERE: Record<string, string> = { 'cashback-monday': '/account/loyalty-club', 'lucky-wheel-tournament': '/slots' };

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const promotion = await services.promotion(params.id);
  if (!promotion) failPageValidation(url);
  // A promotion of a bonus offer claims it: a deposit offer on the deposit page, one that starts at once on /all-bonuses.
  const offer = await services.bonusOffer(null, promotion.slug).catch(() => null);
  const cta = offer
    ? offer.type === 'deposit_match' || offer.type === 'reload'
      ? `/deposit?bonus=true&bonusId=${encodeURIComponent(offer.slug)}`
      : '/all-bonuses'
    : (ELSEWHERE[promotion.slug] ?? '/promotion');
  // A signed-in player who may not claim (blocked, a time-out, a self-exclusion) is told why instead of a claim button.
  const { viewer } = context.get(siteStateContext);
  const closed = offer && viewer?.id ? (viewer.blocked ? BLOCKED_CLOSED : await services.playClosed(viewer.id)) : null;
  return { promotion: withRenderedBody(promotion), cta, closed };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(matches, loaderData?.promotion.title ?? 'Promotion', loaderData?.promotion.summary);

export default function PromotionDetail({ loaderData }: Route.ComponentProps) {
  const { promotion, cta, closed } = loaderData;
  return (
    <article>
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-400">{promotion.badge}</p>
      <PageHeading title={promotion.title} lead={promotion.subtitle} />
      <p className="text-lg text-mist-300">{promotion.summary}</p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server renders this Markdown and sanitises it to an allow-list first (decision 0024) */}
      <div className="prose-casino mt-2" dangerouslySetInnerHTML={{ __html: promotion.bodyHtml }} />
      {closed ? (
        <div className="mt-8">
          <ClosedNotice closed={closed} what="claim this offer" />
        </div>
      ) : (
        <Link to={cta} className="btn btn-primary mt-8">
          {promotion.ctaLabel}
        </Link>
      )}
    </article>
  );
}
