// The player's crash stakes and wins since each instant (the limits' wager and loss limits count crash too): a bet's
// stake counts from when it was placed, its win once paid. A reader of the crash module's own table, built before
// the limits that ask it (server/services.ts).
import type { Database } from '../../db/client.ts';
import { stakeTotalsReader, type StakeTotalsReader } from '../shared/stake-totals.ts';
import { crashBets } from './schema.ts';

export function createCrashTotals(db: Database): StakeTotalsReader {
  return stakeTotalsReader(db, { table: crashBets, playerId: crashBets.playerId, stake: crashBets.stake, win: crashBets.win, createdAt: crashBets.createdAt });
}
