import type { Route } from './+types/account-bonuses';
import { PageHeading } from '../components/site-frame.tsx';
import { FreeRoundsList } from '../features/bonuses/free-rounds.tsx';
import { MyBonuses } from '../features/bonuses/my-bonuses.tsx';
import { servicesContext, siteStateContext } from '../lib/context.ts';
import { pageMeta } from '../lib/meta.ts';
import { signedInPlayerId } from '../lib/player-gate.ts';

const LEAD = 'Your active bonus, how much wagering is left, your free rounds and your earlier bonuses.';

export async function loader({ context }: Route.LoaderArgs) {
  const playerId = signedInPlayerId(context.get(siteStateContext).viewer);
  const services = context.get(servicesContext);
  const [bonuses, freeRounds, wallet] = await Promise.all([services.playerBonuses(playerId), services.freeRounds(playerId), services.wallet(playerId)]);
  return { bonuses, freeRounds, currency: wallet.currency };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Bonuses', LEAD);

/** /account/bonuses: the open bonus with live wagering progress, free spins, cancel, free rounds on providers' games, and the history. */
export default function AccountBonuses({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title="Bonuses" lead={LEAD} />
      <MyBonuses loaded={loaderData.bonuses} currency={loaderData.currency}>
        <FreeRoundsList rounds={loaderData.freeRounds} />
      </MyBonuses>
    </>
  );
}
