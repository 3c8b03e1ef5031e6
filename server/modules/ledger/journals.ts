import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { IdempotencyConflict, InsufficientFunds, type Journal, type JournalType, LedgerValidationError, type TransferResult } from './model.ts';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from './schema.ts';

// Reading back what a transfer wrote or why it was refused: a journal with its entries (a replay answers the first
// result), and the explanation of a refused transfer.

export type Executor = Pick<Database, 'select' | 'execute'>;

/** A journal with its entries in order and the hash of the request that made it; null when there is none. */
export async function loadJournal(executor: Executor, where: SQL): Promise<(Journal & { requestHash: string }) | null> {
  const [row] = await executor.select().from(ledgerJournals).where(where);
  if (!row) return null;
  const entries = await executor
    .select({ accountId: ledgerEntries.accountId, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.journalId, row.id))
    .orderBy(asc(ledgerEntries.position));
  return {
    id: row.id,
    type: row.type as JournalType,
    idempotencyKey: row.idempotencyKey,
    referenceId: row.referenceId,
    metadata: row.metadata,
    createdAt: row.createdAt,
    entries,
    requestHash: row.requestHash,
  };
}

/** The journal under a key as the replay of a request with `hash`; IdempotencyConflict for another request. */
export function asReplay(existing: Journal & { requestHash: string }, hash: string): TransferResult {
  if (existing.requestHash !== hash) throw new IdempotencyConflict(existing.idempotencyKey);
  const { requestHash: _hash, ...journal } = existing;
  return { ...journal, replayed: true };
}

/** The replay of the journal under `key`, which the statement found taken. */
export async function replayOf(executor: Executor, key: string, hash: string): Promise<TransferResult> {
  const existing = await loadJournal(executor, eq(ledgerJournals.idempotencyKey, key));
  if (!existing) throw new Error('Idempotency key conflicted but its journal is not visible');
  return asReplay(existing, hash);
}

/**
 * Explains a refused transfer after the fact (the statement was undone): an unknown account, mixed currencies,
 * or the player account it would overdraw. Balances may have moved since; the first player account the transfer
 * debits is named then.
 */
export async function explainRefusal(db: Executor, net: Map<number, number>): Promise<Error> {
  const ids = [...net.keys()].sort((a, b) => a - b);
  const found = await db
    .select({ id: ledgerAccounts.id, ownerType: ledgerAccounts.ownerType, currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids));
  const byId = new Map(found.map((row) => [row.id, row]));
  const unknown = ids.find((id) => !byId.has(id));
  if (unknown !== undefined) return new LedgerValidationError(`Unknown ledger account ${unknown}`);
  const currencies = new Set(found.map((row) => row.currency));
  if (currencies.size !== 1) return new LedgerValidationError(`All accounts of a transfer must share one currency, got ${[...currencies].sort().join(', ')}`);
  const debited = ids.filter((id) => byId.get(id)!.ownerType === 'player' && net.get(id)! < 0);
  const overdrawn = debited.find((id) => byId.get(id)!.balance + net.get(id)! < 0) ?? debited[0] ?? ids[0]!;
  return new InsufficientFunds(overdrawn);
}
