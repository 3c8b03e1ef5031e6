import { and, asc, gte, inArray, lt, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ExportRange, type ExportRow, iso, json } from '../shared/export-rows.ts';
import { limitChanges } from './schema.ts';

// The limits module's rows for the regulator's export (docs/decisions/0117): every change of a limit, and every
// time-out, self-exclusion and return, in the period, with who made it.

const EXCLUSIONS = ['timeout', 'self_exclusion', 'return'];

export function limitExportRows(db: Database) {
  const changes = async ({ from, to }: ExportRange, exclusions: boolean): Promise<ExportRow[]> => {
    const rows = await db
      .select()
      .from(limitChanges)
      .where(and(gte(limitChanges.createdAt, from), lt(limitChanges.createdAt, to), (exclusions ? inArray : notInArray)(limitChanges.subject, EXCLUSIONS)))
      .orderBy(asc(limitChanges.createdAt), asc(limitChanges.id));
    return rows.map((row) => ({
      at: iso(row.createdAt),
      player_id: row.playerId,
      subject: row.subject,
      actor: row.actor,
      actor_id: row.actorId,
      old_value: json(row.oldValue),
      new_value: json(row.newValue),
    }));
  };
  return {
    limits: (range: ExportRange) => changes(range, false),
    exclusions: (range: ExportRange) => changes(range, true),
  };
}
