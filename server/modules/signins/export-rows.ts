import { and, asc, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ExportRange, type ExportRow, iso } from '../shared/export-rows.ts';
import { signIns } from './schema.ts';

/** Sessions begun in the period (time, address, browser, device), for the regulator's export (docs/decisions/0117). */
export function signInExportRows(db: Database) {
  return async function sessions({ from, to }: ExportRange): Promise<ExportRow[]> {
    const rows = await db
      .select()
      .from(signIns)
      .where(and(gte(signIns.signedInAt, from), lt(signIns.signedInAt, to)))
      .orderBy(asc(signIns.signedInAt), asc(signIns.id));
    return rows.map((row) => ({
      session_id: row.id,
      player_id: row.playerId,
      method: row.method,
      signed_in_at: iso(row.signedInAt),
      last_seen_at: iso(row.lastSeenAt),
      ended_at: iso(row.endedAt),
      ip: row.ip,
      device_id: row.deviceId,
      user_agent: row.userAgent,
    }));
  };
}
