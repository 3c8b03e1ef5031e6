import { useRevalidator } from 'react-router';
import type { Route } from './+types/crypto';
import { adminLoad } from '../../features/admin/api.ts';
import { Deposits, depositFilterOf, depositsQuery, Withdrawals } from '../../features/admin/crypto/chain-tables.tsx';
import { HotWalletPanel } from '../../features/admin/crypto/hot-wallet.tsx';
import { Rates } from '../../features/admin/crypto/rates.tsx';
import { AdminHeading, Loading } from '../../features/admin/ui.tsx';

// The crypto rail's back office (docs/decisions/0109, 0123): the rates on-chain deposits are credited at (stale ones stop
// crediting), the hot wallet's balances and sweeping, on-chain withdrawals with the signer's transactions and
// confirmations, and the on-chain deposits with their transactions, confirmations, quotes, statuses and reorg flags.
// The panels live in app/features/admin/crypto/.

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filter = depositFilterOf(new URL(request.url).searchParams.get('deposits'));
  const [rates, hotWallet, withdrawals, deposits] = await Promise.all([
    adminLoad(request, '/api/admin/chain/rates'),
    adminLoad(request, '/api/admin/chain/hot-wallet'),
    adminLoad(request, '/api/admin/chain/withdrawals'),
    adminLoad(request, `/api/admin/chain/deposits${depositsQuery(filter)}`),
  ]);
  return { rates, hotWallet, withdrawals, deposits };
}

export function HydrateFallback() {
  return <Loading />;
}

export default function AdminCryptoScreen({ loaderData: { rates, hotWallet, withdrawals, deposits } }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();
  return (
    <div className="space-y-10">
      <AdminHeading title="Crypto" />
      <Rates loaded={rates} onSaved={reload} />
      <HotWalletPanel loaded={hotWallet} onSwept={reload} />
      <Withdrawals loaded={withdrawals} />
      <Deposits loaded={deposits} />
    </div>
  );
}
