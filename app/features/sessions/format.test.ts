import { describe, expect, it } from 'vitest';
import { netMoney, sessionTime } from './format.ts';

describe('session words', () => {
  it('says when the last visit was, in the player time zone', () => {
    expect(sessionTime('2026-11-26T21:14:09Z', 'UTC')).toBe('26 Nov 2026, 21:14');
    expect(sessionTime('2026-11-26T21:14:09Z', 'Europe/Malta')).toBe('26 Nov 2026, 22:14');
    expect(sessionTime('2026-01-01T00:30:00Z', 'America/New_York')).toBe('31 Dec 2025, 19:30');
  });

  it('says how it went in plain money, with a true minus and no sign when even', () => {
    expect(netMoney(-12_50, 'EUR')).toBe('−€12.50');
    expect(netMoney(3_00, 'EUR')).toBe('+€3.00');
    expect(netMoney(0, 'EUR')).toBe('€0.00');
    expect(netMoney(-5, 'USD')).toBe('−$0.05');
  });
});
