import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from './schema.ts';

// The money ledger (DESIGN.md "Money is a double-entry ledger"; docs/decisions/0020-ledger.md).
// Amounts are integer minor units held in JS numbers, refused beyond Number.MAX_SAFE_INTEGER.

export const PLAYER_ACCOUNT_KINDS = ['cash', 'bonus', 'withdrawal_hold'] as const;
export const HOUSE_ACCOUNT_KINDS = ['payment_clearing', 'game', 'bonus_cost'] as const;
export const JOURNAL_TYPES = ['deposit', 'withdrawal', 'bet', 'win', 'bonus', 'adjustment', 'withdrawal_hold', 'withdrawal_release'] as const;

export type PlayerAccountKind = (typeof PLAYER_ACCOUNT_KINDS)[number];
export type HouseAccountKind = (typeof HOUSE_ACCOUNT_KINDS)[number];
export type JournalType = (typeof JOURNAL_TYPES)[number];

export type LedgerAccount = {
  id: number;
  ownerType: 'player' | 'house';
  playerId: number | null;
  kind: PlayerAccountKind | HouseAccountKind;
  currency: string;
  balance: number;
};

export type TransferEntry = { accountId: number; amount: number };

export type TransferRequest = {
  idempotencyKey: string;
  type: JournalType;
  referenceId?: string | null;
  metadata?: Record<string, unknown>;
  entries: TransferEntry[];
};

export type Journal = {
  id: number;
  type: JournalType;
  idempotencyKey: string;
  referenceId: string | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
  entries: TransferEntry[];
};

/** A transfer's result; `replayed` is true when the key was already used with the same body and nothing moved now. */
export type TransferResult = Journal & { replayed: boolean };

/** The request is malformed (amounts, entries, currencies, accounts): a 400 later. */
export class LedgerValidationError extends Error {
  override name = 'LedgerValidationError';
}

/** A player account would go below zero; nothing moved. */
export class InsufficientFunds extends Error {
  override name = 'InsufficientFunds';
  readonly accountId: number;
  constructor(accountId: number) {
    super(`Insufficient funds in ledger account ${accountId}`);
    this.accountId = accountId;
  }
}

/** The idempotency key was used before with a different request: a 409/422 later. */
export class IdempotencyConflict extends Error {
  override name = 'IdempotencyConflict';
  readonly idempotencyKey: string;
  constructor(idempotencyKey: string) {
    super(`Idempotency key ${JSON.stringify(idempotencyKey)} was already used with a different request`);
    this.idempotencyKey = idempotencyKey;
  }
}

const MAX_KEY_LENGTH = 200;

/** Stable hash of what a transfer does: type, reference and entries in the order given. Metadata is informational and not part of it. */
export function requestHash(request: Pick<TransferRequest, 'type' | 'referenceId' | 'entries'>): string {
  const canonical = JSON.stringify([request.type, request.referenceId ?? null, request.entries.map((e) => [e.accountId, e.amount])]);
  return createHash('sha256').update(canonical).digest('hex');
}

function validate(request: TransferRequest): void {
  const { idempotencyKey, type, entries } = request;
  if (typeof idempotencyKey !== 'string' || idempotencyKey.length === 0 || idempotencyKey.length > MAX_KEY_LENGTH) {
    throw new LedgerValidationError(`idempotencyKey must be a string of 1 to ${MAX_KEY_LENGTH} characters`);
  }
  if (!(JOURNAL_TYPES as readonly string[]).includes(type)) throw new LedgerValidationError(`Unknown journal type ${JSON.stringify(type)}`);
  if (!Array.isArray(entries) || entries.length < 2) throw new LedgerValidationError('A transfer needs at least two entries');
  let sum = 0;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.accountId) || entry.accountId <= 0) throw new LedgerValidationError(`Invalid account id ${String(entry.accountId)}`);
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
      throw new LedgerValidationError(`Amounts must be non-zero integers of minor units within ±${Number.MAX_SAFE_INTEGER}, got ${String(entry.amount)}`);
    }
    sum += entry.amount;
    // Partial sums of safe integers stay exact while they stay safe.
    if (!Number.isSafeInteger(sum)) throw new LedgerValidationError('Entry amounts overflow');
  }
  if (sum !== 0) throw new LedgerValidationError(`Entries must sum to zero, they sum to ${sum}`);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

type Executor = Pick<Database, 'select' | 'execute'>;

export type LedgerService = ReturnType<typeof createLedgerService>;

export function createLedgerService({ db }: { db: Database }) {
  const accountColumns = {
    id: ledgerAccounts.id,
    ownerType: ledgerAccounts.ownerType,
    playerId: ledgerAccounts.playerId,
    kind: ledgerAccounts.kind,
    currency: ledgerAccounts.currency,
    balance: ledgerAccounts.balance,
  };
  const toAccount = (row: { ownerType: string; kind: string } & Omit<LedgerAccount, 'ownerType' | 'kind'>): LedgerAccount => ({
    ...row,
    ownerType: row.ownerType as LedgerAccount['ownerType'],
    kind: row.kind as LedgerAccount['kind'],
  });

  function checkCurrency(currency: string): void {
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) throw new LedgerValidationError(`Currency must be an ISO 4217 code, got ${JSON.stringify(currency)}`);
  }

  async function loadJournal(executor: Executor, where: SQL): Promise<(Journal & { requestHash: string }) | null> {
    const [row] = await executor.select().from(ledgerJournals).where(where);
    if (!row) return null;
    const entries = await executor
      .select({ accountId: ledgerEntries.accountId, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.journalId, row.id))
      .orderBy(asc(ledgerEntries.id));
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

  function asReplay(existing: Journal & { requestHash: string }, hash: string): TransferResult {
    if (existing.requestHash !== hash) throw new IdempotencyConflict(existing.idempotencyKey);
    const { requestHash: _hash, ...journal } = existing;
    return { ...journal, replayed: true };
  }

  /** Explains why the conditional update skipped an account: unknown account, or a player account it would overdraw. */
  async function refusal(executor: Executor, net: Map<number, number>, updated: Set<number>): Promise<Error> {
    const missing = [...net.keys()].filter((id) => !updated.has(id));
    const found = await executor.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(inArray(ledgerAccounts.id, missing));
    const known = new Set(found.map((r) => r.id));
    const unknown = missing.find((id) => !known.has(id));
    if (unknown !== undefined) return new LedgerValidationError(`Unknown ledger account ${unknown}`);
    return new InsufficientFunds(missing[0]!);
  }

  return {
    /** The player's cash, bonus and withdrawal_hold accounts in `currency`, created on first use. */
    async ensurePlayerAccounts(playerId: number, currency: string): Promise<Record<PlayerAccountKind, LedgerAccount>> {
      checkCurrency(currency);
      const where = and(eq(ledgerAccounts.ownerType, 'player'), eq(ledgerAccounts.playerId, playerId), eq(ledgerAccounts.currency, currency));
      let rows = await db.select(accountColumns).from(ledgerAccounts).where(where);
      if (rows.length < PLAYER_ACCOUNT_KINDS.length) {
        await db
          .insert(ledgerAccounts)
          .values(PLAYER_ACCOUNT_KINDS.map((kind) => ({ ownerType: 'player', playerId, kind, currency })))
          .onConflictDoNothing();
        rows = await db.select(accountColumns).from(ledgerAccounts).where(where);
      }
      const byKind = Object.fromEntries(rows.map((row) => [row.kind, toAccount(row)]));
      return byKind as Record<PlayerAccountKind, LedgerAccount>;
    },

    /** The house account of `kind` in `currency`, created on first use. */
    async houseAccount(kind: HouseAccountKind, currency: string): Promise<LedgerAccount> {
      checkCurrency(currency);
      if (!(HOUSE_ACCOUNT_KINDS as readonly string[]).includes(kind)) throw new LedgerValidationError(`Unknown house account kind ${JSON.stringify(kind)}`);
      const where = and(eq(ledgerAccounts.ownerType, 'house'), eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.currency, currency));
      const [existing] = await db.select(accountColumns).from(ledgerAccounts).where(where);
      if (existing) return toAccount(existing);
      await db.insert(ledgerAccounts).values({ ownerType: 'house', kind, currency }).onConflictDoNothing();
      const [row] = await db.select(accountColumns).from(ledgerAccounts).where(where);
      return toAccount(row!);
    },

    /**
     * Moves money: one journal and its entries, and the cached balances, in one transaction. A replay of the same
     * key and body returns the first result and moves nothing; the same key with another body throws
     * IdempotencyConflict. A refused transfer (InsufficientFunds, validation) records nothing, so its key stays free.
     */
    async transfer(request: TransferRequest): Promise<TransferResult> {
      validate(request);
      const hash = requestHash(request);
      const net = new Map<number, number>();
      for (const { accountId, amount } of request.entries) net.set(accountId, (net.get(accountId) ?? 0) + amount);
      for (const [id, amount] of net) {
        if (!Number.isSafeInteger(amount)) throw new LedgerValidationError('Entry amounts overflow');
        if (amount === 0) net.delete(id);
      }
      if (net.size < 2) throw new LedgerValidationError('A transfer must move money between at least two accounts');
      // A consistent lock order (ascending id) so two transfers over the same accounts cannot deadlock.
      const ordered = [...net.entries()].sort((a, b) => a[0] - b[0]);

      try {
        return await db.transaction(async (tx) => {
          // One statement: claim the key, lock the accounts in id order, apply every net change as a conditional
          // update (a player account only changes when it stays >= 0), and insert the entries only when every
          // account was updated and all share one currency; otherwise we throw below and the transaction rolls
          // back. The key is claimed with ON CONFLICT DO NOTHING: a concurrent holder of the same key makes it
          // wait for that transaction to commit (then nothing happens here and we return its result) or roll
          // back (then we go on).
          const values = sql.join(
            ordered.map(([id, amount]) => sql`(${id}::bigint, ${amount}::bigint)`),
            sql`, `,
          );
          const ids = sql.join(
            ordered.map(([id]) => sql`${id}::bigint`),
            sql`, `,
          );
          const entryValues = sql.join(
            request.entries.map((e, i) => sql`(${i}::int, ${e.accountId}::bigint, ${e.amount}::bigint)`),
            sql`, `,
          );
          const referenceId = request.referenceId ?? null;
          const metadata = request.metadata ?? {};
          const [outcome] = rowsOf<{
            journal_id: number | string | null;
            created_at: Date | string | null;
            updated: { id: number | string; currency: string }[] | null;
            inserted: number | string;
          }>(
            await tx.execute(sql`
              with journal as (
                insert into ledger_journals (type, idempotency_key, request_hash, reference_id, metadata)
                values (${request.type}, ${request.idempotencyKey}, ${hash}, ${referenceId}, ${JSON.stringify(metadata)}::jsonb)
                on conflict (idempotency_key) do nothing
                returning id, created_at
              ), locked as (
                select id from ledger_accounts where id in (${ids}) and exists (select 1 from journal) order by id for update
              ), changes (id, amount) as (values ${values}),
              updated as (
                update ledger_accounts a set balance = a.balance + c.amount
                from changes c, locked l
                where a.id = c.id and l.id = c.id and (a.owner_type = 'house' or a.balance + c.amount >= 0)
                returning a.id, a.currency
              ), inserted as (
                insert into ledger_entries (journal_id, account_id, amount)
                select (select id from journal), e.account_id, e.amount from (values ${entryValues}) e (ord, account_id, amount)
                where exists (select 1 from journal) and (select count(*) from updated) = ${ordered.length}
                  and (select count(distinct currency) from updated) = 1
                order by e.ord
                returning 1
              )
              select (select id from journal) as journal_id, (select created_at from journal) as created_at,
                (select json_agg(json_build_object('id', id, 'currency', currency)) from updated) as updated,
                (select count(*) from inserted) as inserted`),
          );
          if (outcome?.journal_id == null) {
            const existing = await loadJournal(tx, eq(ledgerJournals.idempotencyKey, request.idempotencyKey));
            if (!existing) throw new Error('Idempotency key conflicted but its journal is not visible');
            return asReplay(existing, hash);
          }
          const updated = outcome?.updated ?? [];
          const updatedIds = new Set(updated.map((r) => Number(r.id)));
          if (updatedIds.size !== ordered.length) throw await refusal(tx, net, updatedIds);
          const currencies = new Set(updated.map((r) => r.currency));
          if (currencies.size !== 1) throw new LedgerValidationError(`All accounts of a transfer must share one currency, got ${[...currencies].sort().join(', ')}`);
          if (Number(outcome!.inserted) !== request.entries.length) throw new Error('Ledger entries were not written');
          const entries = request.entries.map((e) => ({ accountId: e.accountId, amount: e.amount }));
          return {
            id: Number(outcome.journal_id),
            type: request.type,
            idempotencyKey: request.idempotencyKey,
            referenceId,
            metadata,
            createdAt: new Date(outcome.created_at!),
            entries,
            replayed: false,
          };
        });
      } catch (error) {
        // Backstop: if a unique violation on the key slips through (it should not, given ON CONFLICT), the winner's result.
        if (!isUniqueViolation(error)) throw error;
        const existing = await loadJournal(db, eq(ledgerJournals.idempotencyKey, request.idempotencyKey));
        if (!existing) throw error;
        return asReplay(existing, hash);
      }
    },

    /** Every ledger account of the player, all currencies. */
    async balances(playerId: number): Promise<LedgerAccount[]> {
      const rows = await db
        .select(accountColumns)
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.ownerType, 'player'), eq(ledgerAccounts.playerId, playerId)))
        .orderBy(asc(ledgerAccounts.currency), asc(ledgerAccounts.id));
      return rows.map(toAccount);
    },

    async account(accountId: number): Promise<LedgerAccount | null> {
      const [row] = await db.select(accountColumns).from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
      return row ? toAccount(row) : null;
    },

    /** A journal with its entries, by numeric id or by idempotency key. */
    async journal(idOrKey: number | string): Promise<Journal | null> {
      const where = typeof idOrKey === 'number' ? eq(ledgerJournals.id, idOrKey) : eq(ledgerJournals.idempotencyKey, idOrKey);
      const found = await loadJournal(db, where);
      if (!found) return null;
      const { requestHash: _hash, ...journal } = found;
      return journal;
    },

    /** The account's entries, oldest first. */
    async entriesOf(accountId: number): Promise<{ id: number; journalId: number; amount: number; createdAt: Date }[]> {
      return db
        .select({ id: ledgerEntries.id, journalId: ledgerEntries.journalId, amount: ledgerEntries.amount, createdAt: ledgerEntries.createdAt })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.accountId, accountId))
        .orderBy(asc(ledgerEntries.id));
    },
  };
}
