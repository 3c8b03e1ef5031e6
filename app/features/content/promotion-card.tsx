import { Link } from 'react-router';
import type { PromotionSummary } from '../../../contract/site.ts';

export function PromotionCard({ promotion }: { promotion: PromotionSummary }) {
  return (
    <article className="flex flex-col rounded-card border border-night-700 bg-night-850 p-6 transition-colors hover:border-gold-500">
      {promotion.badge ? (
        <span className="self-start rounded-full bg-gold-400/15 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-gold-300">{promotion.badge}</span>
      ) : null}
      <h2 className="mt-4 font-display text-2xl font-bold text-mist-100">{promotion.title}</h2>
      {promotion.subtitle ? <p className="text-sm text-gold-300">{promotion.subtitle}</p> : null}
      <p className="mt-3 flex-1 text-mist-300">{promotion.summary}</p>
      <Link to={`/promotion/${promotion.id}`} className="btn btn-primary mt-5 self-start">
        Read more
      </Link>
    </article>
  );
}
