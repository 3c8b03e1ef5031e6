import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { formatMoney } from '../../../contract/money.ts';

/** A screen's title row. */
export function AdminHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold text-mist-100">{title}</h1>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

export function Notice({ tone = 'info', children }: { tone?: 'info' | 'error' | 'success'; children: ReactNode }) {
  const tones = { info: 'border-night-600 text-mist-300', error: 'border-ruby-500 text-ruby-500', success: 'border-felt-500 text-felt-500' };
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}>
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

/** A player's id, linking to their page in the console. */
/** A link to the player's page, named by their name and e-mail where the list has them, else by their id. */
export function PlayerLink({ id, name, email }: { id: string | number; name?: string | null | undefined; email?: string | null | undefined }) {
  if (!name && !email)
    return (
      <Link className="text-gold-400 hover:underline" to={`/admin/players/${id}`}>
        Player {id}
      </Link>
    );
  return (
    <span className="block min-w-0">
      <Link className="text-gold-400 hover:underline" to={`/admin/players/${id}`}>
        {name || email}
      </Link>
      {name && email ? <span className="block truncate text-xs text-mist-400">{email}</span> : null}
    </span>
  );
}

export const money = (amount: number, currency = 'EUR') => formatMoney(amount, currency);
export const dateTime = (iso: string | null) => (iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) : '—');

/** Key figures in a responsive grid. */
export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="rounded-card border border-night-700 bg-night-850 p-4">
      <p className="text-xs uppercase tracking-wide text-mist-400">{label}</p>
      <p className="mt-1 text-xl font-semibold tabular-nums text-mist-100">{value}</p>
      {hint ? <p className="mt-1 text-xs text-mist-400">{hint}</p> : null}
    </div>
  );
}

/** A row of buttons of which one is chosen (a period, a status filter): `aria-pressed` says which. */
export function ChoiceGroup<T extends string>({
  label,
  value,
  choices,
  onChoose,
}: {
  label: string;
  value: T;
  choices: readonly { value: T; label: string }[];
  onChoose: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap rounded-lg border border-night-600 p-0.5">
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          aria-pressed={value === choice.value}
          onClick={() => onChoose(choice.value)}
          className={`rounded-md px-3 py-1.5 text-sm ${value === choice.value ? 'bg-gold-400 font-medium text-night-900' : 'text-mist-300'}`}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}

/** A list's page line: what it shows (e.g. "12 affiliates · page 2 of 3") and Previous / Next. */
export function Pager({ label, page, lastPage, onPage }: { label: ReactNode; page: number; lastPage: number; onPage: (page: number) => void }) {
  if (lastPage <= 1) return null;
  return (
    <div className="flex items-center justify-between gap-3 text-sm text-mist-300">
      <span>{label}</span>
      <div className="flex gap-2">
        <Button variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="ghost" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </div>
  );
}
