import type { ReactNode } from 'react';

/** A date in UTC (the clubs' calendar), the same on the server and in the browser. */
export const clubDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });

export const pointsText = (points: number) => `${points.toLocaleString('en-US')} ${Math.abs(points) === 1 ? 'point' : 'points'}`;

/** A labelled figure of the player's standing. */
export function Figure({ label, value, testId, note }: { label: string; value: ReactNode; testId?: string; note?: ReactNode }) {
  return (
    <div className="rounded-card border border-night-700 bg-night-900 p-4">
      <dt className="text-xs uppercase tracking-wider text-mist-400">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-mist-100" data-testid={testId}>
        {value}
      </dd>
      {note ? <dd className="mt-1 text-xs text-mist-400">{note}</dd> : null}
    </div>
  );
}

/** Progress towards the next tier; full at the top tier. */
export function TierProgress({ current, target, label }: { current: number; target: number; label: string }) {
  const percent = target <= 0 ? 100 : Math.min(100, Math.floor((current / target) * 100));
  return (
    <div>
      <div className="flex justify-between gap-3 text-sm">
        <span className="text-mist-300">{label}</span>
        <span className="tabular-nums text-mist-400">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-night-700"
      >
        <div className="h-full rounded-full bg-gold-400 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
