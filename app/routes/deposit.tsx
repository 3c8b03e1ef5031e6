import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/deposit';
import { PageHeading } from '../components/site-frame.tsx';
import { CashierSkeleton } from '../features/wallet/cashier-skeleton.tsx';
import { chosenBonus } from '../features/wallet/chosen-bonus.ts';
import { DepositForm } from '../features/wallet/deposit-form.tsx';
import { DepositStatus } from '../features/wallet/deposit-status.tsx';
import { NoPaymentMethods } from '../features/wallet/no-payment-methods.tsx';
import { cashierPlayerId } from '../lib/player-gate.ts';
import { usePaymentMethods } from '../features/wallet/use-payment-methods.ts';
import { analytics } from '../lib/analytics.ts';
import { servicesContext, siteStateContext } from '../lib/context.ts';
import { pageMeta } from '../lib/meta.ts';

// Said whichever methods the operator offers: the cashier below lists them, or says none is available.
const LEAD = 'Add money to your balance.';

export async function loader({ context, url }: Route.LoaderArgs) {
  const playerId = cashierPlayerId(context.get(siteStateContext).viewer);
  const services = context.get(servicesContext);
  return { bonus: await chosenBonus(url.searchParams, (slug) => services.bonusOffer(playerId, slug)) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Deposit', LEAD);

function DepositCashier({ bonus }: Route.ComponentProps['loaderData']) {
  const { methods, problem } = usePaymentMethods();
  if (problem)
    return (
      <p role="alert" className="text-ruby-500">
        {problem}
      </p>
    );
  if (!methods) return <CashierSkeleton label="Loading the payment methods" />;
  if (methods.length === 0) return <NoPaymentMethods direction="deposit" />;
  return <DepositForm methods={methods} bonus={bonus} />;
}

/** /deposit: the deposit form, and with `?deposit={id}` how that deposit went. */
export default function Deposit({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const depositId = search.get('deposit');
  useEffect(() => analytics().track({ event: 'deposit_page_visit' }), []);
  return (
    <>
      <PageHeading title="Deposit" lead={LEAD} />
      {depositId ? <DepositStatus key={depositId} id={depositId} /> : <DepositCashier bonus={loaderData.bonus} />}
    </>
  );
}
