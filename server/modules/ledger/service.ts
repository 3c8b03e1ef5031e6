import { and, asc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../shared/db-results.ts';
import {
  gameShardOf,
  HOUSE_ACCOUNT_KINDS,
  HOUSE_GAME_SHARDS,
  type HouseAccountKind,
  SHARDED_HOUSE_KINDS,
  type ShardedHouseKind,
  IdempotencyConflict,
  InsufficientFunds,
  type Journal,
  type JournalType,
  type LedgerAccount,
  type LedgerTransaction,
  LedgerValidationError,
  PLAYER_ACCOUNT_KINDS,
  type PlayerAccountKind,
  requestHash,
  type TransferRequest,
  type TransferResult,
  validate,
} from './model.ts';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from './schema.ts';
import { isRefusal, parsedOutcome, runTransferStatement, type TransferOutcome } from './transfer-statement.ts';

// The money ledger (DESIGN.md "Money is a double-entry ledger"; docs/decisions/0020-ledger.md).
// Amounts are integer minor units held in JS numbers, refused beyond Number.MAX_SAFE_INTEGER.

export * from './model.ts';
export { TRANSFER_STATEMENT, type TransferOutcome } from './transfer-statement.ts';

type Executor = Pick<Database, 'select' | 'execute'>;

export type TransferOptions = {
  /** Runs inside the transfer's transaction after the money moved (not on a replay); throwing undoes the transfer. */
  within?: (tx: LedgerTransaction, journal: { id: number; createdAt: Date }) => Promise<void>;
  /** onCommitted is not told: the caller announces the balances itself (a round, once for all its transfers). */
  quiet?: boolean;
  /**
   * Runs as one more statement of the caller's open transaction (a round's win beside its stake): it commits or
   * rolls back with it, a refusal aborts it, and onCommitted is never told (the caller announces). Not with `within`.
   */
  in?: LedgerTransaction;
};

export type LedgerService = ReturnType<typeof createLedgerService>;

/** Told after each transfer that moved money (not replays, not quiet ones), with the players whose balances changed. */
export type TransferCommitted = (journal: TransferResult, playerIds: number[]) => void;

export function createLedgerService({ db, onCommitted }: { db: Database; onCommitted?: TransferCommitted }) {
  // The ledger's one domain event, delivered after the transfer's commit to whoever subscribed: the composition root
  // subscribes the balance announcement once the wallet exists, so the ledger is built before everything that pays.
  const committed: TransferCommitted[] = onCommitted ? [onCommitted] : [];
  const accountColumns = {
    id: ledgerAccounts.id,
    ownerType: ledgerAccounts.ownerType,
    playerId: ledgerAccounts.playerId,
    kind: ledgerAccounts.kind,
    currency: ledgerAccounts.currency,
    balance: ledgerAccounts.balance,
  };
  // Account ids never change once made: `${kind}:${currency}:${shard}` → the shard's id.
  const shardAccountIds = new Map<string, number>();
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

  /**
   * The house account of `kind` in `currency`, created on first use. The game and provider accounts have
   * HOUSE_GAME_SHARDS shards (decision 0093); `shard` picks one, 0 by default. Every other kind has only shard 0.
   */
  async function houseAccount(kind: HouseAccountKind, currency: string, shard = 0): Promise<LedgerAccount> {
    checkCurrency(currency);
    if (!(HOUSE_ACCOUNT_KINDS as readonly string[]).includes(kind)) throw new LedgerValidationError(`Unknown house account kind ${JSON.stringify(kind)}`);
    const shards = (SHARDED_HOUSE_KINDS as readonly string[]).includes(kind) ? HOUSE_GAME_SHARDS : 1;
    if (!Number.isInteger(shard) || shard < 0 || shard >= shards)
      throw new LedgerValidationError(`The house's ${kind} account has shards 0 to ${shards - 1}, got ${JSON.stringify(shard)}`);
    const where = and(
      eq(ledgerAccounts.ownerType, 'house'),
      eq(ledgerAccounts.kind, kind),
      eq(ledgerAccounts.currency, currency),
      eq(ledgerAccounts.shard, shard),
    );
    const [existing] = await db.select(accountColumns).from(ledgerAccounts).where(where);
    if (existing) return toAccount(existing);
    await db.insert(ledgerAccounts).values({ ownerType: 'house', kind, currency, shard }).onConflictDoNothing();
    const [row] = await db.select(accountColumns).from(ledgerAccounts).where(where);
    return toAccount(row!);
  }

  /** The id of `kind`'s shard that takes `playerId`'s stakes and pays their wins, looked up once per process. */
  async function houseShardAccountId(kind: ShardedHouseKind, playerId: number, currency: string): Promise<number> {
    const key = `${kind}:${currency}:${gameShardOf(playerId)}`;
    let id = shardAccountIds.get(key);
    if (id === undefined) {
      id = (await houseAccount(kind, currency, gameShardOf(playerId))).id;
      shardAccountIds.set(key, id);
    }
    return id;
  }

  /**
   * A transfer's arguments for ledger_transfer() (validated, entries netted per account in lock order) and how its
   * outcome row reads as our result: for transfer() below, and for a statement that calls ledger_transfer() among
   * its own steps (a round's, decision 0094).
   */
  function prepareTransfer(request: TransferRequest) {
    validate(request);
    const hash = requestHash(request);
    const net = new Map<number, number>();
    for (const { accountId, amount } of request.entries) net.set(accountId, (net.get(accountId) ?? 0) + amount);
    // Every account an entry names is locked and updated, one whose entries cancel out by 0: its entries still
    // record the balance they leave it with.
    // A consistent lock order (ascending id) so two transfers over the same accounts cannot deadlock.
    const ordered = [...net.entries()].sort((a, b) => a[0] - b[0]);
    for (const [id, amount] of net) {
      if (!Number.isSafeInteger(amount)) throw new LedgerValidationError('Entry amounts overflow');
      if (amount === 0) net.delete(id);
    }
    if (net.size < 2) throw new LedgerValidationError('A transfer must move money between at least two accounts');

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
          balances: updated.map((r) => ({ accountId: Number(r.id), balance: Number(r.balance) })),
        },
        playerIds: [...new Set(updated.filter((r) => r.player_id != null).map((r) => Number(r.player_id)))],
      };
    }
    return { values, hash, net, resultOf };
  }

  return {
    /** Subscribes to committed transfers (TransferCommitted), in the order of subscription. */
    onCommitted(listener: TransferCommitted): void {
      committed.push(listener);
    },

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

    houseAccount,

    /** The id of the game account shard that takes `playerId`'s bets and pays their wins, looked up once per process. */
    houseGameAccountId: (playerId: number, currency: string) => houseShardAccountId('game', playerId, currency),
    houseShardAccountId,

    /** What the house holds in `kind` and `currency`: the sum over the kind's shards (only the game account has more than one). */
    async houseBalance(kind: HouseAccountKind, currency: string): Promise<number> {
      checkCurrency(currency);
      const [row] = await db
        .select({ balance: sql<string | number>`coalesce(sum(${ledgerAccounts.balance}), 0)` })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.ownerType, 'house'), eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.currency, currency)));
      return Number(row?.balance ?? 0);
    },

    /**
     * A transfer as one step of a caller's own statement, which calls ledger_transfer() with `values` (a round's,
     * docs/decisions/0094-one-statement-rounds.md): validated here as transfer() validates; `result` reads the
     * step's outcome columns (null when its key was taken); `refusal` names the statement's error as transfer()
     * would in a caller's transaction (InsufficientFunds for a refusal). onCommitted is not told: the caller announces.
     */
    transferStep(request: TransferRequest) {
      const { values, net, resultOf } = prepareTransfer(request);
      return {
        values,
        result: (outcome: TransferOutcome): TransferResult | null => resultOf(parsedOutcome(outcome))?.journal ?? null,
        refusal: (error: unknown): unknown => (isRefusal(error) ? new InsufficientFunds([...net].find(([, amount]) => amount < 0)![0]) : error),
      };
    },

    /**
     * Moves money: one journal and its entries, and the cached balances, in one transaction. A replay of the same
     * key and body returns the first result and moves nothing; the same key with another body throws
     * IdempotencyConflict. A refused transfer (InsufficientFunds, validation) records nothing, so its key stays free.
     */
    async transfer(request: TransferRequest, options: TransferOptions = {}): Promise<TransferResult> {
      const { values, hash, net, resultOf } = prepareTransfer(request);
      async function replay(executor: Executor): Promise<TransferResult> {
        const existing = await loadJournal(executor, eq(ledgerJournals.idempotencyKey, request.idempotencyKey));
        if (!existing) throw new Error('Idempotency key conflicted but its journal is not visible');
        return asReplay(existing, hash);
      }

      let moved: { journal: TransferResult; playerIds: number[] } | null = null;
      try {
        if (options.in) {
          moved = resultOf((await runTransferStatement(options.in, values))[0]);
          if (!moved) return await replay(options.in);
          return moved.journal;
        }
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
        // In a caller's transaction the refusal is not explained by reading on another connection (the caller's
        // holds one already); the caller's transaction is aborted and rolls back whatever it did.
        if (isRefusal(error) && options.in) throw new InsufficientFunds([...net].find(([, amount]) => amount < 0)![0]);
        if (isRefusal(error)) throw await refusal(net);
        if (options.in) throw error;
        // Backstop: if a unique violation on the key slips through (it should not, given ON CONFLICT), the winner's result.
        if (!isUniqueViolation(error)) throw error;
        const existing = await loadJournal(db, eq(ledgerJournals.idempotencyKey, request.idempotencyKey));
        if (!existing) throw error;
        return asReplay(existing, hash);
      }
      const { journal, playerIds } = moved!;
      if (!options.quiet) for (const listener of committed) listener(journal, playerIds);
      return journal;
    },

    /**
     * The player's balances in `currency` as one row `(accounts, cash, bonus, withdrawal_hold)`, for the wallet to
     * read beside the payments' totals in one statement; `accounts` below 3 means they are not all made yet.
     */
    balancesRow(playerId: number | Placeholder, currency: string): SQL {
      return sql`
        select count(*) as accounts,
          coalesce(sum(balance) filter (where kind = 'cash'), 0) as cash,
          coalesce(sum(balance) filter (where kind = 'bonus'), 0) as bonus,
          coalesce(sum(balance) filter (where kind = 'withdrawal_hold'), 0) as withdrawal_hold
        from ledger_accounts where owner_type = 'player' and player_id = ${playerId} and currency = ${currency}`;
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

    /**
     * The player's bets, wins, bonuses and adjustments on their cash and bonus accounts, one row per journal, as rows
     * of the wallet history relation `(id, type, status, amount, currency, created_at, reference_id)`: the wallet
     * unites them with the payments' rows and filters, counts and pages them in one statement
     * (docs/decisions/0028-modules-own-their-tables.md).
     */
    historyRows(playerId: number): SQL {
      return sql`
        select 'tx_' || j.id::text as id, j.type, 'completed' as status, sum(e.amount) as amount, min(a.currency) as currency, j.created_at, j.reference_id
        from ledger_accounts a
        join ledger_entries e on e.account_id = a.id
        join ledger_journals j on j.id = e.journal_id
        where a.owner_type = 'player' and a.player_id = ${playerId} and a.kind in ('cash', 'bonus')
          and j.type in ('bet', 'win', 'bonus', 'adjustment')
        group by j.id`;
    },

    /**
     * Real money played over [from, to), per player: what left each player's cash account as stakes (`bet`
     * journals) and what came back to it as wins and refunds (`win` journals), in `currency`. Bonus money staked
     * and won, free spins and winnings forfeited to the house never touch the cash account, so they count
     * nowhere; every game that stakes through the ledger (rounds, crash) counts alike. The weekly cashback's
     * measure of a net loss (docs/decisions/0067-weekly-cashback.md).
     */
    async cashPlayed({
      from,
      to,
      currency,
      playerId,
    }: {
      from: Date;
      to: Date;
      currency: string;
      playerId?: number;
    }): Promise<{ playerId: number; stakes: number; wins: number }[]> {
      const rows = await db
        .select({
          playerId: sql<string | number>`${ledgerAccounts.playerId}`,
          stakes: sql<string | number>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerJournals.type} = 'bet'), 0)`,
          wins: sql<string | number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerJournals.type} = 'win'), 0)`,
        })
        .from(ledgerJournals)
        .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(
          and(
            inArray(ledgerJournals.type, ['bet', 'win']),
            sql`${ledgerJournals.createdAt} >= ${from} and ${ledgerJournals.createdAt} < ${to}`,
            eq(ledgerAccounts.ownerType, 'player'),
            eq(ledgerAccounts.kind, 'cash'),
            eq(ledgerAccounts.currency, currency),
            playerId === undefined ? undefined : eq(ledgerAccounts.playerId, playerId),
          ),
        )
        .groupBy(ledgerAccounts.playerId)
        .orderBy(ledgerAccounts.playerId);
      return rows.map((row) => ({ playerId: Number(row.playerId), stakes: Number(row.stakes), wins: Number(row.wins) }));
    },

    /** The account's statement: its entries, oldest first, each with the balance it left and its journal's time. */
    async entriesOf(accountId: number): Promise<{ journalId: number; position: number; amount: number; balanceAfter: number; createdAt: Date }[]> {
      return db
        .select({
          journalId: ledgerEntries.journalId,
          position: ledgerEntries.position,
          amount: ledgerEntries.amount,
          balanceAfter: ledgerEntries.balanceAfter,
          createdAt: ledgerJournals.createdAt,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
        .where(eq(ledgerEntries.accountId, accountId))
        .orderBy(asc(ledgerEntries.journalId), asc(ledgerEntries.position));
    },
  };
}
