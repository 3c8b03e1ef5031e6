// The jobs screen's words for a schedule, and the next run (docs/decisions/0068-operator-jobs.md).
import { Cron } from 'croner';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describePattern, nextRunOf } from './catalogue.ts';

describe('describePattern', () => {
  it('words the shapes our jobs use, in UTC', () => {
    expect(describePattern('*/5 * * * *')).toBe('Every 5 minutes');
    expect(describePattern('*/1 * * * *')).toBe('Every minute');
    expect(describePattern('* * * * *')).toBe('Every minute');
    expect(describePattern('7 * * * *')).toBe('Every hour at :07');
    expect(describePattern('40 3 * * *')).toBe('Every day at 03:40 UTC');
    expect(describePattern('5 0 * * 1')).toBe('Every Monday at 00:05 UTC');
    expect(describePattern('0 12 * * 0')).toBe('Every Sunday at 12:00 UTC');
    expect(describePattern('0 12 * * 7')).toBe('Every Sunday at 12:00 UTC');
    expect(describePattern('0 0 1 * *')).toBe('On the 1st of every month at 00:00 UTC');
    expect(describePattern('15 0 2 * *')).toBe('On the 2nd of every month at 00:15 UTC');
    expect(describePattern('15 0 23 * *')).toBe('On the 23rd of every month at 00:15 UTC');
    expect(describePattern('15 0 11 * *')).toBe('On the 11th of every month at 00:15 UTC');
    expect(describePattern('*/10 * * * * *')).toBe('Every 10 seconds');
    expect(describePattern('*/1 * * * * *')).toBe('Every second');
    expect(describePattern('*/10 5 * * * *')).toBe('*/10 5 * * * *');
  });

  it('answers any other pattern as it is', () => {
    for (const pattern of ['0 0 1 1 *', '0 9-17 * * 1-5', '* * * * * *', '0 0 * * 1,3', '*/10 3 * * *', 'nonsense']) {
      expect(describePattern(pattern)).toBe(pattern);
    }
  });

  it('says what the pattern does: its next run falls on the day and at the time the words give', () => {
    const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    const field = (max: number) => fc.oneof(fc.constant('*'), fc.integer({ min: 0, max }).map(String));
    fc.assert(
      fc.property(
        field(59),
        field(23),
        fc.oneof(fc.constant('*'), fc.integer({ min: 1, max: 28 }).map(String)),
        field(6),
        fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }),
        (minute, hour, day, weekday, after) => {
          const pattern = `${minute} ${hour} ${day} * ${weekday}`;
          const words = describePattern(pattern);
          const next = nextRunOf(pattern, after)!;
          const time = /at (\d{2}):(\d{2}) UTC$/.exec(words);
          if (time) expect([next.getUTCHours(), next.getUTCMinutes()], `${pattern}: ${words}`).toEqual([Number(time[1]), Number(time[2])]);
          const weekly = /^Every (\w+day) at/.exec(words);
          if (weekly) expect(DAYS[next.getUTCDay()], `${pattern}: ${words}`).toBe(weekly[1]);
          const monthly = /^On the (\d+)/.exec(words);
          if (monthly) expect(next.getUTCDate(), `${pattern}: ${words}`).toBe(Number(monthly[1]));
          const hourly = /^Every hour at :(\d{2})$/.exec(words);
          if (hourly) expect(next.getUTCMinutes(), `${pattern}: ${words}`).toBe(Number(hourly[1]));
          if (words !== pattern) expect(words).toMatch(/^(Every|On the)/);
        },
      ),
    );
  });
});

describe('nextRunOf', () => {
  it('is the next time the pattern fires, after the time given', () => {
    const at = new Date('2026-11-27T06:07:00Z');
    expect(nextRunOf('*/5 * * * *', at)?.toISOString()).toBe('2026-11-27T06:10:00.000Z');
    expect(nextRunOf('5 0 * * 1', at)?.toISOString()).toBe('2026-11-30T00:05:00.000Z');
    expect(nextRunOf('0 0 1 * *', at)?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextRunOf('40 3 * * *', at)?.toISOString()).toBe(new Cron('40 3 * * *', { timezone: 'UTC', paused: true }).nextRun(at)?.toISOString());
  });
});
