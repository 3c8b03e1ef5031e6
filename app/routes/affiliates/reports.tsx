import { type FormEvent, useState } from 'react';
import { useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/reports';
import { Button } from '../../components/ui/button.tsx';
import { downloadCsv } from '../../features/affiliates/portal-api.ts';
import { affiliateLoadBody, dataOf } from '../../features/affiliates/portal-load.ts';
import { count, DataTable, Loading, Notice, PortalHeading, plainMoney } from '../../features/affiliates/portal-ui.tsx';
import type { Counts, ReportGroup } from '../../features/affiliates/types.ts';

const GROUPS: { value: ReportGroup; label: string }[] = [
  { value: 'day', label: 'By day' },
  { value: 'link', label: 'By link' },
  { value: 'sub', label: 'By sub-ID' },
];
const KEY_HEADING: Record<ReportGroup, string> = { day: 'Day', link: 'Link', sub: 'Sub-ID' };

function monthStart(): string {
  return `${new Date().toISOString().slice(0, 7)}-01`;
}
const today = () => new Date().toISOString().slice(0, 10);

function Cells({ row, currency }: { row: Counts; currency: string }) {
  return (
    <>
      <td className="text-right tabular-nums">{count(row.clicks)}</td>
      <td className="text-right tabular-nums">{count(row.registrations)}</td>
      <td className="text-right tabular-nums">{count(row.ftds)}</td>
      <td className="text-right tabular-nums">{count(row.cpa_qualified)}</td>
      <td className="whitespace-nowrap text-right tabular-nums">{plainMoney(row.deposits, currency)}</td>
      <td className="whitespace-nowrap text-right tabular-nums">{plainMoney(row.ngr, currency)}</td>
    </>
  );
}

/** The range and grouping the address names (?from=&to=&group=), this month by day without them. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = {
    from: params.get('from') || monthStart(),
    to: params.get('to') || today(),
    group: GROUPS.find((group) => group.value === params.get('group'))?.value ?? 'day',
  };
  const search = new URLSearchParams(query).toString();
  return { query, search, report: dataOf(await affiliateLoadBody(request, `/api/affiliates/reports?${search}`)) };
}

export function HydrateFallback() {
  return <Loading />;
}

/** Figures by day, link or sub-ID over a chosen range, with a CSV of the same. */
export default function AffiliateReports({ loaderData: { query, search, report } }: Route.ComponentProps) {
  const { data, error } = report;
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/affiliates/reports';
  const [csvError, setCsvError] = useState<string | null>(null);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSearchParams(
      { from: String(form.get('from') ?? ''), to: String(form.get('to') ?? ''), group: String(form.get('group') ?? '') },
      { preventScrollReset: true },
    );
  }

  async function exportCsv() {
    setCsvError(null);
    const saved = await downloadCsv(`/api/affiliates/reports.csv?${search}`, `affiliate-report-${query.group}-${query.from}-${query.to}.csv`);
    if (!saved) setCsvError('The CSV could not be made for this range. Check the dates and try again.');
  }

  return (
    <div className="space-y-5">
      <PortalHeading title="Reports" lead="Counts and revenue of the players you referred. Players are never named: only counted.">
        <Button variant="ghost" onClick={exportCsv}>
          Export CSV
        </Button>
      </PortalHeading>
      {/* Keyed by the address, so that Back shows the fields of the report it shows. */}
      <form
        key={search}
        onSubmit={apply}
        aria-label="Report range"
        className="grid gap-3 rounded-card border border-night-700 bg-night-850 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
      >
        <label className="space-y-1.5 text-sm font-medium text-mist-100">
          <span className="block">From</span>
          <input
            type="date"
            name="from"
            defaultValue={query.from}
            required
            className="block w-full rounded-lg border border-night-600 bg-night-900 px-3 py-2 text-mist-100"
          />
        </label>
        <label className="space-y-1.5 text-sm font-medium text-mist-100">
          <span className="block">To</span>
          <input
            type="date"
            name="to"
            defaultValue={query.to}
            required
            className="block w-full rounded-lg border border-night-600 bg-night-900 px-3 py-2 text-mist-100"
          />
        </label>
        <label className="space-y-1.5 text-sm font-medium text-mist-100">
          <span className="block">Group</span>
          <select name="group" defaultValue={query.group} className="block w-full rounded-lg border border-night-600 bg-night-900 px-3 py-2.5 text-mist-100">
            {GROUPS.map((group) => (
              <option key={group.value} value={group.value}>
                {group.label}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" busy={loading}>
          Show
        </Button>
      </form>
      {csvError ? <Notice tone="error">{csvError}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {data ? (
        data.rows.length === 0 ? (
          <Notice>Nothing in this range yet.</Notice>
        ) : (
          <DataTable
            caption={`Report ${GROUPS.find((group) => group.value === data.group)?.label.toLowerCase()}, ${data.from} to ${data.to}`}
            head={[KEY_HEADING[data.group], 'Clicks', 'Registrations', 'First deposits', 'CPA qualified', 'Deposits', 'NGR']}
            minWidth="min-w-[46rem]"
            numericFrom={1}
          >
            {data.rows.map((row) => (
              <tr key={row.key || '(none)'} data-report-row={row.key}>
                <td className="max-w-[14rem] truncate text-mist-100" title={row.label}>
                  {row.label}
                </td>
                <Cells row={row} currency={data.currency} />
              </tr>
            ))}
            <tr className="bg-night-800 font-semibold text-mist-100">
              <td>Total</td>
              <Cells row={data.totals} currency={data.currency} />
            </tr>
          </DataTable>
        )
      ) : null}
    </div>
  );
}
