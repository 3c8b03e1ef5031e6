import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { LedgerTransaction } from '../ledger/service.ts';
import { keyedUuid } from '../shared/idempotency.ts';
import { providerRounds, providerTransactions } from './schema.ts';

// Reading and writing the providers module's transaction and round rows; the rules are in bets.ts and settlements.ts.

export type Executor = Database | LedgerTransaction;
export type TransactionRow = typeof providerTransactions.$inferSelect;
export type NewTransaction = typeof providerTransactions.$inferInsert;
export type RoundRow = typeof providerRounds.$inferSelect;

/** What a transaction was first answered: `ok` or why it was refused. */
export type Response = 'ok' | 'not_enough_money' | 'user_disabled' | 'refused' | 'rolled_back';

/**
 * The id the bonuses record a bet's funding under, and which its wins and its rollback are split by: each bet is its
 * own "round" for them, because a win or a rollback names the bet it pays back.
 */
export const fundingRoundOf = (provider: string, betUuid: string) => keyedUuid('provider-bet', provider, betUuid);

/** The ledger key of a transaction's journal; a bet's reversal (rollback or refusal after the fact) has its own, once per bet. */
export const journalKeyOf = (provider: string, uuid: string, what: 'bet' | 'win' | 'reversal') => `provider:${provider}:${uuid}:${what}`;

export function createProviderStore(db: Database) {
  const byUuid = (provider: string, uuid: string) => and(eq(providerTransactions.provider, provider), eq(providerTransactions.transactionUuid, uuid));

  return {
    async find(provider: string, uuid: string): Promise<TransactionRow | undefined> {
      const [row] = await db.select().from(providerTransactions).where(byUuid(provider, uuid));
      return row;
    },

    /** Two transactions by uuid in one read (a win and the bet it names): by uuid, those that exist. */
    async findTwo(provider: string, uuids: [string, string]): Promise<Map<string, TransactionRow>> {
      const rows = await db
        .select()
        .from(providerTransactions)
        .where(and(eq(providerTransactions.provider, provider), inArray(providerTransactions.transactionUuid, uuids)));
      return new Map(rows.map((row) => [row.transactionUuid, row]));
    },

    /** The row, locked to the end of `tx`: a bet's state changes under this lock only. */
    async lock(tx: LedgerTransaction, id: number): Promise<TransactionRow> {
      const [row] = await tx.select().from(providerTransactions).where(eq(providerTransactions.id, id)).for('update');
      return row!;
    },

    /**
     * Claims the transaction's uuid: the new row's id, or null when the uuid is taken. A transaction writing the same
     * uuid makes this wait for its end, so the caller then reads the row that won.
     */
    async insert(executor: Executor, row: NewTransaction): Promise<number | null> {
      const [inserted] = await executor.insert(providerTransactions).values(row).onConflictDoNothing().returning({ id: providerTransactions.id });
      return inserted?.id ?? null;
    },

    async update(executor: Executor, id: number, change: Partial<NewTransaction>): Promise<void> {
      await executor
        .update(providerTransactions)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(providerTransactions.id, id));
    },

    /** A bet a rollback came first for gets the bet's request: true when this call made the claim. */
    async claimPlaceholder(id: number, change: Partial<NewTransaction> & { requestHash: string }): Promise<boolean> {
      const updated = await db
        .update(providerTransactions)
        .set({ ...change, updatedAt: new Date() })
        .where(and(eq(providerTransactions.id, id), sql`${providerTransactions.requestHash} is null`))
        .returning({ id: providerTransactions.id });
      return updated.length > 0;
    },

    /** Adds to the player's round (opened by its first transaction), and closes it when the aggregator says so. */
    async addToRound(
      executor: Executor,
      round: { provider: string; playerId: number; round: string; gameCode: string; currency: string; stake?: number; win?: number; closed: boolean },
    ): Promise<void> {
      const at = new Date();
      const status = round.closed ? 'closed' : 'open';
      await executor
        .insert(providerRounds)
        .values({
          provider: round.provider,
          playerId: round.playerId,
          round: round.round,
          gameCode: round.gameCode,
          currency: round.currency,
          status,
          stake: round.stake ?? 0,
          win: round.win ?? 0,
          openedAt: at,
          updatedAt: at,
          closedAt: round.closed ? at : null,
        })
        .onConflictDoUpdate({
          target: [providerRounds.provider, providerRounds.playerId, providerRounds.round],
          set: {
            stake: sql`${providerRounds.stake} + ${round.stake ?? 0}`,
            win: sql`${providerRounds.win} + ${round.win ?? 0}`,
            updatedAt: at,
            ...(round.closed ? { status: 'closed', closedAt: sql`coalesce(${providerRounds.closedAt}, ${at.toISOString()}::timestamptz)` } : {}),
          },
        });
    },

    /** Rounds still open whose last transaction came before `before`, oldest first: to reconcile with the aggregator. */
    async openRounds(before: Date, limit = 500): Promise<RoundRow[]> {
      return db
        .select()
        .from(providerRounds)
        .where(and(eq(providerRounds.status, 'open'), lt(providerRounds.updatedAt, before)))
        .orderBy(providerRounds.updatedAt)
        .limit(limit);
    },
  };
}

export type ProviderStore = ReturnType<typeof createProviderStore>;
