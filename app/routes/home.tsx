import { Link } from 'react-router';
import type { Route } from './+types/home';
import { PromotionCard } from '../features/content/promotion-card.tsx';
import { HomeHero } from '../features/home/home-hero.tsx';
import { servicesContext } from '../lib/context.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [categories, promotions] = await Promise.all([services.gameCategories(), services.promotions()]);
  return { categories, promotions: promotions.slice(0, 3) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HomeHero />
      <div className="mx-auto max-w-7xl px-4">
        <section aria-labelledby="categories-heading" className="py-10">
          <h2 id="categories-heading" className="font-display text-2xl font-bold">
            Play by category
          </h2>
          <ul className="mt-5 grid grid-cols-2 gap-4 md:grid-cols-4">
            {loaderData.categories.map((category) => (
              <li key={category.slug}>
                <Link
                  to={`/${category.slug}`}
                  className="block h-full rounded-card border border-night-700 bg-night-850 p-5 transition-colors hover:border-gold-500"
                >
                  <span className="block text-lg font-semibold text-mist-100">{category.name}</span>
                  <span className="mt-1 block text-sm text-mist-400">{category.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="promotions-heading" className="pb-6">
          <div className="flex items-end justify-between gap-4">
            <h2 id="promotions-heading" className="font-display text-2xl font-bold">
              Promotions
            </h2>
            <Link to="/promotion" className="text-sm font-semibold text-gold-300 hover:underline">
              All promotions
            </Link>
          </div>
          <div className="mt-5 grid gap-5 md:grid-cols-3">
            {loaderData.promotions.map((promotion) => (
              <PromotionCard key={promotion.id} promotion={promotion} />
            ))}
          </div>
        </section>
      </div>
    </>
  );
}
