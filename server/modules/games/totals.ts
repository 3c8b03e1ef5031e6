// Stakes and wins of a player's real-money rounds over windows, for the limits module (docs/decisions/0055-limits.md):
// one query over the (player_id, created_at) index. A hand still open has won nothing yet.
import type { Database } from '../../db/client.ts';
import { stakeTotalsReader, type StakeTotalsReader } from '../shared/stake-totals.ts';
import { gameRounds } from './schema.ts';

export type { StakeTotals as RoundTotals } from '../shared/stake-totals.ts';

export function createRoundTotals(db: Database): StakeTotalsReader {
  return stakeTotalsReader(db, {
    table: gameRounds,
    playerId: gameRounds.playerId,
    stake: gameRounds.stake,
    win: gameRounds.win,
    createdAt: gameRounds.createdAt,
  });
}
