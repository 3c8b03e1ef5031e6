import { and, asc, gte, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ExportRange, type ExportRow, iso, json } from '../shared/export-rows.ts';
import { auditLog } from './schema.ts';

/**
 * Staff actions on players in the period (blocks, KYC decisions, limits set, adjustments, compliance decisions),
 * from the hash-chained audit log, for the regulator's export (docs/decisions/0117).
 */
export function staffActionExportRows(db: Database) {
  return async function staffActions({ from, to }: ExportRange): Promise<ExportRow[]> {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(gte(auditLog.at, from), lt(auditLog.at, to), isNotNull(auditLog.playerId)))
      .orderBy(asc(auditLog.id));
    return rows.map((row) => ({
      audit_id: row.id,
      at: iso(row.at),
      staff_id: row.staffId,
      player_id: row.playerId,
      action: row.action,
      subject: row.subject,
      after: json(row.after),
      hash: row.hash,
    }));
  };
}
