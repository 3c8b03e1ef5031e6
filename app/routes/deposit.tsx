import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/deposit';
import { PageHeading } from '../components/site-frame.tsx';
import { CashierSkeleton } from '../features/wallet/cashier-skeleton.tsx';
import { chosenBonus } from '../features/wallet/chosen-bonus.ts';
import { DepositForm } from '../features/wallet/deposit-form.tsx';
import { DepositLimitPrompt } from '../features/wallet/deposit-limit-prompt.tsx';
import { depositOffers } from '../features/wallet/deposit-offers.tsx';
import { ClosedNotice } from '../components/closed-notice.tsx';
import { DepositStatus } from '../features/wallet/deposit-status.tsx';
import { NoPaymentMethods } from '../features/wallet/no-payment-methods.tsx';
import { OnChainDeposit } from '../features/wallet/onchain-deposit.tsx';
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
  // A time-out or self-exclusion: the screen says why and until when instead of a form refused on submit.
  const closed = await services.playClosed(playerId);
  if (closed) return { bonus: null, offers: [], closed };
  const [bonus, offers] = await Promise.all([
    chosenBonus(url.searchParams, (slug) => services.bonusOffer(playerId, slug)),
    services.bonusOffers(playerId).then(depositOffers, () => []),
  ]);
  return { bonus, offers, closed: null };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Deposit', LEAD);

/** `onChainOffered`: the crypto rail below is on, so no card or sandbox method is no reason to say deposits are paused. */
function DepositCashier({ bonus, offers, onChainOffered }: Route.ComponentProps['loaderData'] & { onChainOffered: boolean }) {
  const { methods, problem } = usePaymentMethods();
  if (problem)
    return (
      <p role="alert" className="text-ruby-500">
        {problem}
      </p>
    );
  if (!methods) return <CashierSkeleton label="Loading the payment methods" />;
  if (methods.length === 0) return onChainOffered ? null : <NoPaymentMethods direction="deposit" />;
  return <DepositForm methods={methods} bonus={bonus} offers={offers} />;
}

/** /deposit: the deposit form, and with `?deposit={id}` how that deposit went. */
export default function Deposit({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const depositId = search.get('deposit');
  const [onChainOffered, setOnChainOffered] = useState(false);
  useEffect(() => analytics().track({ event: 'deposit_page_visit' }), []);
  return (
    <>
      <PageHeading title="Deposit" lead={LEAD} />
      {depositId ? (
        <DepositStatus key={depositId} id={depositId} />
      ) : loaderData.closed ? (
        <ClosedNotice closed={loaderData.closed} what="deposit" />
      ) : (
        <DepositLimitPrompt>
          <div className="space-y-10">
            <DepositCashier {...loaderData} onChainOffered={onChainOffered} />
            <OnChainDeposit onOffered={() => setOnChainOffered(true)} />
          </div>
        </DepositLimitPrompt>
      )}
    </>
  );
}
