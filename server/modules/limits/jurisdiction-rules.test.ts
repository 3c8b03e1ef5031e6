import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, depositPromptDue, slotStakeCap, spinWaitMs, stakeCapsFor } from './rules.ts';

// The limits' rules that follow a jurisdiction profile (docs/decisions/0120, 0121): the stake cap from statute and
// operator, the minimum time between spins, the deposit limit prompt and its reminder. Pure, with explicit clocks.

const SEED = { seed: 34_0121 };
const T0 = new Date('2026-03-01T12:00:00Z');
const cap = fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null });

describe('stakeCapsFor', () => {
  it('takes the lower of the statutory and the operator cap, each for both ages; none when neither has one', () => {
    fc.assert(
      fc.property(cap, cap, cap, cap, (amount, under25, operator, operatorUnder25) => {
        const statutory = amount !== null && under25 !== null ? { amount, under25 } : null;
        const caps = stakeCapsFor(statutory, { maxSlotStake: operator, maxSlotStakeUnder25: operatorUnder25 });
        const limits = [statutory?.amount, operator].filter((v): v is number => v != null);
        const limitsYoung = [statutory?.under25, operatorUnder25].filter((v): v is number => v != null);
        if (limits.length === 0 && limitsYoung.length === 0) expect(caps).toBeNull();
        else {
          expect(caps!.maxSlotStake).toBe(limits.length ? Math.min(...limits) : Number.MAX_SAFE_INTEGER);
          expect(caps!.maxSlotStakeUnder25).toBe(limitsYoung.length ? Math.min(...limitsYoung) : Number.MAX_SAFE_INTEGER);
        }
      }),
      SEED,
    );
  });

  it('the UK caps: €5.00 at 25, €2.00 at 24; an operator cap can only lower them', () => {
    const uk = stakeCapsFor({ amount: 500, under25: 200 }, { maxSlotStake: null, maxSlotStakeUnder25: null });
    expect(slotStakeCap('2001-03-01', T0, uk)).toBe(500);
    expect(slotStakeCap('2001-03-02', T0, uk)).toBe(200);
    expect(slotStakeCap(null, T0, uk)).toBe(200);
    const lowered = stakeCapsFor({ amount: 500, under25: 200 }, { maxSlotStake: 300, maxSlotStakeUnder25: 1_000 });
    expect(slotStakeCap('1980-01-01', T0, lowered)).toBe(300);
    expect(slotStakeCap('2005-01-01', T0, lowered)).toBe(200);
    expect(slotStakeCap('2005-01-01', T0, stakeCapsFor(null, { maxSlotStake: null, maxSlotStakeUnder25: null }))).toBeNull();
  });
});

describe('spinWaitMs', () => {
  it('is what is left of the minimum since the last spin, never negative, and 0 without a minimum or a last spin', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), (elapsed, minimum) => {
        const now = new Date(T0.getTime() + elapsed);
        expect(spinWaitMs(T0, now, minimum)).toBe(Math.max(0, minimum - elapsed));
        expect(spinWaitMs(T0, now, null)).toBe(0);
        expect(spinWaitMs(null, now, minimum)).toBe(0);
      }),
      SEED,
    );
  });

  it('2.5 s: refused at 2,499 ms, allowed at 2,500 ms', () => {
    expect(spinWaitMs(T0, new Date(T0.getTime() + 2_499), 2_500)).toBe(1);
    expect(spinWaitMs(T0, new Date(T0.getTime() + 2_500), 2_500)).toBe(0);
  });
});

describe('depositPromptDue', () => {
  const prompt = { remindEveryMonths: 6 };

  it('due before any answer, not due for 6 calendar months after one, due again from then', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 86_400_000 }), (since) => {
        const now = new Date(T0.getTime() + since);
        expect(depositPromptDue(prompt, null, now)).toBe(true);
        expect(depositPromptDue(prompt, T0, now)).toBe(now >= addMonths(T0, 6));
        expect(depositPromptDue(null, null, now)).toBe(false);
      }),
      SEED,
    );
  });

  it('the reminder falls on the same day 6 months on', () => {
    expect(depositPromptDue(prompt, T0, new Date('2026-08-31T23:59:59Z'))).toBe(false);
    expect(depositPromptDue(prompt, T0, new Date('2026-09-01T12:00:00Z'))).toBe(true);
  });
});
