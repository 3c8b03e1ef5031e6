import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
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

/**
 * The whole transfer as one statement of constant text (arrays, not value lists), so PostgreSQL parses and plans
 * it once per connection as a named prepared statement, and so it is atomic on its own: without a caller's
 * `within` it runs in autocommit, one round trip. It claims the key, locks the accounts in id order, applies every
 * net change as a conditional update (a player account only changes when it stays >= 0) and inserts the entries;
 * if an account was skipped (unknown, would be overdrawn) or the currencies differ, ledger_refuse() raises and the
 * whole statement, journal row included, is undone. A concurrent holder of the same key makes ON CONFLICT wait
 * for that transaction to commit (we then replay its result) or roll back (we go on).
 * The update repeats `a.id = any($6)` although the joins imply it: after five executions PostgreSQL may switch a
 * prepared statement to its generic plan, which cannot see how few ids the arrays hold and scanned the whole
 * accounts table (every player's accounts, on every bet) to hash-join them; the condition keeps it on the index.
 */
export const TRANSFER_STATEMENT = `
  with journal as (
    insert into ledger_journals (type, idempotency_key, request_hash, reference_id, metadata)
    values ($1, $2, $3, $4, $5::jsonb)
    on conflict (idempotency_key) do nothing
    returning id, created_at
  ), locked as (
    select id from ledger_accounts where id = any($6::bigint[]) and exists (select 1 from journal) order by id for update
  ), changes as (
    select * from unnest($6::bigint[], $7::bigint[]) as c (id, amount)
  ), updated as (
    update ledger_accounts a set balance = a.balance + c.amount
    from changes c, locked l
    where a.id = any($6::bigint[]) and a.id = c.id and l.id = c.id and (a.owner_type = 'house' or a.balance + c.amount >= 0)
    returning a.id, a.currency, a.player_id
  ), inserted as (
    insert into ledger_entries (journal_id, position, account_id, amount)
    select (select id from journal), e.ord - 1, e.account_id, e.amount
    from unnest($8::bigint[], $9::bigint[]) with ordinality as e (account_id, amount, ord)
    where exists (select 1 from journal)
    returning 1
  )
  select (select id from journal) as journal_id, (select created_at from journal) as created_at,
    (select json_agg(json_build_object('id', id, 'currency', currency, 'player_id', player_id)) from updated) as updated,
    (select count(*) from inserted) as inserted,
    case when exists (select 1 from journal)
      and ((select count(*) from updated) <> cardinality($6::bigint[]) or (select count(distinct currency) from updated) <> 1)
    then ledger_refuse() end as refused`;

type TransferOutcome = {
  journal_id: number | string | null;
  created_at: Date | string | null;
  updated: { id: number | string; currency: string; player_id: number | string | null }[] | string | null;
  inserted: number | string;
};
type RawClient = { query: (...args: unknown[]) => Promise<{ rows: unknown[] }>; exec?: unknown };

const REFUSED = 'LDG01';
function isRefusal(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === REFUSED) return true;
  }
  return false;
}

/**
 * Runs the transfer statement on the pool (autocommit) or on a transaction's own connection. node-postgres gets it
 * as a named prepared statement; PGlite (one in-process connection, which has `exec`) as a plain parameterised
 * query. Drizzle keeps the client on its session, which is where we reach it.
 */
async function runTransferStatement(executor: Database | LedgerTransaction, values: unknown[]): Promise<TransferOutcome[]> {
  const client = (executor as unknown as { session: { client: RawClient } }).session.client;
  const result =
    typeof client.exec === 'function'
      ? await client.query(TRANSFER_STATEMENT, values)
      : await client.query({ name: 'ledger_transfer_v4', text: TRANSFER_STATEMENT, values });
  return (result.rows as TransferOutcome[]).map((row) => ({ ...row, updated: typeof row.updated === 'string' ? JSON.parse(row.updated) : row.updated }));
}

type Executor = Pick<Database, 'select' | 'execute'>;
/** The transaction a transfer runs in, handed to `within` so a caller's own rows commit or roll back with the money. */
export type LedgerTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type TransferOptions = {
  /** Runs inside the transfer's transaction after the money moved (not on a replay); throwing undoes the transfer. */
  within?: (tx: LedgerTransaction, journal: { id: number; createdAt: Date }) => Promise<void>;
  /** onCommitted is not told: the caller announces the balances itself (a round, once for all its transfers). */
  quiet?: boolean;
};

export type LedgerService = ReturnType<typeof createLedgerService>;

export function createLedgerService({
  db,
  onCommitted,
}: {
  db: Database;
  /** Told after each transfer that moved money (not replays), with the players whose balances changed. */
  onCommitted?: (journal: TransferResult, playerIds: number[]) => void;
}) {
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
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
      throw new LedgerValidationError(`Currency must be an ISO 4217 code, got ${JSON.stringify(currency)}`);
  }

  async function loadJournal(executor: Executor, where: SQL): Promise<(Journal & { requestHash: string }) | null> {
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

  function asReplay(existing: Journal & { requestHash: string }, hash: string): TransferResult {
    if (existing.requestHash !== hash) throw new IdempotencyConflict(existing.idempotencyKey);
    const { requestHash: _hash, ...journal } = existing;
    return { ...journal, replayed: true };
  }

  /**
   * Explains a refused transfer after the fact (the statement was undone): an unknown account, mixed currencies,
   * or the player account it would overdraw. Balances may have moved since; the first player account the transfer
   * debits is named then.
   */
  async function refusal(net: Map<number, number>): Promise<Error> {
    const ids = [...net.keys()].sort((a, b) => a - b);
    const found = await db.select(accountColumns).from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
    const byId = new Map(found.map((row) => [row.id, row]));
    const unknown = ids.find((id) => !byId.has(id));
    if (unknown !== undefined) return new LedgerValidationError(`Unknown ledger account ${unknown}`);
    const currencies = new Set(found.map((row) => row.currency));
    if (currencies.size !== 1) return new LedgerValidationError(`All accounts of a transfer must share one currency, got ${[...currencies].sort().join(', ')}`);
    const debited = ids.filter((id) => byId.get(id)!.ownerType === 'player' && net.get(id)! < 0);
    const overdrawn = debited.find((id) => byId.get(id)!.balance + net.get(id)! < 0) ?? debited[0] ?? ids[0]!;
    return new InsufficientFunds(overdrawn);
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
    async transfer(request: TransferRequest, options: TransferOptions = {}): Promise<TransferResult> {
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

      const referenceId = request.referenceId ?? null;
      const metadata = request.metadata ?? {};
      const values = [
        request.type,
        request.idempotencyKey,
        hash,
        referenceId,
        JSON.stringify(metadata),
        ordered.map(([id]) => id),
        ordered.map(([, amount]) => amount),
        request.entries.map((e) => e.accountId),
        request.entries.map((e) => e.amount),
      ];

      /** The statement's outcome as our result; null when the key was taken (a replay or a conflict). */
      function resultOf(outcome: TransferOutcome | undefined): { journal: TransferResult; playerIds: number[] } | null {
        if (outcome?.journal_id == null) return null;
        const updated = (outcome.updated ?? []) as Exclude<TransferOutcome['updated'], string | null>;
        if (Number(outcome.inserted) !== request.entries.length) throw new Error('Ledger entries were not written');
        return {
          journal: {
            id: Number(outcome.journal_id),
            type: request.type,
            idempotencyKey: request.idempotencyKey,
            referenceId,
            metadata,
            createdAt: new Date(outcome.created_at!),
            entries: request.entries.map((e) => ({ accountId: e.accountId, amount: e.amount })),
            replayed: false,
          },
          playerIds: [...new Set(updated.filter((r) => r.player_id != null).map((r) => Number(r.player_id)))],
        };
      }
      async function replay(executor: Executor): Promise<TransferResult> {
        const existing = await loadJournal(executor, eq(ledgerJournals.idempotencyKey, request.idempotencyKey));
        if (!existing) throw new Error('Idempotency key conflicted but its journal is not visible');
        return asReplay(existing, hash);
      }

      let moved: { journal: TransferResult; playerIds: number[] } | null = null;
      try {
        if (options.within) {
          const within = options.within;
          const replayed = await db.transaction(async (tx) => {
            moved = resultOf((await runTransferStatement(tx, values))[0]);
            if (!moved) return replay(tx);
            await within(tx, { id: moved.journal.id, createdAt: moved.journal.createdAt });
            return null;
          });
          if (replayed) return replayed;
        } else {
          // One statement is atomic by itself: no BEGIN/COMMIT round trips.
          moved = resultOf((await runTransferStatement(db, values))[0]);
          if (!moved) return await replay(db);
        }
      } catch (error) {
        if (isRefusal(error)) throw await refusal(net);
        // Backstop: if a unique violation on the key slips through (it should not, given ON CONFLICT), the winner's result.
        if (!isUniqueViolation(error)) throw error;
        const existing = await loadJournal(db, eq(ledgerJournals.idempotencyKey, request.idempotencyKey));
        if (!existing) throw error;
        return asReplay(existing, hash);
      }
      const { journal, playerIds } = moved!;
      if (!options.quiet) onCommitted?.(journal, playerIds);
      return journal;
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

    /** The account's entries, oldest first, with their journal's time. */
    async entriesOf(accountId: number): Promise<{ journalId: number; position: number; amount: number; createdAt: Date }[]> {
      return db
        .select({ journalId: ledgerEntries.journalId, position: ledgerEntries.position, amount: ledgerEntries.amount, createdAt: ledgerJournals.createdAt })
        .from(ledgerEntries)
        .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
        .where(eq(ledgerEntries.accountId, accountId))
        .orderBy(asc(ledgerEntries.journalId), asc(ledgerEntries.position));
    },
  };
}
