import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import type { AuditService } from '../operators/audit.ts';
import { complianceAlerts, complianceCaseNotes, complianceCases } from './schema.ts';

// Cases (issue 33 §6, docs/decisions/0115): alerts grouped for one investigation, assigned, noted, moved through
// open → investigating → escalated → closed. Closing with "report filed" takes two people (four-eyes, as decision
// 0083 does for adjustments): the first asks, a different compliance or admin member confirms. Closing a case closes
// its alerts, which releases their withdrawal holds. Every step is in the hash-chained audit log.

export const CASE_STATES = ['open', 'investigating', 'escalated', 'closed'] as const;
export type CaseState = (typeof CASE_STATES)[number];
export const CASE_OUTCOMES = ['no_action', 'player_warned', 'account_restricted', 'report_filed'] as const;
export type CaseOutcome = (typeof CASE_OUTCOMES)[number];
/** Where a case may move by hand; closing has its own call. */
const NEXT: Record<CaseState, readonly CaseState[]> = {
  open: ['investigating', 'escalated'],
  investigating: ['escalated'],
  escalated: ['investigating'],
  closed: [],
};
export const MAX_ATTACHMENT_BYTES = 256 * 1024;
export const OWN_CONFIRMATION_MESSAGE = 'You asked to close this case; another staff member must confirm it.';

type CaseRow = typeof complianceCases.$inferSelect;

const toCase = (row: CaseRow) => ({
  id: String(row.id),
  title: row.title,
  state: row.state,
  outcome: row.outcome,
  assigned_to: row.assignedTo === null ? null : String(row.assignedTo),
  created_by: String(row.createdBy),
  close_requested_by: row.closeRequestedBy === null ? null : String(row.closeRequestedBy),
  close_requested_outcome: row.closeRequestedOutcome,
  closed_by: row.closedBy === null ? null : String(row.closedBy),
  closed_at: row.closedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
export type CaseView = ReturnType<typeof toCase>;

export function createCases({ db, audit, now }: { db: Database; audit: Pick<AuditService, 'audited'>; now: () => Date }) {
  async function lockCase(tx: Transaction, id: number): Promise<CaseRow> {
    const [row] = await tx.select().from(complianceCases).where(eq(complianceCases.id, id)).for('update');
    if (!row) throw new Problem(404, 'No case with that id.');
    return row;
  }
  const open = (row: CaseRow) => {
    if (row.state === 'closed') throw new Problem(409, 'This case is closed.');
    return row;
  };

  /** Puts open alerts that are in no case into this one; an unknown, closed or already filed alert is a 422. */
  async function attachAlerts(tx: Transaction, caseId: number, alertIds: number[]) {
    if (alertIds.length === 0) return [];
    const rows = await tx.select().from(complianceAlerts).where(inArray(complianceAlerts.id, alertIds)).for('update');
    const usable = rows.filter((row) => row.status === 'open' && (row.caseId === null || row.caseId === caseId));
    if (usable.length !== new Set(alertIds).size) {
      throw new Problem(422, 'Only open alerts that are in no other case can be added.', {
        errors: { alert_ids: ['Only open alerts that are in no other case can be added.'] },
      });
    }
    await tx.update(complianceAlerts).set({ caseId }).where(inArray(complianceAlerts.id, alertIds));
    return usable.map((row) => ({ id: row.id, playerId: row.playerId }));
  }

  async function change<T extends { playerId?: number | null }>(
    staffId: number,
    caseId: number,
    action: string,
    work: (tx: Transaction, row: CaseRow) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown> } & T>,
  ) {
    const result = await audit.audited(
      async (tx) => work(tx, await lockCase(tx, caseId)),
      (done) => ({ staffId, action, subject: `case:${caseId}`, playerId: done.playerId ?? null, before: done.before, after: done.after }),
    );
    return result!;
  }
  const touch = (tx: Transaction, id: number, set: Partial<typeof complianceCases.$inferInsert>) =>
    tx
      .update(complianceCases)
      .set({ ...set, updatedAt: now() })
      .where(eq(complianceCases.id, id))
      .returning();

  async function closeNow(tx: Transaction, row: CaseRow, staffId: number, outcome: CaseOutcome, note: string) {
    await tx
      .update(complianceAlerts)
      .set({ status: 'closed', resolution: `Case ${row.id} closed: ${outcome}`, closedBy: staffId, closedAt: now() })
      .where(and(eq(complianceAlerts.caseId, row.id), eq(complianceAlerts.status, 'open')));
    await touch(tx, row.id, { state: 'closed', outcome, closedBy: staffId, closedAt: now(), closeRequestedNote: note });
  }

  const playerOf = async (tx: Transaction, caseId: number) => {
    const [first] = await tx
      .select({ playerId: complianceAlerts.playerId })
      .from(complianceAlerts)
      .where(eq(complianceAlerts.caseId, caseId))
      .orderBy(asc(complianceAlerts.id))
      .limit(1);
    return first?.playerId ?? null;
  };

  return {
    async openCount() {
      const [row] = await db.select({ n: count() }).from(complianceCases).where(ne(complianceCases.state, 'closed'));
      return Number(row?.n ?? 0);
    },

    async list(state?: CaseState) {
      const rows = await db
        .select()
        .from(complianceCases)
        .where(state ? eq(complianceCases.state, state) : undefined)
        .orderBy(desc(complianceCases.updatedAt))
        .limit(200);
      return rows.map(toCase);
    },

    async get(id: number) {
      const [row] = await db.select().from(complianceCases).where(eq(complianceCases.id, id));
      if (!row) return null;
      const notes = await db.select().from(complianceCaseNotes).where(eq(complianceCaseNotes.caseId, id)).orderBy(asc(complianceCaseNotes.id));
      return {
        ...toCase(row),
        notes: notes.map((note) => ({
          id: String(note.id),
          staff_id: String(note.staffId),
          body: note.body,
          attachment: note.fileName
            ? { file_name: note.fileName, content_type: note.contentType!, sha256: note.fileSha256!, bytes: Buffer.from(note.fileData ?? '', 'base64').length }
            : null,
          created_at: note.createdAt.toISOString(),
        })),
      };
    },

    async create(input: { title: string; alertIds: number[]; assignedTo?: number | null }, staffId: number) {
      const created = await audit.audited(
        async (tx) => {
          const [row] = await tx
            .insert(complianceCases)
            .values({ title: input.title, createdBy: staffId, assignedTo: input.assignedTo ?? null, createdAt: now(), updatedAt: now() })
            .returning();
          const alerts = await attachAlerts(tx, row!.id, input.alertIds);
          return { row: row!, alerts };
        },
        ({ row, alerts }) => ({
          staffId,
          action: 'compliance.case_opened',
          subject: `case:${row.id}`,
          playerId: alerts[0]?.playerId ?? null,
          after: { title: row.title, alert_ids: alerts.map((a) => a.id), assigned_to: row.assignedTo },
        }),
      );
      return toCase(created!.row);
    },

    async addAlerts(caseId: number, alertIds: number[], staffId: number) {
      await change(staffId, caseId, 'compliance.case_alerts_added', async (tx, row) => {
        open(row);
        const alerts = await attachAlerts(tx, caseId, alertIds);
        await touch(tx, caseId, {});
        return { playerId: alerts[0]?.playerId ?? null, before: {}, after: { alert_ids: alerts.map((a) => a.id) } };
      });
    },

    async assign(caseId: number, assignee: number | null, staffId: number) {
      await change(staffId, caseId, 'compliance.case_assigned', async (tx, row) => {
        open(row);
        await touch(tx, caseId, { assignedTo: assignee });
        return { playerId: await playerOf(tx, caseId), before: { assigned_to: row.assignedTo }, after: { assigned_to: assignee } };
      });
    },

    async moveTo(caseId: number, state: CaseState, staffId: number) {
      await change(staffId, caseId, 'compliance.case_state', async (tx, row) => {
        open(row);
        if (!NEXT[row.state as CaseState].includes(state)) throw new Problem(409, `A case that is ${row.state} cannot move to ${state}.`);
        await touch(tx, caseId, { state });
        return { playerId: await playerOf(tx, caseId), before: { state: row.state }, after: { state } };
      });
    },

    async note(caseId: number, input: { body: string; file?: { name: string; contentType: string; data: Buffer } }, staffId: number) {
      await change(staffId, caseId, input.file ? 'compliance.case_attachment' : 'compliance.case_note', async (tx, row) => {
        open(row);
        const sha256 = input.file ? createHash('sha256').update(input.file.data).digest('hex') : null;
        const [note] = await tx
          .insert(complianceCaseNotes)
          .values({
            caseId,
            staffId,
            body: input.body,
            fileName: input.file?.name ?? null,
            contentType: input.file?.contentType ?? null,
            fileData: input.file ? input.file.data.toString('base64') : null,
            fileSha256: sha256,
            createdAt: now(),
          })
          .returning({ id: complianceCaseNotes.id });
        await touch(tx, caseId, {});
        return { playerId: await playerOf(tx, caseId), before: {}, after: { note_id: note!.id, ...(sha256 ? { file_sha256: sha256 } : {}) } };
      });
    },

    async attachment(caseId: number, noteId: number) {
      const [note] = await db
        .select()
        .from(complianceCaseNotes)
        .where(and(eq(complianceCaseNotes.id, noteId), eq(complianceCaseNotes.caseId, caseId)));
      if (!note?.fileName) return null;
      return { name: note.fileName, contentType: note.contentType!, data: Buffer.from(note.fileData!, 'base64') };
    },

    /**
     * Closes the case with its outcome, or, for "report filed", asks for a second pair of eyes: the case stays as it
     * is (202) until another member confirms. Answers whether it is closed now.
     */
    async close(caseId: number, input: { outcome: CaseOutcome; note: string }, staffId: number): Promise<{ closed: boolean }> {
      return change(staffId, caseId, input.outcome === 'report_filed' ? 'compliance.case_close_requested' : 'compliance.case_closed', async (tx, row) => {
        open(row);
        const playerId = await playerOf(tx, caseId);
        if (input.outcome === 'report_filed') {
          if (row.closeRequestedBy !== null) throw new Problem(409, 'Closing this case already waits for a confirmation.');
          await touch(tx, caseId, { closeRequestedBy: staffId, closeRequestedOutcome: input.outcome, closeRequestedNote: input.note });
          return { closed: false, playerId, before: { state: row.state }, after: { close_requested_outcome: input.outcome, note: input.note } };
        }
        await closeNow(tx, row, staffId, input.outcome, input.note);
        return { closed: true, playerId, before: { state: row.state }, after: { state: 'closed', outcome: input.outcome, note: input.note } };
      }).then(({ closed }) => ({ closed }));
    },

    /** The second member's confirmation of a "report filed" close (not the member who asked: 403 four_eyes). */
    async confirmClose(caseId: number, staffId: number) {
      await change(staffId, caseId, 'compliance.case_closed', async (tx, row) => {
        open(row);
        if (row.closeRequestedBy === null) throw new Problem(409, 'Nobody asked to close this case.');
        if (row.closeRequestedBy === staffId) throw new Problem(403, OWN_CONFIRMATION_MESSAGE, { type: 'four_eyes' });
        await closeNow(tx, row, staffId, row.closeRequestedOutcome as CaseOutcome, row.closeRequestedNote ?? '');
        return {
          playerId: await playerOf(tx, caseId),
          before: { state: row.state, close_requested_by: row.closeRequestedBy },
          after: { state: 'closed', outcome: row.closeRequestedOutcome, confirmed_by: staffId },
        };
      });
    },

    /** Withdraws a pending "report filed" close (anyone with the permission; no second pair of eyes needed). */
    async cancelClose(caseId: number, staffId: number) {
      await change(staffId, caseId, 'compliance.case_close_withdrawn', async (tx, row) => {
        open(row);
        if (row.closeRequestedBy === null) throw new Problem(409, 'Nobody asked to close this case.');
        await touch(tx, caseId, { closeRequestedBy: null, closeRequestedOutcome: null, closeRequestedNote: null });
        return { playerId: await playerOf(tx, caseId), before: { close_requested_by: row.closeRequestedBy }, after: { close_requested_by: null } };
      });
    },
  };
}
