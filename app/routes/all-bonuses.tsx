import type { Route } from './+types/all-bonuses';
import { PageHeading } from '../components/site-frame.tsx';
import { ClosedNotice } from '../components/closed-notice.tsx';
import { OfferCard } from '../features/bonuses/offer-card.tsx';
import { servicesContext, siteStateContext } from '../lib/context.ts';
import { pageMeta } from '../lib/meta.ts';
import { cashierPlayerId } from '../lib/player-gate.ts';

const LEAD = 'Offers you can claim now. Every bonus shows its wagering, time limit and maximum stake.';

export async function loader({ context }: Route.LoaderArgs) {
  const playerId = cashierPlayerId(context.get(siteStateContext).viewer);
  const services = context.get(servicesContext);
  const [offers, closed] = await Promise.all([services.bonusOffers(playerId), services.playClosed(playerId)]);
  return { offers, closed };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Bonuses', LEAD);

/** /all-bonuses: the claimable offers as cards with their titles, banner, Claim or Deposit button and terms. */
export default function AllBonuses({ loaderData }: Route.ComponentProps) {
  const { offers, closed } = loaderData;
  return (
    <>
      <PageHeading title="Bonuses" lead={LEAD} />
      {/* A time-out or self-exclusion: why nothing can be claimed, instead of Claim buttons refused on click. */}
      {closed ? (
        <div className="mb-6">
          <ClosedNotice closed={closed} what="claim a bonus" />
        </div>
      ) : null}
      {offers.length === 0 ? (
        <p className="text-mist-300">There are no offers right now.</p>
      ) : (
        <div className="grid items-start gap-4 md:grid-cols-2">
          {offers.map((offer) => (
            <OfferCard key={offer.slug} offer={offer} closed={closed !== null} />
          ))}
        </div>
      )}
    </>
  );
}
