import { describe, expect, it } from 'vitest';
import { isRangePreset, rangeOf, reportView } from './range.ts';

describe('report ranges', () => {
  const now = new Date('2026-03-01T00:30:00Z');

  it('turns each preset into its first and last UTC day', () => {
    expect(rangeOf('today', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(rangeOf('yesterday', now)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(rangeOf('last-7-days', now)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(rangeOf('this-month', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(rangeOf('last-month', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(rangeOf('last-month', new Date('2026-01-15T12:00:00Z'))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('keeps a custom range’s days, defaulting to the last 7 days', () => {
    expect(rangeOf('custom', now, { from: '2025-01-01', to: '2025-02-01' })).toEqual({ from: '2025-01-01', to: '2025-02-01' });
    expect(rangeOf('custom', now, {})).toEqual(rangeOf('last-7-days', now));
    expect(isRangePreset('last-month')).toBe(true);
    expect(isRangePreset('last-year')).toBe(false);
    expect(isRangePreset(null)).toBe(false);
  });

  it('reads the report a URL asks for, with its filters, defaulting to the last 7 days by day', () => {
    expect(reportView(new URLSearchParams(), now)).toEqual({
      preset: 'last-7-days',
      from: '2026-02-23',
      to: '2026-03-01',
      group: 'day',
      query: 'from=2026-02-23&to=2026-03-01&group=day',
    });
    const view = reportView(new URLSearchParams('range=last-month&group=player&country=GB&category=slots&unknown=1'), now);
    expect(view).toMatchObject({ preset: 'last-month', from: '2026-02-01', to: '2026-02-28', group: 'player' });
    expect(view.query).toBe('from=2026-02-01&to=2026-02-28&group=player&category=slots&country=GB');
    expect(reportView(new URLSearchParams('range=next-year&group=planet'), now)).toMatchObject({ preset: 'last-7-days', group: 'day' });
  });
});
