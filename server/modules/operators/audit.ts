import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client.ts';
import { type PageQuery, pageMeta, pageOffset } from '../shared/pagination.ts';
import type { AuditAnchor } from './audit-anchors.ts';
import { auditLog } from './schema.ts';

// The hash-chained audit log (docs/decisions/0082-hash-chained-audit-log.md). Each row stores the SHA-256 of the
// previous row's hash and its own canonical content; appends take a transaction-scoped lock so the chain is a
// line even with several nodes, and run inside the caller's transaction so the record and the change commit
// together or not at all.

/** The prev_hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64);
const AUDIT_LOCK = 180_082;

export type AuditEntry = {
  staffId: number | null;
  action: string;
  playerId?: number | null;
  subject?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};
type AuditRow = typeof auditLog.$inferSelect;

/** JSON with object keys sorted at every depth: jsonb does not keep key order, so the hash must not depend on it. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A row's hash: SHA-256 over the previous hash and the row's own content (everything but id and hash). */
export function rowHash(row: Omit<AuditRow, 'id' | 'hash'>): string {
  const content = canonicalJson({
    at: row.at.toISOString(),
    staff_id: row.staffId,
    action: row.action,
    player_id: row.playerId,
    subject: row.subject,
    before: row.before,
    after: row.after,
  });
  return createHash('sha256').update(`${row.prevHash}\n${content}`, 'utf8').digest('hex');
}

export const toAuditRecord = (row: AuditRow) => ({
  id: String(row.id),
  at: row.at.toISOString(),
  staff_id: row.staffId === null ? null : String(row.staffId),
  action: row.action,
  player_id: row.playerId === null ? null : String(row.playerId),
  subject: row.subject,
  before: row.before ?? null,
  after: row.after ?? null,
  hash: row.hash,
  prev_hash: row.prevHash,
});

export type AuditVerification = {
  intact: boolean;
  rows: number;
  first_broken_id: string | null;
  reason: string | null;
  /** The newest row verified: anchor it to find a later deletion of the newest rows. */
  head: { id: string; hash: string } | null;
  anchors_checked: number;
};
export type AuditFilter = { playerId?: number; staffId?: number; action?: string; from?: Date; to?: Date };
export type AuditService = ReturnType<typeof createAuditService>;

export function createAuditService({ db, now = () => new Date() }: { db: Database; now?: () => Date }) {
  async function append(within: DbExecutor, entry: AuditEntry): Promise<void> {
    await within.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);
    const [last] = await within.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const row = {
      at: now(),
      staffId: entry.staffId,
      action: entry.action,
      playerId: entry.playerId ?? null,
      subject: entry.subject ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      prevHash: last?.hash ?? GENESIS_HASH,
    };
    await within.insert(auditLog).values({ ...row, hash: rowHash(row) });
  }

  return {
    /** Appends inside the caller's transaction (`within`); without one, in a transaction of its own. */
    async record(entry: AuditEntry, within?: DbExecutor): Promise<void> {
      if (within) return append(within, entry);
      await db.transaction((tx) => append(tx, entry));
    },

    /** Runs `change` and records what it returns in one transaction; a change that returns null records nothing. */
    async audited<T>(change: (tx: Transaction) => Promise<T | null>, entryOf: (result: T) => AuditEntry): Promise<T | null> {
      return db.transaction(async (tx) => {
        const result = await change(tx);
        if (result !== null) await append(tx, entryOf(result));
        return result;
      });
    },

    async actionsOn(subject: string) {
      return (await db.select().from(auditLog).where(eq(auditLog.subject, subject)).orderBy(asc(auditLog.id))).map(toAuditRecord);
    },

    async list(filter: AuditFilter, page: PageQuery) {
      const conditions: SQL[] = [];
      if (filter.playerId !== undefined) conditions.push(eq(auditLog.playerId, filter.playerId));
      if (filter.staffId !== undefined) conditions.push(eq(auditLog.staffId, filter.staffId));
      if (filter.action) conditions.push(eq(auditLog.action, filter.action));
      if (filter.from) conditions.push(gte(auditLog.at, filter.from));
      if (filter.to) conditions.push(lte(auditLog.at, filter.to));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(page.perPage).offset(pageOffset(page)),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { data: rows.map(toAuditRecord), meta: pageMeta(page, total?.n ?? 0) };
    },

    /** The newest row's id and hash: what an anchor records. */
    async head(): Promise<AuditAnchor | null> {
      const [row] = await db.select({ id: auditLog.id, hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      return row ?? null;
    },

    /**
     * Re-computes the whole chain and names the first row whose link or content does not match; then checks that
     * every anchor's row is still there with the anchored hash, which finds the newest rows deleted.
     */
    async verify(anchors: readonly AuditAnchor[] = []): Promise<AuditVerification> {
      const expected = new Map(anchors.map((anchor) => [anchor.id, anchor]));
      let previous = GENESIS_HASH;
      let afterId = 0;
      let checked = 0;
      let head: { id: string; hash: string } | null = null;
      for (;;) {
        const rows = await db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id)).limit(1000);
        if (rows.length === 0) break;
        for (const row of rows) {
          const anchor = expected.get(row.id);
          const broken =
            row.prevHash !== previous
              ? 'its prev_hash is not the previous row’s hash (a row before it was removed or changed)'
              : rowHash(row) !== row.hash
                ? 'its content does not match its hash (the row was edited)'
                : anchor && anchor.hash !== row.hash
                  ? `its hash is not the one anchored${anchor.at ? ` at ${anchor.at}` : ''} (the row was replaced)`
                  : null;
          if (broken) return { intact: false, rows: checked, first_broken_id: String(row.id), reason: broken, head, anchors_checked: 0 };
          expected.delete(row.id);
          previous = row.hash;
          afterId = row.id;
          head = { id: String(row.id), hash: row.hash };
          checked++;
        }
      }
      const [missing] = [...expected.values()].sort((a, b) => a.id - b.id);
      if (missing)
        return {
          intact: false,
          rows: checked,
          first_broken_id: String(missing.id),
          reason: `the row was anchored${missing.at ? ` at ${missing.at}` : ''} and is gone (the newest rows were deleted)`,
          head,
          anchors_checked: anchors.length - expected.size,
        };
      return { intact: true, rows: checked, first_broken_id: null, reason: null, head, anchors_checked: anchors.length };
    },
  };
}
