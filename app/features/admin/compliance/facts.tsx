// How the compliance screens show an alert's facts: amounts in money, times as dates, lists joined, keys in words.
import type { AlertView } from '../../../../contract/compliance.ts';
import { Badge, dateTime, money } from '../ui.tsx';

const MONEY_KEYS = new Set(['deposit', 'withdrawal', 'staked', 'total', 'threshold', 'from', 'stakes', 'wins', 'amount', 'recent', 'earlier']);
const words = (key: string) => key.replaceAll('_', ' ');

function factText(key: string, value: unknown): string {
  if (typeof value === 'number' && MONEY_KEYS.has(key)) return money(value);
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) return `${dateTime(value)} UTC`;
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (value && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The facts as a short definition list. */
export function AlertFacts({ facts }: { facts: AlertView['facts'] }) {
  const entries = Object.entries(facts);
  if (entries.length === 0) return <span className="text-mist-400">—</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-mist-400">{words(key)}</dt>
          <dd className="break-all text-mist-200">{factText(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export const KIND_LABELS: Record<string, string> = { aml: 'AML', rg: 'Harm', linked: 'Linked', sanctions: 'Sanctions' };

export function AlertKindBadge({ kind }: { kind: string }) {
  return <Badge tone={kind === 'rg' ? 'warn' : kind === 'sanctions' ? 'bad' : 'neutral'}>{KIND_LABELS[kind] ?? kind}</Badge>;
}

export const STATE_TONES = { open: 'warn', investigating: 'neutral', escalated: 'bad', closed: 'good' } as const;
export const OUTCOME_LABELS: Record<string, string> = {
  no_action: 'No action',
  player_warned: 'Player warned',
  account_restricted: 'Account restricted',
  report_filed: 'Report filed',
};
