import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/reports';
import { COUNTRIES } from '../../../contract/countries.ts';
import { VIP_TIER_SLUGS } from '../../../contract/operators.rules.ts';
import { REPORT_GROUP_LABELS, REPORT_GROUPS } from '../../../contract/reports.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { useListLoading } from '../../features/admin/admin-list.tsx';
import { adminLoad, downloadCsv } from '../../features/admin/api.ts';
import { RANGE_PRESETS, type RangePreset, reportView } from '../../features/admin/reports/range.ts';
import { FiguresTable, PaymentsTable } from '../../features/admin/reports/report-tables.tsx';
import { useShownParams } from '../../features/admin/use-shown-params.ts';
import { AdminHeading, ChoiceGroup, Loading, money, Notice, Stat } from '../../features/admin/ui.tsx';

// recharts is loaded with this screen's chart only, not with the console.
const ReportChart = lazy(() => import('../../features/admin/reports/report-chart.tsx'));

/** The most groups the chart shows, largest stakes first. */
const CHARTED_GROUPS = 10;
const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country.code, label: `${country.name} (${country.code})` }));
const VIP_OPTIONS = VIP_TIER_SLUGS.map((slug) => ({ value: slug, label: slug[0]!.toUpperCase() + slug.slice(1) }));
const GROUP_OPTIONS = REPORT_GROUPS.map((group) => ({ value: group, label: REPORT_GROUP_LABELS[group] }));

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const view = reportView(new URL(request.url).searchParams, new Date());
  return { view, report: await adminLoad(request, `/api/admin/reports/figures?${view.query}`) };
}

export function HydrateFallback() {
  return <Loading />;
}

/**
 * Reports (docs/decisions/0103-operator-reports.md): any range of UTC days and currency, grouped by day, game,
 * provider, category, country, VIP tier or player, filtered; a totals strip, a chart, a sortable table with its total,
 * deposits and withdrawals by method, and the view as CSV. Everything chosen lives in the URL, so a report can be linked.
 */
export default function AdminReports({ loaderData: { view: loaded, report } }: Route.ComponentProps) {
  const [, setParams] = useSearchParams();
  // The choices show what is being loaded at once; the figures below stay those of the loaded report until then.
  const params = useShownParams();
  const [now] = useState(() => new Date());
  const { preset, from, to, group } = reportView(params, now);
  const updating = useListLoading();
  const data = report.error === null ? report.data : null;
  const [exportError, setExportError] = useState<string | null>(null);

  // Two choices made before the screen has drawn the first (a quick hand, a test) build on each other, not on the
  // parameters of the last render.
  const pending = useRef<string | null>(null);
  const shownSearch = params.toString();
  useEffect(() => {
    if (shownSearch === pending.current) pending.current = null;
  }, [shownSearch]);

  /** Changes the URL's choices, building on any still being loaded; an empty value removes one. */
  function choose(changes: Record<string, string>) {
    const next = new URLSearchParams(pending.current ?? shownSearch);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    pending.current = next.toString();
    setParams(next, { replace: true, preventScrollReset: true });
  }
  function choosePreset(value: RangePreset) {
    // A custom range starts from the days shown, so switching to it changes nothing until a day is picked.
    choose(value === 'custom' ? { range: value, from, to } : { range: value, from: '', to: '' });
  }
  async function exportCsv(section: 'figures' | 'payments') {
    setExportError(null);
    // The CSV is the report on the screen: the loaded view's query.
    const ok = await downloadCsv(
      `/api/admin/reports/export?${loaded.query}${section === 'payments' ? '&section=payments' : ''}`,
      `report-${section === 'payments' ? 'payments' : loaded.group}-${loaded.from}-to-${loaded.to}.csv`,
    );
    if (!ok) setExportError('The export failed; check the range and try again.');
  }

  const currency = params.get('currency') || (data?.currency ?? 'EUR');
  // The chart shows every day, or the ten largest groups (bonuses and adjustments, tied to no game, are in the table).
  const charted = !data ? [] : data.group === 'day' ? data.rows : data.rows.filter((row) => row.key !== null).slice(0, CHARTED_GROUPS);
  const chartTitle =
    loaded.group === 'day'
      ? 'GGR and NGR per day'
      : `GGR and NGR by ${REPORT_GROUP_LABELS[loaded.group].toLowerCase()}${charted.length > 1 ? `, the ${charted.length} largest by stakes` : ''}`;
  const options = data?.options;
  return (
    <div className="min-w-0 space-y-5">
      <AdminHeading title="Reports">
        <Button variant="ghost" onClick={() => exportCsv('figures')} disabled={!data}>
          Export CSV
        </Button>
      </AdminHeading>

      <section aria-label="Report settings" className="space-y-4 rounded-card border border-night-700 bg-night-850 p-4">
        <ChoiceGroup label="Range" value={preset} choices={RANGE_PRESETS} onChoose={choosePreset} />
        {preset === 'custom' ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:max-w-md">
            <TextField label="From" type="date" value={from} max={to} onChange={(event) => choose({ from: event.currentTarget.value })} />
            <TextField label="To" type="date" value={to} min={from} onChange={(event) => choose({ to: event.currentTarget.value })} />
          </div>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6">
          <SelectField label="Group by" value={group} options={GROUP_OPTIONS} onChange={(event) => choose({ group: event.currentTarget.value })} />
          <SelectField
            label="Currency"
            value={currency}
            options={(options?.currencies ?? [currency]).map((code) => ({ value: code, label: code }))}
            onChange={(event) => choose({ currency: event.currentTarget.value })}
          />
          {[
            { name: 'category', label: 'Game category', placeholder: 'All categories', choices: options?.categories ?? [] },
            { name: 'provider', label: 'Provider', placeholder: 'All providers', choices: options?.providers ?? [] },
            { name: 'country', label: 'Country', placeholder: 'All countries', choices: COUNTRY_OPTIONS },
            { name: 'vip', label: 'VIP tier', placeholder: 'All tiers', choices: VIP_OPTIONS },
          ].map((filter) => (
            <SelectField
              key={filter.name}
              label={filter.label}
              value={params.get(filter.name) ?? ''}
              placeholder={filter.placeholder}
              options={filter.choices}
              onChange={(event) => choose({ [filter.name]: event.currentTarget.value })}
            />
          ))}
        </div>
        <p className="text-sm text-mist-400">
          {from === to ? from : `${from} to ${to}`} (UTC days, both included), {currency}
          {updating ? ' · updating…' : ''}
        </p>
      </section>

      {report.error !== null ? <Notice tone="error">{report.error}</Notice> : null}
      {exportError ? <Notice tone="error">{exportError}</Notice> : null}
      {data === null ? null : (
        <>
          <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label="Stakes" value={money(data.totals.stakes, data.currency)} />
            <Stat label="Wins" value={money(data.totals.wins, data.currency)} />
            <Stat label="GGR (stakes − wins)" value={money(data.totals.ggr, data.currency)} />
            <Stat label="NGR" value={money(data.totals.ngr, data.currency)} hint="GGR − bonus cost − adjustments credited + debited" />
            <Stat label="Bonus cost" value={money(data.totals.bonus_cost, data.currency)} />
            <Stat
              label="Adjustments (net)"
              value={money(data.totals.adjustments_credited - data.totals.adjustments_debited, data.currency)}
              hint={`${money(data.totals.adjustments_credited, data.currency)} credited, ${money(data.totals.adjustments_debited, data.currency)} debited`}
            />
            <Stat label="Rounds" value={data.totals.rounds.toLocaleString('en-US')} />
            <Stat label="Players" value={data.totals.players.toLocaleString('en-US')} />
          </section>
          {data.games_only ? (
            <Notice>Bonus cost and adjustments belong to no game, so a category or provider filter leaves them out: NGR here is GGR.</Notice>
          ) : null}

          <section aria-label="Chart" className="rounded-card border border-night-700 bg-night-850 p-4">
            <h2 className="mb-3 font-semibold text-mist-100">
              {chartTitle} ({data.currency})
            </h2>
            <div className="h-64" style={loaded.group === 'day' ? undefined : { height: `${Math.max(charted.length, 2) * 40 + 90}px` }}>
              {charted.some((row) => row.stakes !== 0 || row.ngr !== 0) ? (
                <Suspense fallback={<Loading />}>
                  <ReportChart rows={charted} byDay={loaded.group === 'day'} currency={data.currency} />
                </Suspense>
              ) : (
                <p className="flex h-full items-center justify-center text-sm text-mist-400">No play in this range.</p>
              )}
            </div>
          </section>

          <section aria-label="Figures" className="space-y-2">
            <h2 className="font-semibold text-mist-100">By {REPORT_GROUP_LABELS[data.group].toLowerCase()}</h2>
            <FiguresTable key={data.group} rows={data.rows} totals={data.totals} group={data.group} currency={data.currency} />
            {data.truncated ? <Notice>Only the {data.rows.length} largest groups by stakes are listed; the totals and the CSV count them all.</Notice> : null}
          </section>

          <section aria-label="Deposits and withdrawals by method" className="space-y-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-semibold text-mist-100">Deposits and withdrawals by method</h2>
              <Button variant="ghost" onClick={() => exportCsv('payments')}>
                Export payments CSV
              </Button>
            </div>
            {data.payments.length > 0 ? (
              <PaymentsTable rows={data.payments} currency={data.currency} />
            ) : (
              <Notice>No deposit completed and no withdrawal paid in this range.</Notice>
            )}
          </section>
        </>
      )}
    </div>
  );
}
