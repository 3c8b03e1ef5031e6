// The crash options (docs/decisions/0071-crash.md), parsed for server/config.ts: how long a round takes bets and
// the pause after a crash, and two hooks for the browser tests (docs/decisions/0101-deterministic-crash-tests.md),
// both refused in production: a known seed for the database's first hash chain, and a faster clock for the
// multiplier.
import { z } from 'zod';

const milliseconds = z.coerce.number({ message: 'must be a number of milliseconds' }).int('must be a whole number').max(60_000, 'must be at most 60000');

/** The variables, spread into the environment schema of server/config.ts. */
export const crashEnvironment = {
  CRASH_BETTING_MS: milliseconds.min(500, 'must be at least 500').default(5_000),
  CRASH_PAUSE_MS: milliseconds.min(0, 'must not be negative').default(3_000),
  /** Tests only: h_L of the first chain instead of 32 random bytes, so a test knows every round's crash point. */
  CRASH_CHAIN_SEED: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes)')
    .transform((seed) => seed.toLowerCase())
    .optional(),
  /** Tests only: the multiplier's clock runs this many times as fast as the published curve. */
  CRASH_SPEED: z.coerce.number({ message: 'must be a number' }).min(1, 'must be at least 1').max(100, 'must be at most 100').default(1),
};

type CrashEnvironment = {
  APP_ENV: string;
  CRASH_BETTING_MS: number;
  CRASH_PAUSE_MS: number;
  CRASH_CHAIN_SEED?: string | undefined;
  CRASH_SPEED: number;
};

/** The production refusals, run in the environment schema's superRefine. */
export function checkCrashEnvironment(e: CrashEnvironment, context: z.RefinementCtx): void {
  if (e.APP_ENV !== 'production') return;
  if (e.CRASH_CHAIN_SEED !== undefined) {
    context.addIssue({
      code: 'custom',
      path: ['CRASH_CHAIN_SEED'],
      message: "must not be set in production: whoever knows the seed knows every round's crash point in advance",
    });
  }
  if (e.CRASH_SPEED !== 1) {
    context.addIssue({ code: 'custom', path: ['CRASH_SPEED'], message: 'must be 1 in production: players are shown the published multiplier curve' });
  }
}

/** Crash rounds (docs/decisions/0071-crash.md); the crash service takes this whole as its timings. */
export type CrashConfig = {
  /** How long bets are taken before a round starts (CRASH_BETTING_MS). */
  bettingMs: number;
  /** The pause between a crash and the next betting phase (CRASH_PAUSE_MS). */
  pauseMs: number;
  /** Tests only (CRASH_SPEED): the multiplier's clock runs this many times as fast; 1, the published curve, in production. */
  speed: number;
  /** Tests only (CRASH_CHAIN_SEED): the seed of the database's first chain; never set in production. */
  chainSeed: string | undefined;
};

export function crashConfigOf(e: CrashEnvironment): CrashConfig {
  return { bettingMs: e.CRASH_BETTING_MS, pauseMs: e.CRASH_PAUSE_MS, speed: e.CRASH_SPEED, chainSeed: e.CRASH_CHAIN_SEED };
}
