import { Link, redirect, useLocation, useNavigation } from 'react-router';
import type { Route } from './+types/account-transaction';
import { PageHeading } from '../components/site-frame.tsx';
import { EmptyState, Skeleton } from '../components/ui/card.tsx';
import { Pagination } from '../components/ui/table.tsx';
import { signedInPlayerId } from '../lib/player-gate.ts';
import { TransactionFiltersForm } from '../features/wallet/transaction-filters-form.tsx';
import { TransactionList } from '../features/wallet/transaction-list.tsx';
import { RoundRecall } from '../features/sessions/round-recall.tsx';
import { hasFilters, readTransactionQuery, transactionSearch, transactionsExportHref, TRANSACTIONS_PER_PAGE } from '../features/wallet/transaction-query.ts';
import { servicesContext, siteStateContext } from '../lib/context.ts';
import { pageMeta } from '../lib/meta.ts';

const LEAD = 'Every deposit, withdrawal, bet and win on your account.';
const ROUNDS_LEAD = 'Your last game and the nine before it, step by step, and how each session went.';

export async function loader({ context, url }: Route.LoaderArgs) {
  const playerId = signedInPlayerId(context.get(siteStateContext).viewer);
  // The game-history tab (issue 33 §7) loads its rounds in the browser.
  if (url.searchParams.get('view') === 'rounds') return { view: 'rounds' as const };
  const { filters, page, errors } = readTransactionQuery(url.searchParams);
  const history = await context.get(servicesContext).transactions(playerId, { ...filters, page, perPage: TRANSACTIONS_PER_PAGE });
  if (page > history.meta.last_page) throw redirect(`${url.pathname}${transactionSearch(filters, history.meta.last_page)}`);
  return { view: 'transactions' as const, filters, errors, ...history };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Transactions', LEAD);

function Loading() {
  return (
    <div className="space-y-2" aria-busy="true">
      <p className="sr-only">Loading your transactions</p>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}

function Tabs({ current }: { current: 'transactions' | 'rounds' }) {
  const tabs = [
    { view: 'transactions', label: 'Transactions', to: '/account/transaction' },
    { view: 'rounds', label: 'Game history', to: '/account/transaction?view=rounds' },
  ] as const;
  return (
    <nav aria-label="History" className="mb-5 inline-flex rounded-full border border-night-700 bg-night-850 p-1 text-sm">
      {tabs.map((tab) => (
        <Link
          key={tab.view}
          to={tab.to}
          aria-current={tab.view === current ? 'page' : undefined}
          className={`rounded-full px-4 py-1.5 ${tab.view === current ? 'bg-gold-500 font-semibold text-night-950' : 'text-mist-300 hover:text-mist-100'}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** /account/transaction: the filtered, paged history and its CSV download; `?view=rounds` the game history. */
export default function AccountTransaction({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === 'rounds')
    return (
      <>
        <PageHeading title="Game history" lead={ROUNDS_LEAD} />
        <Tabs current="rounds" />
        <RoundRecall />
      </>
    );
  return <TransactionsView data={loaderData} />;
}

function TransactionsView({ data: loaderData }: { data: Extract<Route.ComponentProps['loaderData'], { view: 'transactions' }> }) {
  const { filters, errors, data, meta } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const refiltering = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const first = (meta.current_page - 1) * meta.per_page + 1;
  const last = first + data.length - 1;
  return (
    <>
      <PageHeading title="Transactions" lead={LEAD} />
      <Tabs current="transactions" />
      <div className="space-y-5">
        <TransactionFiltersForm filters={filters} errors={errors} />
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-night-700 pt-4">
          <p className="text-sm text-mist-400" role="status">
            {meta.total === 0 ? 'No transactions' : `Showing ${first}–${last} of ${meta.total}`}
          </p>
          <a href={transactionsExportHref(filters)} download className="btn btn-ghost min-h-0 px-3 py-1.5 text-sm">
            <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
              <path
                d="M10 3v9m0 0l-3.5-3.5M10 12l3.5-3.5M4 15h12"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            Download CSV
          </a>
        </div>
        {refiltering ? (
          <Loading />
        ) : data.length > 0 ? (
          <TransactionList transactions={data} />
        ) : hasFilters(filters) ? (
          <EmptyState
            title="No transactions match these filters"
            text="Try another type, status or date range."
            action={
              <Link to={{ search: '' }} className="btn btn-ghost">
                Clear filters
              </Link>
            }
          />
        ) : (
          <EmptyState
            title="No transactions yet"
            text="Your deposits, withdrawals, bets and wins will show here."
            action={
              <Link to="/deposit" className="btn btn-primary">
                Make a deposit
              </Link>
            }
          />
        )}
        <Pagination page={meta.current_page} pages={meta.last_page} hrefFor={(page) => `${location.pathname}${transactionSearch(filters, page)}`} />
      </div>
    </>
  );
}
