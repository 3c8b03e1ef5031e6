// The dashboard's charts, drawn by us: one bar per day and series in an SVG that stretches to any width (the bars
// carry no text), with the axis labels, the legend and the figures in HTML, so they stay sharp on a phone. A few
// hundred bytes instead of a charting library; the figures are also in a table for screen readers.

import { niceCeiling } from './chart-scale.ts';

export type ChartSeries = { name: string; colour: string; values: number[] };

const BAR_GAP = 0.2;

export function DailyChart({
  title,
  days,
  series,
  format,
}: {
  title: string;
  /** YYYY-MM-DD, one per bar group. */
  days: string[];
  series: ChartSeries[];
  /** How a value reads (money); counts without it, whose scale then stops at whole numbers (0, 1, 2, not 0.5). */
  format?: (value: number) => string;
}) {
  const largest = Math.max(0, ...series.flatMap((line) => line.values));
  const top = niceCeiling(format ? largest : Math.max(2, largest));
  const show = format ?? ((value: number) => value.toLocaleString('en-US'));
  const groupWidth = 1;
  const barWidth = (groupWidth * (1 - BAR_GAP)) / Math.max(series.length, 1);
  const width = Math.max(days.length, 1) * groupWidth;
  const label = (date: string) => date.slice(5).replace('-', '/');
  const ticks = days.length > 1 ? [days[0]!, days[Math.floor((days.length - 1) / 2)]!, days[days.length - 1]!] : days;
  return (
    <figure className="min-w-0" aria-label={title}>
      <div className="flex items-start gap-2">
        <div
          className="flex h-40 min-w-8 shrink-0 flex-col justify-between whitespace-nowrap text-right text-[0.6875rem] tabular-nums text-mist-400"
          aria-hidden="true"
        >
          <span>{show(top)}</span>
          <span>{show(top / 2)}</span>
          <span>0</span>
        </div>
        <div className="min-w-0 flex-1">
          <svg viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" className="block h-40 w-full" role="img" aria-hidden="true">
            {[0, 50, 100].map((y) => (
              <line key={y} x1={0} x2={width} y1={y} y2={y} stroke="#1f2637" strokeWidth={0.6} vectorEffect="non-scaling-stroke" />
            ))}
            {days.map((date, index) =>
              series.map((line, which) => {
                const value = Math.max(0, line.values[index] ?? 0);
                const height = (value / top) * 100;
                return (
                  <rect
                    key={`${date}-${line.name}`}
                    x={index * groupWidth + (groupWidth * BAR_GAP) / 2 + which * barWidth}
                    y={100 - height}
                    width={barWidth}
                    height={height}
                    fill={line.colour}
                  />
                );
              }),
            )}
          </svg>
          <div className="mt-1 flex justify-between text-[0.6875rem] tabular-nums text-mist-400" aria-hidden="true">
            {ticks.map((date, index) => (
              <span key={`${date}-${index}`}>{label(date)}</span>
            ))}
          </div>
        </div>
      </div>
      <figcaption className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-mist-300">
        {series.map((line) => (
          <span key={line.name} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: line.colour }} />
            {line.name}: <strong className="tabular-nums text-mist-100">{show(line.values.reduce((sum, value) => sum + value, 0))}</strong>
          </span>
        ))}
      </figcaption>
      {/* A table ignores a width smaller than its content: the clipping box is a div around it, or it widens a phone's page. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((line) => (
                <th key={line.name} scope="col">
                  {line.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((date, index) => (
              <tr key={date}>
                <th scope="row">{date}</th>
                {series.map((line) => (
                  <td key={line.name}>{show(line.values[index] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
