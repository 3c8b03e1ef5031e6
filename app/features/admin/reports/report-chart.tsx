// The reports screen's chart, loaded on its own (React.lazy) so the rest of the console does not carry recharts: GGR
// and NGR per day, or for the largest groups by stakes.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportRow } from '../../../../contract/reports.ts';
import { money } from '../ui.tsx';

const axis = { stroke: '#8d97ad', fontSize: 12 };
const tooltip = { contentStyle: { background: '#151a28', border: '1px solid #2c3449', borderRadius: 8, color: '#e8ecf4' } };

export default function ReportChart({ rows, byDay, currency }: { rows: ReportRow[]; byDay: boolean; currency: string }) {
  const data = rows.map((row) => ({ name: byDay ? row.label.slice(5) : row.label, GGR: row.ggr / 100, NGR: row.ngr / 100 }));
  const format = (value: unknown) => money(Math.round(Number(value) * 100), currency);
  const value = { ...axis, tickFormatter: (amount: number) => amount.toLocaleString('en-US') };
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout={byDay ? 'horizontal' : 'vertical'} margin={{ left: 8, right: 8 }}>
        <CartesianGrid stroke="#1f2637" vertical={!byDay} horizontal={byDay} />
        {byDay ? <XAxis dataKey="name" {...axis} /> : <XAxis type="number" {...value} />}
        {byDay ? (
          <YAxis {...value} width={64} />
        ) : (
          <YAxis type="category" dataKey="name" {...axis} width={110} tickFormatter={(name: string) => (name.length > 16 ? `${name.slice(0, 15)}…` : name)} />
        )}
        <Tooltip {...tooltip} formatter={format} />
        <Legend />
        <Bar dataKey="GGR" fill="#f7c14b" isAnimationActive={false} radius={byDay ? [4, 4, 0, 0] : [0, 4, 4, 0]} />
        <Bar dataKey="NGR" fill="#1f9d6b" isAnimationActive={false} radius={byDay ? [4, 4, 0, 0] : [0, 4, 4, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
