import type { Route } from './+types/account-wallet';
import { PageHeading } from '../components/site-frame.tsx';
import { signedInPlayerId } from '../lib/player-gate.ts';
import { useWallet } from '../lib/use-wallet.ts';
import { WalletOverview } from '../features/wallet/wallet-overview.tsx';
import { servicesContext, siteStateContext } from '../lib/context.ts';
import { pageMeta } from '../lib/meta.ts';

const LEAD = 'Your balances, pending withdrawals and net deposits.';

export async function loader({ context }: Route.LoaderArgs) {
  const playerId = signedInPlayerId(context.get(siteStateContext).viewer);
  return { wallet: await context.get(servicesContext).wallet(playerId) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Wallet', LEAD);

/** /account/wallet */
export default function AccountWallet({ loaderData }: Route.ComponentProps) {
  const wallet = useWallet(loaderData.wallet) ?? loaderData.wallet;
  return (
    <>
      <PageHeading title="Wallet" lead={LEAD} />
      <WalletOverview wallet={wallet} />
    </>
  );
}
