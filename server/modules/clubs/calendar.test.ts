import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, isoWeekOf, isoWeekStart, monthOf, monthStart, parseMonth, weekStart } from './calendar.ts';

describe('the clubs calendar (UTC)', () => {
  it('names months and their starts', () => {
    expect(monthOf(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(monthOf(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12');
    expect(monthStart('2026-12', 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(addMonths('2026-01', -13)).toBe('2024-12');
    expect(parseMonth('2026-13')).toBeNull();
    expect(parseMonth('2026-02')).toBe('2026-02');
  });

  it('names ISO weeks, including those across a new year', () => {
    expect(isoWeekOf(new Date('2026-11-23T00:00:00Z'))).toBe('2026-W48');
    expect(isoWeekOf(new Date('2026-11-22T23:59:59Z'))).toBe('2026-W47');
    expect(isoWeekOf(new Date('2021-01-03T12:00:00Z'))).toBe('2020-W53');
    expect(isoWeekOf(new Date('2024-12-30T12:00:00Z'))).toBe('2025-W01');
    expect(isoWeekStart('2026-W47')?.toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(isoWeekStart('2025-W01')?.toISOString()).toBe('2024-12-30T00:00:00.000Z');
    expect(isoWeekStart('2026-W53')?.toISOString()).toBe('2026-12-28T00:00:00.000Z');
    expect(isoWeekStart('2025-W53')).toBeNull();
    expect(isoWeekStart('2026-47')).toBeNull();
  });

  it('every instant lies in the week that starts on its Monday, and that week names itself back', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2001-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), (at) => {
        const start = weekStart(at);
        expect(start.getUTCDay()).toBe(1);
        expect(at.getTime() - start.getTime()).toBeLessThan(7 * 86_400_000);
        expect(isoWeekStart(isoWeekOf(at))?.getTime()).toBe(start.getTime());
      }),
    );
  });
});
