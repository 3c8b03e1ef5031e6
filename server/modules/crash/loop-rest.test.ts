// The crash loop's rest between looks (crashLoopRest): ticks only while a round runs, otherwise until the next phase,
// never longer than a third of the lease.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crashLoopRest, DEFAULT_CRASH_TIMINGS } from './loop.ts';

const timings = DEFAULT_CRASH_TIMINGS; // tick 100 ms, lease 3 s, pause 3 s
const at = Date.parse('2026-11-28T12:00:00Z');
const betting = (endsInMs: number) => ({ status: 'betting', bettingEndsAt: new Date(at + endsInMs), endedAt: null });
const crashed = (endedMsAgo: number) => ({ status: 'crashed', bettingEndsAt: new Date(at - 60_000), endedAt: new Date(at - endedMsAgo) });

describe('crash loop rest', () => {
  it('ticks while a round runs or none is known', () => {
    expect(crashLoopRest({ status: 'running', bettingEndsAt: new Date(at - 1_000), endedAt: null }, true, timings, at)).toBe(100);
    expect(crashLoopRest(undefined, true, timings, at)).toBe(100);
  });

  it('rests until betting closes or the pause ends, waking just after it', () => {
    expect(crashLoopRest(betting(400), true, timings, at)).toBe(401);
    expect(crashLoopRest(crashed(2_500), true, timings, at)).toBe(501);
  });

  it('never rests longer than a third of the lease, so the leader renews it in time', () => {
    expect(crashLoopRest(betting(4_500), true, timings, at)).toBe(1_000);
    expect(crashLoopRest(crashed(0), true, timings, at)).toBe(1_000);
  });

  it('looks again a tick later when a phase is already due', () => {
    expect(crashLoopRest(betting(-50), true, timings, at)).toBe(100);
    expect(crashLoopRest(crashed(10_000), true, timings, at)).toBe(100);
  });

  it('a follower looks for a lapsed lease three times a lease', () => {
    expect(crashLoopRest(betting(400), false, timings, at)).toBe(1_000);
    expect(crashLoopRest(undefined, false, timings, at)).toBe(1_000);
  });

  it('always rests between a tick and a third of the lease', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('betting', 'running', 'crashed'),
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.boolean(),
        fc.record({
          tickMs: fc.integer({ min: 10, max: 500 }),
          leaseMs: fc.integer({ min: 1_500, max: 30_000 }),
          pauseMs: fc.integer({ min: 0, max: 10_000 }),
        }),
        (status, offset, leading, t) => {
          const game = { status, bettingEndsAt: new Date(at + offset), endedAt: new Date(at + offset) };
          const rest = crashLoopRest(game, leading, t, at);
          expect(rest).toBeGreaterThanOrEqual(Math.min(t.tickMs, t.leaseMs / 3));
          expect(rest).toBeLessThanOrEqual(t.leaseMs / 3);
        },
      ),
    );
  });
});
