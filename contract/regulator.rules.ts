// The regulator's export's range rule (docs/decisions/0117), plain TypeScript the console and the server share.

/** A day from 1970 on (PostgreSQL has no year 0; nothing here is older than the platform). */
const DAY = /^(19[7-9]\d|2\d{3})-\d{2}-\d{2}$/;
/** The longest range one export may cover. */
export const MAX_EXPORT_DAYS = 3660;

/** `from` and `to` are whole UTC days, both included: the range is [from 00:00, to + 1 day 00:00). */
export function exportRangeOf(from: string, to: string, today: Date): { range: { from: Date; to: Date } } | { errors: Record<string, string[]> } {
  const day = (text: string) =>
    DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text)
      ? new Date(`${text}T00:00:00Z`)
      : null;
  const start = day(from);
  const end = day(to);
  const errors: Record<string, string[]> = {};
  if (!start) errors.from = ['The start must be a date such as 2026-11-01.'];
  if (!end) errors.to = ['The end must be a date such as 2026-11-30.'];
  if (start && end) {
    if (end < start) errors.to = ['The end must be on or after the start.'];
    else if (end.getTime() > today.getTime()) errors.to = ['The end cannot be in the future.'];
    else if ((end.getTime() - start.getTime()) / 86_400_000 + 1 > MAX_EXPORT_DAYS) errors.to = [`One export covers at most ${MAX_EXPORT_DAYS} days.`];
  }
  if (Object.keys(errors).length > 0 || !start || !end) return { errors };
  return { range: { from: start, to: new Date(end.getTime() + 86_400_000) } };
}
