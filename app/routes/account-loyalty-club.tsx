import type { Route } from './+types/account-loyalty-club';
import { PageHeading } from '../components/site-frame.tsx';
import { LoyaltyScreen } from '../features/clubs/loyalty-screen.tsx';
import { servicesContext, siteStateContext } from '../lib/context.ts';
import { pageMeta } from '../lib/meta.ts';
import { signedInPlayerId } from '../lib/player-gate.ts';
import { useClub } from '../lib/use-club.ts';

const LEAD = 'Your loyalty points and what you can exchange them for.';

export async function loader({ context }: Route.LoaderArgs) {
  const playerId = signedInPlayerId(context.get(siteStateContext).viewer);
  const services = context.get(servicesContext);
  const [loyalty, vip] = await Promise.all([services.loyalty(playerId, { page: 1, perPage: 20 }), services.vip(playerId)]);
  return { club: { loyalty: loyalty.data, vip } };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Loyalty club', LEAD);

/** /account/loyalty-club, live: a round, an exchange or a deposit anywhere reads it again. */
export default function AccountLoyaltyClub({ loaderData }: Route.ComponentProps) {
  const club = useClub(loaderData.club) ?? loaderData.club;
  return (
    <>
      <PageHeading title="Loyalty club" lead={LEAD} />
      <LoyaltyScreen club={club} />
    </>
  );
}
