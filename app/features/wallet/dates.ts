// Dates are shown in UTC, the calendar the history's filters use, so the server and the browser draw the same text.
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** "7 Mar 2026" */
export function formatDay(iso: string): string {
  return day.format(new Date(iso));
}

/** "14:05" (UTC) */
export function formatTime(iso: string): string {
  return time.format(new Date(iso));
}
