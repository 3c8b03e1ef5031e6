import { formatMoney } from '../../../contract/money.ts';

// Plain words for a session's time and net result (issue 33 §1 and §7; Pennsylvania §812a.9).

/** "26 Nov 2026, 21:14" (the notice at sign-in: "Last visit: 26 Nov 2026, 21:14 – net −€12.50"), in the player's own time zone or `timeZone`. */
export function sessionTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone,
  }).format(new Date(iso));
}

/** A net result with its sign: "+€4.00", "−€12.50" (a true minus), "€0.00". */
export function netMoney(minor: number, currency: string): string {
  if (minor === 0) return formatMoney(0, currency);
  return `${minor > 0 ? '+' : '−'}${formatMoney(Math.abs(minor), currency)}`;
}
