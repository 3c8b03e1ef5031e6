// The clubs' calendar, all in UTC: months (YYYY-MM) for points and tiers, ISO weeks (YYYY-Www) for cashback.

/** YYYY-MM of the month `at` falls in. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The first instant of month `month` (YYYY-MM) plus `offset` months. */
export function monthStart(month: string, offset = 0): Date {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, mon - 1 + offset, 1));
}

export const addMonths = (month: string, offset: number): string => monthOf(monthStart(month, offset));

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the ISO week `at` falls in. */
export function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** The ISO week `at` falls in, as YYYY-Www (the year is the ISO week-year, the one its Thursday falls in). */
export function isoWeekOf(at: Date): string {
  const thursday = new Date(weekStart(at).getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Monday 00:00 UTC of ISO week `week` (YYYY-Www); null for anything that is not a real week. */
export function isoWeekStart(week: string): Date | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) return null;
  const [year, number] = [Number(match[1]), Number(match[2])];
  // 4 January is always in week 1.
  const start = new Date(weekStart(new Date(Date.UTC(year, 0, 4))).getTime() + (number - 1) * 7 * DAY_MS);
  return number >= 1 && isoWeekOf(start) === week ? start : null;
}

export const addDays = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);

/** A YYYY-MM month between 2000 and 2999, or null. */
export function parseMonth(text: string): string | null {
  return /^2\d{3}-(0[1-9]|1[0-2])$/.test(text) ? text : null;
}
