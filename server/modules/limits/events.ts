// What the limits module tells the others after commit (server/modules/shared/events.ts; wired in server/subscriptions.ts).
import type { LimitPeriod, LimitType } from '../../../contract/limits.rules.ts';

/** A limit as it takes effect: a tightening at once, a raise or removal after its cooling-off period. */
export type LimitChange = { playerId: number; type: LimitType; period: LimitPeriod; before: number | null; after: number | null; at: Date };

export type LimitsEvents = {
  /** A time-out or self-exclusion started: marketing stops and open bonuses are forfeited before the request answers. */
  PlayerExcluded: { playerId: number; kind: 'timeout' | 'self_exclusion'; until: Date };
  /** A limit took effect: the player's notice, and compliance's repeated-raise rule. */
  LimitChanged: LimitChange;
};
