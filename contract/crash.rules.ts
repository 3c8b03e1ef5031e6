// Crash's plain values (docs/decisions/0071-crash.md): round and bet statuses, and the realtime channel and events
// the rounds are broadcast on. No zod here, so the site's bundles can import it; the schemas are in crash.ts, which
// re-exports all of this. Imports nothing.

export const CRASH_STATUSES = ['betting', 'running', 'crashed'] as const;
export const CRASH_BET_STATUSES = ['active', 'cashed', 'lost', 'refunded'] as const;

/** The public realtime channel the rounds are broadcast on, and its events (App\Events\… names). */
export const CRASH_CHANNEL = 'crash';
export const CRASH_EVENTS = ['CrashBetting', 'CrashStarted', 'CrashBet', 'CrashCashout', 'CrashEnded'] as const;
