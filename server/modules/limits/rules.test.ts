import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  ageAt,
  confirmChange,
  COOLING_OFF_MS,
  exclusionAt,
  extends_,
  livePending,
  operatorMayApply,
  PENDING_LAPSE_MS,
  realityCheckDueAt,
  requestChange,
  RETURN_WAIT_MS,
  sessionAlive,
  sessionEndsAt,
  SESSION_IDLE_MS,
  slotStakeCap,
  type LimitState,
} from './rules.ts';

const T0 = new Date('2026-03-01T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const amount = fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null });
const caps = { maxSlotStake: 500, maxSlotStakeUnder25: 200 };

describe('cooling-off of limit changes (injected clock)', () => {
  it('a first, lower or equal limit applies at once; a raise or removal only waits', () => {
    fc.assert(
      fc.property(amount, amount, (current, requested) => {
        const after = requestChange({ amount: current, pending: null }, requested, T0);
        const tighter = requested !== null && (current === null || requested <= current);
        if (tighter || (current === null && requested === null)) expect(after).toEqual({ amount: requested, pending: null });
        else expect(after).toEqual({ amount: current, pending: { amount: requested, requestedAt: T0 } });
      }),
    );
  });

  it('nothing but a confirmation after 24 hours and within 7 days raises a limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 10 * 86_400_000 }),
        (current, extra, elapsed) => {
          const state: LimitState = requestChange({ amount: current, pending: null }, current + extra, T0);
          const outcome = confirmChange(state, at(elapsed));
          if (elapsed < COOLING_OFF_MS) expect(outcome).toEqual({ ok: false, reason: 'too_early', effectiveAt: at(COOLING_OFF_MS) });
          else if (elapsed > PENDING_LAPSE_MS) expect(outcome).toEqual({ ok: false, reason: 'none' });
          else expect(outcome).toEqual({ ok: true, state: { amount: current + extra, pending: null } });
        },
      ),
    );
  });

  it('a pending change lapses 7 days after it was asked for; lowering drops a pending raise', () => {
    const pending = { amount: 900, requestedAt: T0 };
    expect(livePending(pending, at(PENDING_LAPSE_MS))).toBe(pending);
    expect(livePending(pending, at(PENDING_LAPSE_MS + 1))).toBeNull();
    expect(requestChange({ amount: 500, pending }, 400, at(1000))).toEqual({ amount: 400, pending: null });
    expect(confirmChange({ amount: 500, pending: null }, at(COOLING_OFF_MS))).toEqual({ ok: false, reason: 'none' });
  });

  it('an operator may only set a first limit or a lower one', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 1, max: 1_000_000 }), (current, requested) => {
        expect(operatorMayApply(current, requested)).toBe(current === null || requested < current);
      }),
    );
  });
});

describe('time-out and self-exclusion', () => {
  it('an exclusion can only be made longer, never shorter, while it lasts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 10 }), fc.integer({ min: 0, max: 10 ** 10 }), (current, proposed) => {
        expect(extends_(at(current), at(proposed), T0)).toBe(proposed >= current);
      }),
    );
    expect(extends_(at(-1), at(5), T0)).toBe(true);
    expect(extends_(null, at(5), T0)).toBe(true);
  });

  it('a time-out excludes until it ends; a self-exclusion until the player asks to return and 24 hours pass', () => {
    const none = { timeoutUntil: null, selfExcludedUntil: null, returnRequestedAt: null };
    expect(exclusionAt(none, T0)).toEqual({ excluded: false });
    expect(exclusionAt({ ...none, timeoutUntil: at(10) }, T0)).toEqual({ excluded: true, kind: 'timeout', until: at(10) });
    expect(exclusionAt({ ...none, timeoutUntil: at(10) }, at(10))).toEqual({ excluded: false });
    const self = { ...none, selfExcludedUntil: at(100) };
    expect(exclusionAt(self, T0)).toEqual({ excluded: true, kind: 'self_exclusion', until: at(100) });
    expect(exclusionAt(self, at(200))).toEqual({ excluded: true, kind: 'return_wait', until: null });
    const asked = { ...self, returnRequestedAt: at(300) };
    expect(exclusionAt(asked, at(400))).toEqual({ excluded: true, kind: 'return_wait', until: at(300 + RETURN_WAIT_MS) });
    expect(exclusionAt(asked, at(300 + RETURN_WAIT_MS))).toEqual({ excluded: false });
    // A return asked for before the exclusion ended (an older one) does not count.
    expect(exclusionAt({ ...self, returnRequestedAt: at(50) }, at(RETURN_WAIT_MS * 2))).toEqual({ excluded: true, kind: 'return_wait', until: null });
  });

  it('months are calendar months, clamped to the month’s last day', () => {
    expect(addMonths(new Date('2026-08-31T10:00:00Z'), 6).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-01-15T00:00:00Z'), 60).toISOString()).toBe('2031-01-15T00:00:00.000Z');
  });
});

describe('slot stake caps by age', () => {
  it('players aged 18 to 24 get the lower cap from their birthdate, counted to the day', () => {
    expect(ageAt('2004-03-01', T0)).toBe(22);
    expect(ageAt('2001-03-02', T0)).toBe(24);
    expect(ageAt('2001-03-01', T0)).toBe(25);
    expect(slotStakeCap('2004-03-01', T0, caps)).toBe(200);
    expect(slotStakeCap('2001-03-02', T0, caps)).toBe(200);
    expect(slotStakeCap('2001-03-01', T0, caps)).toBe(500);
    expect(slotStakeCap(null, T0, caps)).toBe(200);
  });
});

describe('session limits and reality checks', () => {
  it('a reality check is due an interval after the session began or was last answered', () => {
    fc.assert(
      fc.property(fc.constantFrom(15, 30, 60), fc.integer({ min: 0, max: 10_000_000 }), (minutes, answeredAfter) => {
        const clock = { startedAt: T0, realityCheckAnsweredAt: at(answeredAfter), realityCheckMinutes: minutes, sessionMinutes: null };
        expect(realityCheckDueAt(clock)).toEqual(at(answeredAfter + minutes * 60_000));
      }),
    );
    expect(realityCheckDueAt({ startedAt: T0, realityCheckAnsweredAt: null, realityCheckMinutes: null, sessionMinutes: 60 })).toBeNull();
    expect(sessionEndsAt({ startedAt: T0, realityCheckAnsweredAt: null, realityCheckMinutes: null, sessionMinutes: 60 })).toEqual(at(3_600_000));
  });

  it('a session ends after 30 idle minutes', () => {
    expect(sessionAlive(T0, at(SESSION_IDLE_MS - 1))).toBe(true);
    expect(sessionAlive(T0, at(SESSION_IDLE_MS))).toBe(false);
    expect(sessionAlive(null, T0)).toBe(false);
  });
});
