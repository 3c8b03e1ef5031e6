import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminPlayer, KycStatus, Player } from '../../../contract/accounts.ts';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_TYPE_LABELS,
  isDoubleSided,
  type AdminVerificationDocument,
  type DocumentKind,
  type DocumentSide,
  type DocumentStatus,
  type IdentityDocumentType,
  type Verification,
  type VerificationDocument,
} from '../../../contract/verification.ts';
import type { Database, DbExecutor, Transaction } from '../../db/client.ts';
import type { PlayerEvents } from '../../notify/player-events.ts';
import type { Templates } from '../../notify/templates.ts';
import { invalid, Problem } from '../../problem.ts';
import type { OutboxService } from '../outbox/service.ts';
import type { SecretBox } from '../../secret-box.ts';
import { checkDocument } from './file-check.ts';
import type { NoticesService } from '../notices/service.ts';
import { cleanFileName } from './file-name.ts';
import { reviewNotice } from './review-notice.ts';
import { verificationAddressChanges, verificationDocuments } from './schema.ts';
import { countingAfterMove, type DocumentFacts, missingDocuments, nextStatus, statusFromDocuments } from './status.ts';
import type { DocumentStore } from './storage.ts';

// Identity verification (issue 15; docs/decisions/0060-0064): players upload documents, operators review them, and
// the one KYC status (the players' kyc_status, written only here) follows. Files are sealed before they are stored.

export type VerificationService = ReturnType<typeof createVerificationService>;

export type VerificationDependencies = {
  db: Database;
  accounts: {
    kycStatusOf(playerId: number): Promise<KycStatus | null>;
    setKycStatus(playerId: number, status: KycStatus, within?: DbExecutor): Promise<AdminPlayer | null>;
    playerProfile(playerId: number): Promise<Player>;
  };
  messages: { send(input: { playerId: number; subject: string; body: string; sentBy: number | null }): Promise<unknown> };
  /** The money and account notices: a review is told once, when it is done (decision 0119). */
  notices: Pick<NoticesService, 'tell' | 'lastAt'>;
  outbox: Pick<OutboxService, 'enqueue' | 'wake'>;
  templates: Pick<Templates, 'verificationMail'>;
  events: Pick<PlayerEvents, 'publish'>;
  store: DocumentStore;
  cipher: SecretBox;
  /** Files of documents older than this may be erased by an operator (KYC_RETENTION_DAYS). */
  retentionDays: number;
  logger?: FastifyBaseLogger;
  now?: () => Date;
};

export type Upload = { kind: DocumentKind; documentType?: IdentityDocumentType; side?: DocumentSide; fileName?: string; bytes: Buffer };
export type DocumentFile = { bytes: Buffer; contentType: string; fileName: string };

type Row = typeof verificationDocuments.$inferSelect;

const toFacts = (row: Row): DocumentFacts => ({
  kind: row.kind as DocumentKind,
  documentType: row.documentType as IdentityDocumentType | null,
  side: row.side as DocumentSide,
  status: row.status as DocumentStatus,
  uploadedAt: row.uploadedAt,
});

const toDocument = (row: Row): VerificationDocument => ({
  id: row.id,
  kind: row.kind as DocumentKind,
  document_type: row.documentType as IdentityDocumentType | null,
  side: row.side as DocumentSide,
  status: row.status as DocumentStatus,
  reason: row.reason,
  // Cleaned on the way out too: rows stored before the name rule may hold bidirectional controls.
  file_name: cleanFileName(row.fileName, row.contentType),
  content_type: row.contentType,
  size: row.size,
  uploaded_at: row.uploadedAt.toISOString(),
});

/** The document in words: "Identity card (back)", "Proof of address". */
export const describeDocument = (row: Pick<Row, 'kind' | 'documentType' | 'side'>) => {
  if (row.kind !== 'identity' || !row.documentType) return DOCUMENT_KIND_LABELS[row.kind as DocumentKind];
  const type = row.documentType as IdentityDocumentType;
  return isDoubleSided(type) ? `${DOCUMENT_TYPE_LABELS[type]} (${row.side})` : DOCUMENT_TYPE_LABELS[type];
};

/** The fields' own rules beyond their schema: identity needs its type; only a two-sided identity document has a back. */
function uploadProblems(upload: Upload) {
  if (upload.kind === 'identity' && !upload.documentType) return invalid({ document_type: ['Please choose which document you are uploading.'] });
  if (upload.kind !== 'identity' && upload.documentType) return invalid({ document_type: ['The document type is only for a photo ID.'] });
  if (upload.side === 'back' && !(upload.kind === 'identity' && isDoubleSided(upload.documentType))) {
    return invalid({ side: ['This document has only one side: please upload its front.'] });
  }
  return undefined;
}

/** The profile fields whose change is a move: proofs of the old address no longer count. */
const ADDRESS_FIELDS: ReadonlySet<string> = new Set(['country', 'city', 'address1', 'postcode']);

export function createVerificationService({
  db,
  accounts,
  notices,
  events,
  store,
  cipher,
  retentionDays,
  logger,
  now = () => new Date(),
}: VerificationDependencies) {
  const rowsOf = (playerId: number) =>
    db.select().from(verificationDocuments).where(eq(verificationDocuments.playerId, playerId)).orderBy(asc(verificationDocuments.uploadedAt));

  /** When the player last moved after being verified (null: never); older proofs of address no longer count. */
  async function movedAt(playerId: number): Promise<Date | null> {
    const [row] = await db.select().from(verificationAddressChanges).where(eq(verificationAddressChanges.playerId, playerId));
    return row?.changedAt ?? null;
  }

  async function view(playerId: number): Promise<Verification> {
    const [rows, stored, moved] = await Promise.all([rowsOf(playerId), accounts.kycStatusOf(playerId), movedAt(playerId)]);
    const status = stored ?? 'unverified';
    const facts = countingAfterMove(rows.map(toFacts), moved);
    return { status, documents: rows.map(toDocument).reverse(), required: missingDocuments(status, facts) };
  }

  /** Brings the stored status in line with the documents; answers the verification as it now stands. */
  async function settle(playerId: number): Promise<Verification> {
    const [rows, stored, moved] = await Promise.all([rowsOf(playerId), accounts.kycStatusOf(playerId), movedAt(playerId)]);
    const current = stored ?? 'unverified';
    const facts = countingAfterMove(rows.map(toFacts), moved);
    const status = nextStatus(current, facts);
    if (status !== current) await accounts.setKycStatus(playerId, status);
    return { status, documents: rows.map(toDocument).reverse(), required: missingDocuments(status, facts) };
  }

  async function readFile(row: Row): Promise<DocumentFile> {
    if (!row.storageKey) throw new Problem(410, 'This document was erased after its retention period.');
    const sealed = await store.get(row.storageKey);
    if (!sealed) throw new Problem(404, 'No document with that id.');
    return { bytes: cipher.open(sealed, row.storageKey), contentType: row.contentType, fileName: cleanFileName(row.fileName, row.contentType) };
  }

  async function findRow(id: string, playerId?: number): Promise<Row> {
    const [row] = await db
      .select()
      .from(verificationDocuments)
      .where(and(eq(verificationDocuments.id, id), playerId === undefined ? undefined : eq(verificationDocuments.playerId, playerId)));
    if (!row) throw new Problem(404, 'No document with that id.');
    return row;
  }

  /**
   * After a review: the live page update at once; the inbox message and the e-mail once the review is done (no
   * document of the player's is left waiting), one for all its decisions (decision 0119). Best effort once stored.
   */
  async function tellPlayer(row: Row, verification: Verification) {
    events.publish(row.playerId, 'VerificationUpdated', { verification });
    try {
      const rows = await rowsOf(row.playerId);
      if (rows.some((other) => other.status === 'pending')) return;
      const since = await notices.lastAt(row.playerId, 'kyc_reviewed');
      const decided = rows.filter(
        (other) => other.reviewedAt && (other.status === 'approved' || other.status === 'rejected') && (!since || other.reviewedAt >= since),
      );
      const told = (decided.some((other) => other.id === row.id) ? decided : [...decided, row]).map((other) => ({
        what: describeDocument(other),
        status: other.status as 'approved' | 'rejected',
        reason: other.reason,
      }));
      await notices.tell(reviewNotice(row.playerId, row.id, told, verification));
    } catch (error) {
      logger?.warn({ err: error, document: row.id }, 'verification notice failed');
    }
  }

  /**
   * A reviewer's decision on a pending document. `record` (the audit row) runs in the decision's transaction, so
   * the decision and its record commit together; the player's status is then derived from all their documents.
   */
  async function review(
    id: string,
    operatorId: number,
    decision: { status: 'approved' } | { status: 'rejected'; reason: string },
    record?: (tx: Transaction) => Promise<void>,
  ) {
    const row = await db.transaction(async (tx) => {
      const [decided] = await tx
        .update(verificationDocuments)
        .set({ status: decision.status, reason: decision.status === 'rejected' ? decision.reason : null, reviewedAt: now(), reviewedBy: operatorId })
        .where(and(eq(verificationDocuments.id, id), eq(verificationDocuments.status, 'pending')))
        .returning();
      if (decided && record) await record(tx);
      return decided;
    });
    if (!row) {
      await findRow(id);
      throw new Problem(409, 'This document was already reviewed.');
    }
    const verification = await settle(row.playerId);
    await tellPlayer(row, verification);
    return { document: toDocument(row), verification };
  }

  /**
   * A verified player changed their country or address (accounts' profile change, docs/decisions/0121): their
   * proofs of address no longer count, so the status falls to what the rest of the documents say and a proof of
   * the new address is asked for. A player not verified is left alone: their next proof is checked as usual.
   */
  async function addressChanged(playerId: number): Promise<Verification> {
    if ((await accounts.kycStatusOf(playerId)) !== 'verified') return view(playerId);
    const at = now();
    await db
      .insert(verificationAddressChanges)
      .values({ playerId, changedAt: at })
      .onConflictDoUpdate({ target: verificationAddressChanges.playerId, set: { changedAt: at } });
    const rows = await rowsOf(playerId);
    await accounts.setKycStatus(playerId, statusFromDocuments(countingAfterMove(rows.map(toFacts), at)));
    return view(playerId);
  }

  return {
    view,

    /** The one KYC status (what the withdrawal gate asks). */
    statusOf: (playerId: number): Promise<KycStatus | null> => accounts.kycStatusOf(playerId),

    /** POST /api/player/verification/documents: checks and seals the file, replaces a pending one of the same side. */
    async upload(playerId: number, upload: Upload): Promise<{ document: VerificationDocument; verification: Verification }> {
      const problem = uploadProblems(upload);
      if (problem) throw problem;
      const checked = await checkDocument(upload.bytes);
      if ('refused' in checked) throw checked.status === 413 ? new Problem(413, checked.refused) : invalid({ file: [checked.refused] });
      const id = randomUUID();
      const side = upload.side ?? 'front';
      await store.put(id, cipher.seal(checked.bytes, id));
      // The file is stored first; if its row cannot be written, the file goes again so nothing is left without a row.
      const replaced = await db
        .transaction(async (tx) => {
          const gone = await tx
            .delete(verificationDocuments)
            .where(
              and(
                eq(verificationDocuments.playerId, playerId),
                eq(verificationDocuments.kind, upload.kind),
                eq(verificationDocuments.side, side),
                eq(verificationDocuments.status, 'pending'),
              ),
            )
            .returning({ storageKey: verificationDocuments.storageKey });
          await tx.insert(verificationDocuments).values({
            id,
            playerId,
            kind: upload.kind,
            documentType: upload.kind === 'identity' ? (upload.documentType ?? null) : null,
            side,
            fileName: cleanFileName(upload.fileName, checked.contentType),
            contentType: checked.contentType,
            size: checked.bytes.length,
            sha256: createHash('sha256').update(checked.bytes).digest('hex'),
            storageKey: id,
            uploadedAt: now(),
          });
          return gone;
        })
        .catch(async (error: unknown) => {
          await store.delete(id).catch(() => undefined);
          throw error;
        });
      for (const { storageKey } of replaced)
        if (storageKey) await store.delete(storageKey).catch((error: unknown) => logger?.warn({ err: error }, 'replaced document file not deleted'));
      const verification = await settle(playerId);
      const document = verification.documents.find((item) => item.id === id)!;
      events.publish(playerId, 'VerificationUpdated', { verification });
      return { document, verification };
    },

    /** A player's own file; another player's is as unknown as a missing one (404). */
    async playerFile(playerId: number, id: string): Promise<DocumentFile> {
      return readFile(await findRow(id, playerId));
    },

    /** The operators' queue, oldest first, with what each player told us about themselves to compare. */
    async queue(
      { status, playerId }: { status?: DocumentStatus | undefined; playerId?: number | undefined } = {},
      limit = 200,
    ): Promise<AdminVerificationDocument[]> {
      const rows = await db
        .select()
        .from(verificationDocuments)
        .where(
          and(status ? eq(verificationDocuments.status, status) : undefined, playerId === undefined ? undefined : eq(verificationDocuments.playerId, playerId)),
        )
        .orderBy(asc(verificationDocuments.uploadedAt))
        .limit(limit);
      const profiles = new Map<number, Player>();
      for (const playerId of new Set(rows.map((row) => row.playerId))) profiles.set(playerId, await accounts.playerProfile(playerId));
      return rows.map((row) => {
        const p = profiles.get(row.playerId)!;
        return {
          ...toDocument(row),
          reviewed_at: row.reviewedAt?.toISOString() ?? null,
          reviewed_by: row.reviewedBy === null ? null : String(row.reviewedBy),
          player: {
            id: p.id,
            email: p.email,
            name: p.name,
            surname: p.surname,
            birthdate: p.birthdate,
            country: p.country,
            city: p.city,
            address1: p.address1,
            postcode: p.postcode,
          },
        };
      });
    },

    /** The decrypted file for an operator's review. */
    operatorFile: async (id: string): Promise<DocumentFile> => readFile(await findRow(id)),

    approve: (id: string, operatorId: number, record?: (tx: Transaction) => Promise<void>) => review(id, operatorId, { status: 'approved' }, record),
    reject: (id: string, operatorId: number, reason: string, record?: (tx: Transaction) => Promise<void>) =>
      review(id, operatorId, { status: 'rejected', reason }, record),

    addressChanged,

    /** The accounts' ProfileChanged: a change of country or address is a move (addressChanged). */
    async profileChanged({ playerId, fields }: { playerId: number; fields: string[] }): Promise<void> {
      if (fields.some((field) => ADDRESS_FIELDS.has(field))) await addressChanged(playerId);
    },

    /** An operator sets the status directly (POST /api/admin/players/{id}/kyc); the route records who and why. */
    async override(playerId: number, status: KycStatus, within?: DbExecutor): Promise<AdminPlayer | null> {
      const player = await accounts.setKycStatus(playerId, status, within);
      // Inside the caller's transaction the caller announces once it committed.
      if (player && !within) events.publish(playerId, 'VerificationUpdated', { verification: await view(playerId) });
      return player;
    },

    /** Tells the player's pages their verification changed (VerificationUpdated). */
    async announce(playerId: number): Promise<void> {
      events.publish(playerId, 'VerificationUpdated', { verification: await view(playerId) });
    },

    /**
     * Erases the files of a player's documents reviewed (or uploaded) more than the retention period ago; the rows
     * stay, without a file, as the record that they existed and how they were decided. Answers how many went.
     */
    async eraseExpired(playerId: number): Promise<number> {
      const cutoff = new Date(now().getTime() - retentionDays * 86_400_000);
      const rows = await db
        .select()
        .from(verificationDocuments)
        .where(
          and(
            eq(verificationDocuments.playerId, playerId),
            isNull(verificationDocuments.erasedAt),
            or(lt(verificationDocuments.reviewedAt, cutoff), and(isNull(verificationDocuments.reviewedAt), lt(verificationDocuments.uploadedAt, cutoff))),
          ),
        );
      for (const row of rows) if (row.storageKey) await store.delete(row.storageKey);
      if (rows.length > 0) {
        await db
          .update(verificationDocuments)
          .set({ storageKey: null, erasedAt: now() })
          .where(
            inArray(
              verificationDocuments.id,
              rows.map((row) => row.id),
            ),
          );
      }
      return rows.length;
    },
  };
}
