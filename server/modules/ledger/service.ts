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
  type Journal,
  type LedgerAccount,
  type LedgerTransaction,
  LedgerValidationError,
  PLAYER_ACCOUNT_KINDS,
  type PlayerAccountKind,
  type TransferRequest,
  type TransferResult,
} from './model.ts';
import { asReplay, explainRefusal, loadJournal, replayOf } from './journals.ts';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from './schema.ts';
import { type Moved, type PreparedTransfer, prepareTransfer } from './transfer-request.ts';
import { isRefusal, parsedOutcome, runTransferStatement, type TransferOutcome } from './transfer-statement.ts';
import { type Publish, publishNowhere } from '../shared/events.ts';
import type { LedgerEvents } from './events.ts';

// The money ledger (DESIGN.md "Money is a double-entry ledger"; docs/decisions/0020-ledger.md).
// Amounts are integer minor units held in JS numbers, refused beyond Number.MAX_SAFE_INTEGER.

export * from './model.ts';
export { TRANSFER_STATEMENT, type TransferOutcome } from './transfer-statement.ts';

/**
 * How transfer() runs ledger_transfer(), in one of two modes (docs/decisions/0125-one-round-pipeline.md):
 * - **standalone** (no `in`): the ledger commits it, as one autocommitted statement, or with `within` as the first
 *   statement of a transaction the ledger opens and the caller's steps join; JournalCommitted is
 *   published after the commit unless `quiet`, and a refusal is explained by reading the accounts (unknown, currencies,
 *   the account it would overdraw).
 * - **in a caller's transaction** (`in`): one more statement of the caller's open transaction (a round's bet and
 *   win): it commits or rolls back with it, a refusal aborts it (InsufficientFunds for the first account debited,
 *   as nothing more can be read there), and no JournalCommitted is published: the caller announces.
 */
export type TransferOptions =
  | {
      in?: undefined;
      /** Runs inside the transfer's transaction after the money moved (not on a replay); throwing undoes the transfer. */
      within?: (tx: LedgerTransaction, journal: { id: number; createdAt: Date }) => Promise<void>;
      /** No JournalCommitted: the caller announces the balances itself. */
      quiet?: boolean;
    }
  | { in: LedgerTransaction; within?: undefined; quiet?: boolean };

export type LedgerService = ReturnType<typeof createLedgerService>;

export function createLedgerService({
  db,
  publish = publishNowhere,
}: {
  db: Database;
  /** The ledger's one domain event, JournalCommitted (ledger/events.ts), after each commit; no one hears when omitted. */
  publish?: Publish<LedgerEvents>;
}) {
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

  /**
   * The house account of `kind` in `currency`, created on first use. The game and provider accounts have
   * HOUSE_GAME_SHARDS shards (decision 0091); `shard` picks one, 0 by default. Every other kind has only shard 0.
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

  /** ledger_transfer() on `executor`: the money moved, or the replay of the journal that already holds the key. */
  async function apply(executor: Database | LedgerTransaction, prepared: PreparedTransfer, key: string): Promise<Moved | TransferResult> {
    const moved = prepared.resultOf((await runTransferStatement(executor, prepared.values))[0]);
    return moved ?? replayOf(executor, key, prepared.hash);
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
     * Not a third way to run a transfer: the arguments of ledger_transfer() for a module's own SQL statement that
     * calls it among its steps (a round's game_round_instant(), docs/decisions/0125-one-round-pipeline.md),
     * validated as transfer() validates; `result` reads the step's outcome columns (null when its key was taken);
     * `refusal` names the statement's error as transfer() does in a caller's transaction. No JournalCommitted is published.
     */
    transferStep(request: TransferRequest) {
      const { values, resultOf, insufficient } = prepareTransfer(request);
      return {
        values,
        result: (outcome: TransferOutcome): TransferResult | null => resultOf(parsedOutcome(outcome))?.journal ?? null,
        refusal: (error: unknown): unknown => (isRefusal(error) ? insufficient() : error),
      };
    },

    /**
     * Moves money: one journal and its entries, and the cached balances, in one transaction. A replay of the same
     * key and body returns the first result and moves nothing; the same key with another body throws
     * IdempotencyConflict. A refused transfer (InsufficientFunds, validation) records nothing, so its key stays free.
     */
    async transfer(request: TransferRequest, options: TransferOptions = {}): Promise<TransferResult> {
      const prepared = prepareTransfer(request);
      const key = request.idempotencyKey;
      if (options.in) {
        try {
          const out = await apply(options.in, prepared, key);
          return 'playerIds' in out ? out.journal : out;
        } catch (error) {
          // The caller's transaction is aborted and rolls back whatever it did; nothing more can be read on it.
          throw isRefusal(error) ? prepared.insufficient() : error;
        }
      }
      const { within } = options;
      let out: Moved | TransferResult;
      try {
        out = within
          ? await db.transaction(async (tx) => {
              const applied = await apply(tx, prepared, key);
              if ('playerIds' in applied) await within(tx, { id: applied.journal.id, createdAt: applied.journal.createdAt });
              return applied;
            })
          : // One statement is atomic by itself: no BEGIN/COMMIT round trips.
            await apply(db, prepared, key);
      } catch (error) {
        if (isRefusal(error)) throw await explainRefusal(db, prepared.net);
        // Backstop: if a unique violation on the key slips through (it should not, given ON CONFLICT), the winner's result.
        if (!isUniqueViolation(error)) throw error;
        const existing = await loadJournal(db, eq(ledgerJournals.idempotencyKey, key));
        if (!existing) throw error;
        return asReplay(existing, prepared.hash);
      }
      if (!('playerIds' in out)) return out;
      const { journal, playerIds } = out;
      if (!options.quiet) void publish('JournalCommitted', { journal, playerIds });
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
