import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../shared/db-results.ts';
import { chainDeposits, withdrawals } from './schema.ts';

// The payment instruments two players share (issue 33 §3, docs/decisions/0112): the sign-ins module links such
// players and asks this reader rather than the payments tables (decision 0028). An instrument is a crypto address a
// player withdrew to, or an address an on-chain deposit came from, compared without case. Cards are not compared:
// the gateways report only a card's last four digits, which thousands of strangers share, not a fingerprint.

/** Another player who used one of this player's instruments, and which one. */
export type SharedInstrument = { otherPlayerId: number; instrument: string };

export function createPaymentInstruments(db: Database) {
  const used = sql`
    select ${withdrawals.playerId} as player_id, lower(${withdrawals.destination}) as instrument from ${withdrawals}
      where ${withdrawals.destination} !~ '^Card '
    union
    select ${chainDeposits.playerId}, lower(${chainDeposits.fromAddress}) from ${chainDeposits}`;
  return {
    async sharedInstruments(playerId: number): Promise<SharedInstrument[]> {
      const rows = rowsOf<{ player_id: number | string; instrument: string }>(
        await db.execute(sql`
          with used as (${used})
          select distinct theirs.player_id, theirs.instrument
          from used mine join used theirs on theirs.instrument = mine.instrument and theirs.player_id <> mine.player_id
          where mine.player_id = ${playerId}`),
      );
      return rows.map((row) => ({ otherPlayerId: Number(row.player_id), instrument: row.instrument }));
    },
  };
}
