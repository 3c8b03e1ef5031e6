import { formatMoney } from '../../../contract/money.ts';

// Plain words for durations, countdowns and results on the limits screens.

/** "45 minutes", "1 hour 5 minutes", "2 hours". */
export function formatDuration(totalMinutes: number): string {
  const minutes = Math.max(0, Math.floor(totalMinutes));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (hours === 0) return part(rest, 'minute');
  return rest === 0 ? part(hours, 'hour') : `${part(hours, 'hour')} ${part(rest, 'minute')}`;
}

/** The time left until `target` as a countdown: "23 h 59 min", "12 min", "less than a minute"; null once it passed. */
export function countdown(target: string, now: number): string | null {
  const ms = Date.parse(target) - now;
  if (ms <= 0) return null;
  if (ms < 60_000) return 'less than a minute';
  const minutes = Math.floor(ms / 60_000);
  if (minutes > 1440) return `${Math.floor(minutes / 1440)} d ${Math.floor((minutes % 1440) / 60)} h`;
  const hours = Math.floor(minutes / 60);
  const mins = minutes % 60;
  if (hours > 0) return `${hours} h ${String(mins).padStart(2, '0')} min`;
  return `${mins} min`;
}

/** A result with its sign: "+€4.00", "−€3.50", "€0.00". */
export function signedMoney(minor: number, currency: string): string {
  if (minor === 0) return formatMoney(0, currency);
  return `${minor > 0 ? '+' : '−'}${formatMoney(Math.abs(minor), currency)}`;
}

/** Minor units of a typed amount in major units ("20", "20.5", "1,000.00"); null when it is not one. */
export function parseMajor(text: string): number | null {
  const compact = text.trim().replace(/[\s,]/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** "7 Mar 2026, 14:05 UTC" */
export function formatWhen(iso: string): string {
  return `${dateTime.format(new Date(iso))} UTC`;
}
