import { Link } from 'react-router';
import type { Route } from './+types/promotion-landing';
import { PageHeading } from '../components/site-frame.tsx';
import { CatchArt, SweetsArt } from '../features/content/landing-art.tsx';
import { pageMeta } from '../lib/meta.ts';
import { failPageValidation, pagePath } from '../lib/page-validation.ts';

// Fixed landing pages whose addresses partners already link to. The offers are ours and name no third-party game.
const landings: Record<string, { art: 'sweets' | 'catch'; title: string; lead: string; points: string[] }> = {
  '/promotion/sweet-bonanza': {
    art: 'sweets',
    title: 'Sweet Treats Week',
    lead: 'A week of sugar-coated extras on our own candy-themed slots.',
    points: [
      '50 free spins on your first deposit of €20 or more.',
      'Double loyalty points on Croupier Studio slots all week.',
      'Free spin winnings are paid as bonus funds with 10x wagering.',
    ],
  },
  '/promotion/big-bass-bonanza': {
    art: 'catch',
    title: 'The Big Catch',
    lead: 'Cast your line on our fishing-themed reels for a prize pool of €5,000.',
    points: [
      'Every €1 wagered on Croupier Studio slots earns a ticket.',
      'Fifty tickets are drawn each Sunday for cash prizes with no wagering.',
      'Opt in from this page; the draw is verifiable from its published seed.',
    ],
  },
};

export function loader({ url }: Route.LoaderArgs) {
  const landing = landings[pagePath(url)];
  if (!landing) failPageValidation(url);
  return { landing };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.landing.title ?? 'Promotion', loaderData?.landing.lead);

export default function PromotionLanding({ loaderData }: Route.ComponentProps) {
  const { landing } = loaderData;
  return (
    <article>
      <div className="mb-8 overflow-hidden rounded-card border border-night-700">{landing.art === 'sweets' ? <SweetsArt /> : <CatchArt />}</div>
      <PageHeading title={landing.title} lead={landing.lead} />
      <ul className="list-disc space-y-2 pl-5 text-mist-300">
        {landing.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <Link to="/register" className="btn btn-primary mt-8">
        Join and take part
      </Link>
    </article>
  );
}
