import { useState } from 'react';
import type { GameReport } from '../../../contract/operators.ts';
import { useAdminData } from '../../features/admin/api.ts';
import { GamesTable } from '../../features/admin/games-table.tsx';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, Badge, ChoiceGroup, Loading, money, Notice } from '../../features/admin/ui.tsx';

const pct = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)} %`);

/** The RTP report: theoretical against observed over a period, with a 95 % interval, so a misbehaving game stands out. */
function RtpReport() {
  const [days, setDays] = useState<'7' | '30'>('30');
  const { data, error } = useAdminData<GameReport[]>(`/api/admin/reports/games?days=${days}`);
  return (
    <section className="space-y-4" aria-labelledby="rtp-report">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="rtp-report" className="text-lg font-semibold text-mist-100">
          RTP report
        </h2>
        <ChoiceGroup label="Period" value={days} choices={(['7', '30'] as const).map((value) => ({ value, label: `${value} days` }))} onChoose={setDays} />
      </div>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {!data ? (
        <Loading />
      ) : data.length === 0 ? (
        <Notice>No real-money rounds in this period.</Notice>
      ) : (
        <div className="overflow-x-auto rounded-card border border-night-700">
          <table className="w-full min-w-[48rem] text-sm">
            <caption className="sr-only">RTP per game</caption>
            <thead className="bg-night-800 text-left text-mist-400">
              <tr>
                <th className="px-4 py-2.5 font-medium">Game</th>
                <th className="px-4 py-2.5 text-right font-medium">Rounds</th>
                <th className="px-4 py-2.5 text-right font-medium">Stakes</th>
                <th className="px-4 py-2.5 text-right font-medium">Wins</th>
                <th className="px-4 py-2.5 text-right font-medium">Theoretical</th>
                <th className="px-4 py-2.5 text-right font-medium">Observed</th>
                <th className="px-4 py-2.5 text-right font-medium">95 % interval</th>
              </tr>
            </thead>
            <tbody>
              {data.map((row) => (
                <tr key={row.game_id} className="border-t border-night-700">
                  <td className="px-4 py-2.5">
                    {row.name} {row.out_of_line ? <Badge tone="bad">out of line</Badge> : null}
                  </td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{row.rounds}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{money(row.stakes)}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{money(row.wins)}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{pct(row.theoretical_rtp)}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{pct(row.observed_rtp)}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{row.interval ? `${pct(row.interval[0])} – ${pct(row.interval[1])}` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The games: switched on and off, filed under a category with their tags, held to stake limits; and their RTP report. */
export default function AdminGames() {
  const me = useStaff();
  return (
    <div className="space-y-8">
      <AdminHeading title="Games" />
      {hasPermission(me, 'games.manage') ? <GamesTable /> : null}
      {hasPermission(me, 'reports.read') ? <RtpReport /> : null}
    </div>
  );
}
