import { and, gte, isNotNull, lt, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { type ExportRange, type ExportRow, iso } from '../shared/export-rows.ts';
import { players } from './schema.ts';

// The accounts module's rows for the regulator's export (docs/decisions/0117): who the players are, and the
// account events their own rows date (registration, activation, blocking).

export function accountExportRows(db: Database) {
  return {
    /** Every player registered before the period ends, with identity fields as registered or changed since. */
    async players({ to }: ExportRange): Promise<ExportRow[]> {
      const rows = await db.select().from(players).where(lt(players.createdAt, to)).orderBy(players.id);
      return rows.map((row) => ({
        player_id: row.id,
        registered_at: iso(row.createdAt),
        activated_at: iso(row.activatedAt),
        name: row.name,
        surname: row.surname,
        birthdate: row.birthdate,
        country: row.country,
        kyc_status: row.kycStatus,
        blocked: row.blocked,
      }));
    },

    /** Registrations, activations and blocks that happened in the period, oldest first. */
    async events({ from, to }: ExportRange): Promise<ExportRow[]> {
      const within = (column: PgColumn) => and(gte(column, from), lt(column, to));
      const rows = await db
        .select({ id: players.id, createdAt: players.createdAt, activatedAt: players.activatedAt, blockedAt: players.blockedAt, blocked: players.blocked })
        .from(players)
        .where(
          or(
            within(players.createdAt),
            and(isNotNull(players.activatedAt), within(players.activatedAt)),
            and(isNotNull(players.blockedAt), within(players.blockedAt)),
          ),
        );
      const events: ExportRow[] = [];
      const inRange = (at: Date | null): at is Date => at !== null && at >= from && at < to;
      for (const row of rows) {
        if (inRange(row.createdAt)) events.push({ at: iso(row.createdAt), player_id: row.id, event: 'registered', actor: 'player' });
        if (inRange(row.activatedAt)) events.push({ at: iso(row.activatedAt), player_id: row.id, event: 'activated', actor: 'player' });
        if (row.blocked && inRange(row.blockedAt)) events.push({ at: iso(row.blockedAt), player_id: row.id, event: 'blocked', actor: 'staff' });
      }
      return events;
    },
  };
}
