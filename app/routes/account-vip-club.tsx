import type { Route } from './+types/account-vip-club';
import { PageHeading } from '../components/site-frame.tsx';
import { VipScreen } from '../features/clubs/vip-screen.tsx';
import { servicesContext, siteStateContext } from '../lib/context.ts';
import { pageMeta } from '../lib/meta.ts';
import { signedInPlayerId } from '../lib/player-gate.ts';
import { useClub } from '../lib/use-club.ts';

const LEAD = 'Your VIP tier and the benefits it brings.';

export async function loader({ context }: Route.LoaderArgs) {
  const playerId = signedInPlayerId(context.get(siteStateContext).viewer);
  const services = context.get(servicesContext);
  const [loyalty, vip] = await Promise.all([services.loyalty(playerId, { page: 1, perPage: 20 }), services.vip(playerId)]);
  return { club: { loyalty: loyalty.data, vip } };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'VIP club', LEAD);

/** /account/vip-club, live like the loyalty page. */
export default function AccountVipClub({ loaderData }: Route.ComponentProps) {
  const club = useClub(loaderData.club) ?? loaderData.club;
  return (
    <>
      <PageHeading title="VIP club" lead={LEAD} />
      <VipScreen club={club} />
    </>
  );
}
