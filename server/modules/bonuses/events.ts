// What the bonuses module tells the others after commit (server/modules/shared/events.ts; wired in server/subscriptions.ts).
import type { PlayerBonus } from '../../../contract/bonuses.ts';

export type BonusesEvents = {
  /** A player's claim was granted (not a replay, not an operator's grant): compliance's bonus-abuse rules. */
  BonusClaimed: { playerId: number; bonusId: string; offer: string; at: Date };
  /** A bonus as it is after a change: granted, staked, converted, ended (the money notices, decision 0119). */
  BonusChanged: { playerId: number; bonus: PlayerBonus };
};
