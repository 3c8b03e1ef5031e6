import { and, asc, eq, gte, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ExportRange, type ExportRow, iso } from '../shared/export-rows.ts';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from './schema.ts';

// The ledger's rows for the regulator's export (docs/decisions/0117): every entry on a player's account in the
// period, with its journal (type, reference, time); the house's side of each journal is left out.

export function ledgerExportRows(db: Database) {
  return async function transactions({ from, to }: ExportRange): Promise<ExportRow[]> {
    const rows = await db
      .select({
        journalId: ledgerJournals.id,
        type: ledgerJournals.type,
        referenceId: ledgerJournals.referenceId,
        createdAt: ledgerJournals.createdAt,
        playerId: ledgerAccounts.playerId,
        kind: ledgerAccounts.kind,
        currency: ledgerAccounts.currency,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(gte(ledgerJournals.createdAt, from), lt(ledgerJournals.createdAt, to), isNotNull(ledgerAccounts.playerId)))
      .orderBy(asc(ledgerJournals.id), asc(ledgerEntries.position));
    return rows.map((row) => ({
      journal_id: row.journalId,
      at: iso(row.createdAt),
      player_id: row.playerId,
      type: row.type,
      reference: row.referenceId,
      account: row.kind,
      currency: row.currency,
      amount: row.amount,
      balance_after: row.balanceAfter,
    }));
  };
}
