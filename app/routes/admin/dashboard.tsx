import { Link, useSearchParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Route } from './+types/dashboard';
import { useListLoading } from '../../features/admin/admin-list.tsx';
import { adminLoad } from '../../features/admin/api.ts';
import { useShownParams } from '../../features/admin/use-shown-params.ts';
import { AdminHeading, ChoiceGroup, Loading, money, Notice, Stat } from '../../features/admin/ui.tsx';

const PERIODS = [
  { days: '1', label: 'Today' },
  { days: '7', label: '7 days' },
  { days: '30', label: '30 days' },
] as const;
type Days = (typeof PERIODS)[number]['days'];
/** The period the address names (`?days=`), 7 days when it names none or another. */
const daysOf = (value: string | null): Days => PERIODS.find((period) => period.days === value)?.days ?? '7';
const axis = { stroke: '#8d97ad', fontSize: 12 };
const tooltip = { contentStyle: { background: '#151a28', border: '1px solid #2c3449', borderRadius: 8, color: '#e8ecf4' } };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const days = daysOf(new URL(request.url).searchParams.get('days'));
  return adminLoad(request, `/api/admin/reports/dashboard?days=${days}`);
}

export function HydrateFallback() {
  return <Loading />;
}

/** Today / 7 / 30 days: the key figures, daily charts and the pending queues. */
export default function AdminDashboard({ loaderData: dashboard }: Route.ComponentProps) {
  const [, setSearchParams] = useSearchParams();
  const days = daysOf(useShownParams().get('days'));
  // A new period keeps the figures shown, dimmed, until its own have loaded.
  const busy = useListLoading();
  const data = dashboard.error === null ? dashboard.data : null;
  const major = (minor: number) => minor / 100;
  return (
    <div className="space-y-6">
      <AdminHeading title="Dashboard">
        <Link to="/admin/reports" className="text-sm text-gold-400 hover:underline">
          Reports: any range, by game, country, player…
        </Link>
        <ChoiceGroup
          label="Period"
          value={days}
          choices={PERIODS.map((period) => ({ value: period.days, label: period.label }))}
          onChoose={(value) => setSearchParams(value === '7' ? {} : { days: value }, { preventScrollReset: true })}
        />
      </AdminHeading>
      {data === null ? (
        <Notice tone="error">{dashboard.error}</Notice>
      ) : (
        <div className={`space-y-6 transition-opacity ${busy ? 'opacity-60' : ''}`} aria-busy={busy || undefined}>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            <Stat label="Stakes" value={money(data.totals.stakes, data.currency)} />
            <Stat label="GGR (stakes − wins)" value={money(data.totals.ggr, data.currency)} />
            <Stat label="NGR (GGR − bonus cost − adjustments)" value={money(data.totals.ngr, data.currency)} />
            <Stat label="Deposits" value={money(data.totals.deposits, data.currency)} />
            <Stat label="Withdrawals" value={money(data.totals.withdrawals, data.currency)} />
            <Stat label="Registrations" value={data.totals.registrations} />
            <Stat label="First-time depositors" value={data.totals.first_depositors} />
            <Stat label="Active players" value={data.totals.active_players} />
            <Stat label="Bonus cost" value={money(data.totals.bonus_cost, data.currency)} />
            <Stat label="Approved adjustments (net to players)" value={money(data.totals.adjustments, data.currency)} />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <a href="/admin/withdrawals" className="rounded-card border border-night-700 bg-night-850 p-4 hover:border-gold-400">
              <p className="text-xs uppercase tracking-wide text-mist-400">Pending withdrawals</p>
              <p className="mt-1 text-xl font-semibold text-mist-100">{data.queues.withdrawals}</p>
            </a>
            <a href="/admin/adjustments" className="rounded-card border border-night-700 bg-night-850 p-4 hover:border-gold-400">
              <p className="text-xs uppercase tracking-wide text-mist-400">Adjustments awaiting approval</p>
              <p className="mt-1 text-xl font-semibold text-mist-100">{data.queues.adjustments}</p>
            </a>
          </div>
          <section className="rounded-card border border-night-700 bg-night-850 p-4" aria-label="GGR and NGR per day">
            <h2 className="mb-3 font-semibold text-mist-100">GGR and NGR per day ({data.currency})</h2>
            <div className="h-64">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data.daily.map((row) => ({ day: row.day.slice(5), GGR: major(row.ggr), NGR: major(row.ngr) }))}>
                  <CartesianGrid stroke="#1f2637" vertical={false} />
                  <XAxis dataKey="day" {...axis} />
                  <YAxis {...axis} width={56} />
                  <Tooltip {...tooltip} />
                  <Legend />
                  <Bar dataKey="GGR" fill="#f7c14b" radius={[4, 4, 0, 0]} />
                  <Bar dataKey="NGR" fill="#1f9d6b" radius={[4, 4, 0, 0]} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </section>
          <div className="grid gap-4 lg:grid-cols-2">
            <section className="rounded-card border border-night-700 bg-night-850 p-4" aria-label="Deposits and withdrawals per day">
              <h2 className="mb-3 font-semibold text-mist-100">Deposits and withdrawals</h2>
              <div className="h-56">
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={data.daily.map((row) => ({ day: row.day.slice(5), Deposits: major(row.deposits), Withdrawals: major(row.withdrawals) }))}>
                    <CartesianGrid stroke="#1f2637" vertical={false} />
                    <XAxis dataKey="day" {...axis} />
                    <YAxis {...axis} width={56} />
                    <Tooltip {...tooltip} />
                    <Legend />
                    <Line type="monotone" dataKey="Deposits" stroke="#1f9d6b" strokeWidth={2} dot={false} />
                    <Line type="monotone" dataKey="Withdrawals" stroke="#e5484d" strokeWidth={2} dot={false} />
                  </LineChart>
                </ResponsiveContainer>
              </div>
            </section>
            <section className="rounded-card border border-night-700 bg-night-850 p-4" aria-label="Players per day">
              <h2 className="mb-3 font-semibold text-mist-100">Registrations and active players</h2>
              <div className="h-56">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart
                    data={data.daily.map((row) => ({
                      day: row.day.slice(5),
                      Registrations: row.registrations,
                      Active: row.active_players,
                      FTD: row.first_depositors,
                    }))}
                  >
                    <CartesianGrid stroke="#1f2637" vertical={false} />
                    <XAxis dataKey="day" {...axis} />
                    <YAxis {...axis} width={40} allowDecimals={false} />
                    <Tooltip {...tooltip} />
                    <Legend />
                    <Bar dataKey="Registrations" fill="#aab3c6" radius={[4, 4, 0, 0]} />
                    <Bar dataKey="FTD" fill="#f7c14b" radius={[4, 4, 0, 0]} />
                    <Bar dataKey="Active" fill="#1f9d6b" radius={[4, 4, 0, 0]} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </section>
          </div>
        </div>
      )}
    </div>
  );
}
