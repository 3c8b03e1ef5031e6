import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { players } from '../accounts/schema.ts';

/**
 * Identity documents a player uploaded (docs/decisions/0060-identity-documents.md). Metadata only: the file itself
 * is encrypted (AES-256-GCM) in the document store under `storage_key`; `sha256` is of the stored plaintext (after
 * images were re-encoded). A document the player replaced before review is deleted with its file; reviewed ones stay.
 */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    kind: text('kind').notNull(),
    documentType: text('document_type'),
    side: text('side').notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    /** Set when the file was erased after the retention period; the row stays as the record that it existed. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (table) => [
    index('verification_documents_player').on(table.playerId, table.uploadedAt),
    index('verification_documents_review').on(table.status, table.uploadedAt),
    check('verification_documents_kind', sql`${table.kind} in ('identity', 'address', 'payment', 'selfie')`),
    check('verification_documents_side', sql`${table.side} in ('front', 'back')`),
    check('verification_documents_status', sql`${table.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * When a verified player last changed their country or address (docs/decisions/0121): proofs of address uploaded
 * before it no longer count, so the player is asked for a proof of the new address.
 */
export const verificationAddressChanges = pgTable('verification_address_changes', {
  playerId: bigint('player_id', { mode: 'number' })
    .primaryKey()
    .references(() => players.id),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});
