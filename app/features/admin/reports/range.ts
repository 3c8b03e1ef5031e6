// The reports screen's ranges (docs/decisions/0103-operator-reports.md): a preset or a custom pair of UTC days, kept
// in the page's URL so a report can be linked. Today is the UTC day of `now`.
import { REPORT_GROUPS, type ReportGroup } from '../../../../contract/reports.rules.ts';

export const RANGE_PRESETS = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'last-7-days', label: 'Last 7 days' },
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'custom', label: 'Custom' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

const DAY = 86_400_000;
const iso = (at: number) => new Date(at).toISOString().slice(0, 10);

export const isRangePreset = (value: string | null): value is RangePreset => RANGE_PRESETS.some((preset) => preset.value === value);

/** The first and last UTC day (YYYY-MM-DD, both included) of a preset; a custom range keeps its own days. */
export function rangeOf(preset: RangePreset, now: Date, custom: { from?: string | null; to?: string | null } = {}): { from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  switch (preset) {
    case 'today':
      return { from: iso(today), to: iso(today) };
    case 'yesterday':
      return { from: iso(today - DAY), to: iso(today - DAY) };
    case 'last-7-days':
      return { from: iso(today - 6 * DAY), to: iso(today) };
    case 'this-month':
      return { from: iso(monthStart), to: iso(today) };
    case 'last-month':
      return { from: iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)), to: iso(monthStart - DAY) };
    case 'custom':
      return { from: custom.from || iso(today - 6 * DAY), to: custom.to || iso(today) };
  }
}

/** The filters a report takes from the page's URL, as the API names them. */
export const REPORT_FILTERS = ['currency', 'category', 'provider', 'country', 'vip'] as const;

/**
 * The report the page's URL asks for: its range preset and days, its grouping, and the API's query for them with the
 * filters the URL names. The screen's loader reads with it; the screen shows its choices from it.
 */
export function reportView(params: URLSearchParams, now: Date) {
  const range = params.get('range');
  const preset: RangePreset = isRangePreset(range) ? range : 'last-7-days';
  const { from, to } = rangeOf(preset, now, { from: params.get('from'), to: params.get('to') });
  const group: ReportGroup = REPORT_GROUPS.find((candidate) => candidate === params.get('group')) ?? 'day';
  const search = new URLSearchParams({ from, to, group });
  for (const name of REPORT_FILTERS) {
    const value = params.get(name);
    if (value) search.set(name, value);
  }
  return { preset, from, to, group, query: search.toString() };
}
