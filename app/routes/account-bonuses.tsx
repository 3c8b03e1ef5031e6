import type { Route } from './+types/account-bonuses';
import { PageHeading } from '../components/site-frame.tsx';
import { MyBonuses } from '../features/bonuses/my-bonuses.tsx';
import { servicesContext, siteStateContext } from '../lib/context.ts';
import { pageMeta } from '../lib/meta.ts';
import { signedInPlayerId } from '../lib/player-gate.ts';

const LEAD = 'Your active bonus, how much wagering is left, and your earlier bonuses.';

export async function loader({ context }: Route.LoaderArgs) {
  const playerId = signedInPlayerId(context.get(siteStateContext).viewer);
  const services = context.get(servicesContext);
  const [bonuses, wallet] = await Promise.all([services.playerBonuses(playerId), services.wallet(playerId)]);
  return { bonuses, currency: wallet.currency };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Bonuses', LEAD);

/** /account/bonuses: the open bonus with live wagering progress, free spins, cancel, and the history. */
export default function AccountBonuses({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title="Bonuses" lead={LEAD} />
      <MyBonuses loaded={loaderData.bonuses} currency={loaderData.currency} />
    </>
  );
}
