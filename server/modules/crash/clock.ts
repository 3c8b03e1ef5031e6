// The round's clock (docs/decisions/0071-crash.md): the published curve m(t) = ⌊100 · e^(0.00006 t)⌋ hundredths,
// t in ms since the start, run `speed` times as fast. Speed 1, the only one production allows, is the published
// curve itself; the browser tests run a faster one (CRASH_SPEED, docs/decisions/0101-deterministic-crash-tests.md).
// Only how long a round lasts changes: its crash point comes from its hash alone, so verifying it is the same.

import { CRASH_GROWTH, msToReach, multiplierAt } from '../../../games/crash/crash.ts';

export type CrashClock = {
  /** Per millisecond, as GET /api/crash tells the browsers: the multiplier is e^(growth × ms since the start). */
  growth: number;
  /** The multiplier in hundredths `elapsedMs` after the start. */
  multiplierAt(elapsedMs: number): number;
  /** The first whole millisecond after the start at which the multiplier reaches `point` hundredths. */
  msToReach(point: number): number;
};

export function crashClock(speed = 1): CrashClock {
  if (!(speed >= 1)) throw new RangeError('The crash clock runs at speed 1 or faster');
  const at = (elapsedMs: number) => multiplierAt(elapsedMs * speed);
  return {
    growth: CRASH_GROWTH * speed,
    multiplierAt: at,
    msToReach(point) {
      if (point <= 100) return 0;
      // Below the first millisecond (the published curve is below `point` before msToReach(point)), then up to it.
      let ms = Math.max(0, Math.floor((msToReach(point) - 1) / speed) - 1);
      while (at(ms) < point) ms++;
      return ms;
    },
  };
}
