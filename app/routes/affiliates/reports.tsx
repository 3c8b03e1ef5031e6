import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { downloadCsv, useAffiliateData } from '../../features/affiliates/portal-api.ts';
import { count, DataTable, Loading, Notice, PortalHeading, plainMoney } from '../../features/affiliates/portal-ui.tsx';
import type { Counts, Report, ReportGroup } from '../../features/affiliates/types.ts';

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

/** Figures by day, link or sub-ID over a chosen range, with a CSV of the same. */
export default function AffiliateReports() {
  const [query, setQuery] = useState({ from: monthStart(), to: today(), group: 'day' as ReportGroup });
  const search = new URLSearchParams(query).toString();
  const { data, error, loading } = useAffiliateData<Report>(`/api/affiliates/reports?${search}`);
  const [csvError, setCsvError] = useState<string | null>(null);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setQuery({ from: String(form.get('from')), to: String(form.get('to')), group: String(form.get('group')) as ReportGroup });
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
      <form
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
      {loading && !data ? (
        <Loading />
      ) : data ? (
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
