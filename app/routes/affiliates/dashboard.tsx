import { useSearchParams } from 'react-router';
import type { Route } from './+types/dashboard';
import { DailyChart } from '../../features/affiliates/daily-chart.tsx';
import { affiliateLoadBody, dataOf } from '../../features/affiliates/portal-load.ts';
import { count, Figure, Loading, Notice, Panel, PortalHeading, plainMoney } from '../../features/affiliates/portal-ui.tsx';
import { useAffiliate } from '../../features/affiliates/session.tsx';
import { PLAN_TYPES } from '../../features/affiliates/types.ts';

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** The month the address names (?month=), this month without one. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const asked = new URL(request.url).searchParams.get('month');
  const month = asked && /^\d{4}-\d{2}$/.test(asked) ? asked : thisMonth();
  return { month, dashboard: dataOf(await affiliateLoadBody(request, `/api/affiliates/dashboard?month=${month}`)) };
}

export function HydrateFallback() {
  return <Loading />;
}

/** The month's figures: clicks to commission, and charts of the days so far. */
export default function AffiliateDashboard({ loaderData: { month, dashboard } }: Route.ComponentProps) {
  const { me } = useAffiliate();
  const [, setSearchParams] = useSearchParams();
  const { data, error } = dashboard;
  const money = (minor: number) => plainMoney(minor, data?.currency ?? me.plan?.currency ?? 'EUR');
  return (
    <div className="space-y-6">
      <PortalHeading title="Dashboard" lead={`Welcome, ${me.contact_name}. Figures are in UTC and update as players arrive.`}>
        <label className="flex items-center gap-2 text-sm text-mist-300">
          Month
          <input
            type="month"
            value={month}
            max={thisMonth()}
            onChange={(event) => event.target.value && setSearchParams({ month: event.target.value }, { preventScrollReset: true })}
            className="rounded-lg border border-night-600 bg-night-900 px-3 py-1.5 text-mist-100"
          />
        </label>
      </PortalHeading>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {data ? (
        <>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" aria-label={`Figures for ${data.month}`}>
            <Figure label="Clicks" value={count(data.totals.clicks)} testId="clicks" />
            <Figure label="Registrations" value={count(data.totals.registrations)} testId="registrations" />
            <Figure label="First deposits" value={count(data.totals.ftds)} testId="ftds" />
            <Figure label="CPA qualified" value={count(data.totals.cpa_qualified)} testId="cpa-qualified" />
            <Figure label="Net gaming revenue" value={money(data.totals.ngr)} testId="ngr" />
            <Figure label="Commission" value={money(data.totals.commission)} hint="Estimate; the statement is final" testId="commission" />
          </dl>
          <div className="grid gap-4 lg:grid-cols-2">
            <Panel title="Traffic per day">
              <DailyChart
                title="Clicks and registrations per day"
                days={data.days.map((row) => row.day)}
                series={[
                  { name: 'Clicks', colour: '#8d97ad', values: data.days.map((row) => row.clicks) },
                  { name: 'Registrations', colour: '#f7c14b', values: data.days.map((row) => row.registrations) },
                ]}
              />
            </Panel>
            <Panel title="Conversions per day">
              <DailyChart
                title="First deposits and CPA qualifications per day"
                days={data.days.map((row) => row.day)}
                series={[
                  { name: 'First deposits', colour: '#1f9d6b', values: data.days.map((row) => row.ftds) },
                  { name: 'CPA qualified', colour: '#f7c14b', values: data.days.map((row) => row.cpa_qualified) },
                ]}
              />
            </Panel>
            <Panel title="Deposits per day" className="lg:col-span-2">
              <DailyChart
                title="Deposits of your players per day"
                days={data.days.map((row) => row.day)}
                series={[{ name: 'Deposits', colour: '#1f9d6b', values: data.days.map((row) => row.deposits) }]}
                format={money}
              />
            </Panel>
          </div>
          <Panel title="Your plan">
            {me.plan ? (
              <PlanSummary plan={me.plan} />
            ) : (
              <p className="text-sm text-mist-400">No commission plan is assigned yet: your account manager sets it.</p>
            )}
          </Panel>
        </>
      ) : null}
    </div>
  );
}

function PlanSummary({ plan }: { plan: NonNullable<ReturnType<typeof useAffiliate>['me']['plan']> }) {
  const money = (minor: number | null) => (minor === null ? '—' : plainMoney(minor, plan.currency));
  const cpa = plan.type !== 'revshare';
  const revshare = plan.type !== 'cpa';
  return (
    <div className="space-y-3 text-sm">
      <p className="text-mist-100">
        <strong>{plan.name}</strong> · {PLAN_TYPES[plan.type]}
      </p>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {cpa ? (
          <>
            <div>
              <dt className="text-mist-400">CPA per qualified player</dt>
              <dd className="text-mist-100">{money(plan.cpa_amount)}</dd>
            </div>
            <div>
              <dt className="text-mist-400">Qualifies on</dt>
              <dd className="text-mist-100">
                a first deposit of at least {money(plan.cpa_min_deposit)} within {plan.cpa_window_days ?? '—'} days of registering
                {plan.cpa_min_wagering ? `, and ${money(plan.cpa_min_wagering)} wagered` : ''}
              </dd>
            </div>
          </>
        ) : null}
        {revshare ? (
          <>
            <div>
              <dt className="text-mist-400">Revenue share of NGR</dt>
              <dd className="text-mist-100">
                {plan.revshare_tiers
                  .map((tier) => (tier.min_active_players === 0 ? `${tier.percent}%` : `${tier.percent}% from ${tier.min_active_players} active players`))
                  .join(' · ')}
              </dd>
            </div>
            <div>
              <dt className="text-mist-400">Negative carry-over</dt>
              <dd className="text-mist-100">{plan.negative_carryover ? 'On: a negative month is set against the next' : 'Off: every month starts at zero'}</dd>
            </div>
          </>
        ) : null}
      </dl>
    </div>
  );
}
