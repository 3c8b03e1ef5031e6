import { describe, expect, it } from 'vitest';
import { countdown, formatDuration, parseMajor, signedMoney } from './format.ts';

describe('limits wording', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('counts down to the end of a cooling-off', () => {
    expect(countdown('2026-03-02T12:00:00Z', now)).toBe('24 h 00 min');
    expect(countdown('2026-03-02T11:59:00Z', now)).toBe('23 h 59 min');
    expect(countdown('2026-03-01T12:12:00Z', now)).toBe('12 min');
    expect(countdown('2026-03-01T12:00:30Z', now)).toBe('less than a minute');
    expect(countdown('2026-03-09T12:00:00Z', now)).toBe('8 d 0 h');
    expect(countdown('2026-03-01T12:00:00Z', now)).toBeNull();
  });
  it('says durations, results and amounts plainly', () => {
    expect(formatDuration(1)).toBe('1 minute');
    expect(formatDuration(47)).toBe('47 minutes');
    expect(formatDuration(65)).toBe('1 hour 5 minutes');
    expect(formatDuration(120)).toBe('2 hours');
    expect(signedMoney(400, 'EUR')).toBe('+€4.00');
    expect(signedMoney(-350, 'EUR')).toBe('−€3.50');
    expect(parseMajor('20')).toBe(2000);
    expect(parseMajor('20.5')).toBe(2050);
    expect(parseMajor('1,000.00')).toBe(100000);
    expect(parseMajor('-5')).toBeNull();
    expect(parseMajor('abc')).toBeNull();
  });
});
