import type { Route } from './+types/withdraw';
import { PageHeading } from '../components/site-frame.tsx';
import { cashierPlayerId } from '../lib/player-gate.ts';
import { WithdrawCashier } from '../features/wallet/withdraw-cashier.tsx';
import { siteStateContext } from '../lib/context.ts';
import { pageMeta } from '../lib/meta.ts';

const LEAD = 'Cash out your winnings to the method you deposited with.';

export function loader({ context }: Route.LoaderArgs) {
  cashierPlayerId(context.get(siteStateContext).viewer);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Withdraw', LEAD);

/** /withdraw */
export default function Withdraw() {
  return (
    <>
      <PageHeading title="Withdraw" lead={LEAD} />
      <WithdrawCashier />
    </>
  );
}
