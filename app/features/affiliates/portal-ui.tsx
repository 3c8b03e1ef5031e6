// The affiliate portal's small building blocks: headings, notices, figures and money as partners read them.
import type { ReactNode } from 'react';
import { formatMoney } from '../../../contract/money.ts';

/** An amount in minor units, stated plainly: the currency's code and two decimals ("EUR 1,234.50"). */
export function plainMoney(minor: number, currency: string): string {
  const sign = minor < 0 ? '−' : '';
  const units = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(minor) / 100);
  return `${sign}${currency} ${units}`;
}

/** A money cell: the plain amount; the symbol's form shows on hover. */
export function Money({ minor, currency }: { minor: number; currency: string }) {
  return (
    <span className="whitespace-nowrap tabular-nums" title={formatMoney(minor, currency)}>
      {plainMoney(minor, currency)}
    </span>
  );
}

export const count = (value: number) => value.toLocaleString('en-US');
export const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');
export const dateTime = (iso: string | null) => (iso ? `${new Date(iso).toISOString().replace('T', ' ').slice(0, 16)} UTC` : '—');

/** A screen's title row, with its actions on the right. */
export function PortalHeading({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold text-mist-100">{title}</h1>
        {lead ? <p className="mt-1 max-w-2xl text-sm text-mist-400">{lead}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

export function Notice({ tone = 'info', children }: { tone?: 'info' | 'error' | 'success'; children: ReactNode }) {
  const tones = { info: 'border-night-600 text-mist-300', error: 'border-ruby-500 text-ruby-500', success: 'border-felt-500 text-felt-500' };
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 text-sm [overflow-wrap:anywhere] ${tones[tone]}`}>
      {children}
    </p>
  );
}

export function Loading() {
  return <p className="py-10 text-center text-mist-400">Loading…</p>;
}

export function Badge({ tone = 'neutral', children }: { tone?: 'neutral' | 'good' | 'bad' | 'warn'; children: ReactNode }) {
  const tones = {
    neutral: 'bg-night-700 text-mist-300',
    good: 'bg-felt-500/15 text-felt-500',
    bad: 'bg-ruby-500/15 text-ruby-500',
    warn: 'bg-gold-400/15 text-gold-400',
  };
  return <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}

/** One key figure of the dashboard. */
export function Figure({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: string; testId?: string }) {
  return (
    <div className="min-w-0 rounded-card border border-night-700 bg-night-850 p-4" data-figure={testId}>
      <dt className="text-xs uppercase tracking-wide text-mist-400">{label}</dt>
      <dd className="mt-1 truncate text-xl font-semibold tabular-nums text-mist-100 sm:text-2xl" data-value>
        {value}
      </dd>
      {hint ? <dd className="mt-1 text-xs text-mist-400">{hint}</dd> : null}
    </div>
  );
}

/** A bordered panel with an optional title. */
export function Panel({ title, action, children, className = '' }: { title?: string; action?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`min-w-0 rounded-card border border-night-700 bg-night-850 p-4 sm:p-5 ${className}`}>
      {title || action ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title ? <h2 className="text-base font-semibold text-mist-100">{title}</h2> : <span />}
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** A plain data table that scrolls sideways on a phone instead of widening the page. */
export function DataTable({
  caption,
  head,
  children,
  minWidth = 'min-w-[36rem]',
  numericFrom = Number.POSITIVE_INFINITY,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
  minWidth?: string;
  /** The index of the first column of figures: those headings align right, over their numbers. */
  numericFrom?: number;
}) {
  return (
    <div className="relative overflow-x-auto rounded-card border border-night-700">
      <table className={`w-full text-sm ${minWidth}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-night-800 text-left text-mist-400">
          <tr>
            {head.map((name, index) => (
              <th key={name} scope="col" className={`whitespace-nowrap px-4 py-2.5 font-medium ${index >= numericFrom ? 'text-right' : ''}`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="[&>tr]:border-t [&>tr]:border-night-700 [&_td]:px-4 [&_td]:py-2.5">{children}</tbody>
      </table>
    </div>
  );
}
