import type { Route } from './+types/promotions';
import { pageMeta } from '../lib/meta.ts';
import { PageHeading } from '../components/site-frame.tsx';
import { PromotionCard } from '../features/content/promotion-card.tsx';
import { servicesContext } from '../lib/context.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return { promotions: await context.get(servicesContext).promotions() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Promotions', 'Welcome bonus, reloads, cashback and tournaments running now, with their wagering shown up front.');

export default function Promotions({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeading title="Promotions" lead="Offers running now. Every bonus shows its wagering and time limit up front." />
      {loaderData.promotions.length === 0 ? (
        <p className="rounded-card border border-dashed border-night-600 p-10 text-center text-mist-400">
          No promotions are running right now. Check back soon.
        </p>
      ) : (
        <div className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
          {loaderData.promotions.map((promotion) => (
            <PromotionCard key={promotion.id} promotion={promotion} />
          ))}
        </div>
      )}
    </div>
  );
}
