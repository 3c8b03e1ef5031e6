import { useSearchParams } from 'react-router';
import type { Route } from './+types/games';
import type { GameReport } from '../../../contract/operators.ts';
import { AdminList, type ListColumn } from '../../features/admin/admin-list.tsx';
import { adminLoad, type Loaded } from '../../features/admin/api.ts';
import { GamesTable } from '../../features/admin/games-table.tsx';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, Badge, ChoiceGroup, Loading, money, Notice } from '../../features/admin/ui.tsx';

const pct = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)} %`);
/** The report's period: the address's `days`, 30 unless it says 7. */
const daysOf = (params: URLSearchParams): '7' | '30' => (params.get('days') === '7' ? '7' : '30');

// Both parts are read at once; a part the member's role does not open is refused (403) and not shown.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const days = daysOf(new URL(request.url).searchParams);
  const [games, report] = await Promise.all([adminLoad(request, '/api/admin/games'), adminLoad(request, `/api/admin/reports/games?days=${days}`)]);
  return { days, games, report };
}

export function HydrateFallback() {
  return <Loading />;
}

const columns: ListColumn<GameReport>[] = [
  {
    key: 'game',
    header: 'Game',
    cell: (row) => (
      <>
        {row.name} {row.out_of_line ? <Badge tone="bad">out of line</Badge> : null}
      </>
    ),
  },
  { key: 'rounds', header: 'Rounds', align: 'right', cell: (row) => row.rounds },
  { key: 'stakes', header: 'Stakes', align: 'right', cell: (row) => money(row.stakes) },
  { key: 'wins', header: 'Wins', align: 'right', cell: (row) => money(row.wins) },
  { key: 'theoretical', header: 'Theoretical', align: 'right', cell: (row) => pct(row.theoretical_rtp) },
  { key: 'observed', header: 'Observed', align: 'right', cell: (row) => pct(row.observed_rtp) },
  { key: 'interval', header: '95 % interval', align: 'right', cell: (row) => (row.interval ? `${pct(row.interval[0])} – ${pct(row.interval[1])}` : '—') },
];

/** The RTP report: theoretical against observed over a period, with a 95 % interval, so a misbehaving game stands out. */
function RtpReport({ days, report }: { days: '7' | '30'; report: Loaded<GameReport[]> }) {
  const [, setSearchParams] = useSearchParams();
  return (
    <section className="space-y-4" aria-labelledby="rtp-report">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="rtp-report" className="text-lg font-semibold text-mist-100">
          RTP report
        </h2>
        <ChoiceGroup
          label="Period"
          value={days}
          choices={(['7', '30'] as const).map((value) => ({ value, label: `${value} days` }))}
          onChoose={(value) => setSearchParams(value === '30' ? {} : { days: value }, { preventScrollReset: true })}
        />
      </div>
      {report.error !== null ? (
        <Notice tone="error">{report.error}</Notice>
      ) : (
        <AdminList caption="RTP per game" rows={report.data} columns={columns} rowKey={(row) => row.game_id} empty="No real-money rounds in this period." />
      )}
    </section>
  );
}

/** The games: switched on and off, filed under a category with their tags, held to stake limits; and their RTP report. */
export default function AdminGamesScreen({ loaderData: { days, games, report } }: Route.ComponentProps) {
  const me = useStaff();
  return (
    <div className="space-y-8">
      <AdminHeading title="Games" />
      {hasPermission(me, 'games.manage') ? <GamesTable games={games} /> : null}
      {hasPermission(me, 'reports.read') ? <RtpReport days={days} report={report} /> : null}
    </div>
  );
}
