import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { ProviderRound, ProviderStatus, ProviderSync, ProviderTransaction, Reconciliation } from '../../../contract/providers.ts';
import type { ProviderTxState } from '../../../contract/providers.rules.ts';
import type { Database } from '../../db/client.ts';
import { providerCalls, providerRounds, providerSyncs, providerTransactions } from './schema.ts';
import type { RoundRow } from './store.ts';

// What the console's Providers screen reads (decision 0100): the connection's health from the providers' own rows
// (syncs, our calls, the aggregator's transactions) and one day's reconciliation. Read only.

const DAY_MS = 24 * 60 * 60_000;
/** The most transactions one reconciliation page lists; the CSV export takes up to this many too. */
export const RECONCILIATION_LIMIT = 1_000;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export const toSync = (row: typeof providerSyncs.$inferSelect): ProviderSync => ({
  id: row.id,
  trigger: row.trigger as ProviderSync['trigger'],
  started_at: row.startedAt.toISOString(),
  finished_at: iso(row.finishedAt),
  ok: row.ok,
  total: row.total,
  added: row.added,
  updated: row.updated,
  withdrawn: row.withdrawn,
  error: row.error,
});

export const toRound = (row: RoundRow): ProviderRound => ({
  round: row.round,
  player_id: String(row.playerId),
  game_code: row.gameCode,
  status: row.status as ProviderRound['status'],
  stake: row.stake,
  win: row.win,
  opened_at: row.openedAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  closed_at: iso(row.closedAt),
});

const toTransaction = (row: typeof providerTransactions.$inferSelect): ProviderTransaction => ({
  at: row.createdAt.toISOString(),
  transaction_uuid: row.transactionUuid,
  kind: row.kind as ProviderTransaction['kind'],
  state: row.state as ProviderTxState,
  response: row.response,
  player_id: String(row.playerId),
  round: row.round,
  game_code: row.gameCode,
  game_name: row.gameName,
  currency: row.currency,
  amount: row.amount,
  free: row.free,
  reference_uuid: row.referenceUuid,
});

export function createProviderConsole({ db, provider, now = () => new Date() }: { db: Database; provider: string; now?: () => Date }) {
  const t = providerTransactions;

  return {
    /** The connection's health; `games` comes from the catalogue, `configured` from the configuration. */
    async status(base: Pick<ProviderStatus, 'configured' | 'api_url' | 'operator_id' | 'games'>): Promise<ProviderStatus> {
      const since = new Date(now().getTime() - DAY_MS);
      const [[last], [lastOk], [calls], [failure], [callbacks]] = await Promise.all([
        db.select().from(providerSyncs).where(eq(providerSyncs.provider, provider)).orderBy(desc(providerSyncs.id)).limit(1),
        db
          .select({ at: providerSyncs.finishedAt })
          .from(providerSyncs)
          .where(and(eq(providerSyncs.provider, provider), eq(providerSyncs.ok, true)))
          .orderBy(desc(providerSyncs.id))
          .limit(1),
        db
          .select({ total: sql<string | number>`count(*)`, failed: sql<string | number>`count(*) filter (where not ${providerCalls.ok})` })
          .from(providerCalls)
          .where(and(eq(providerCalls.provider, provider), gte(providerCalls.at, since))),
        db
          .select({ at: providerCalls.at, endpoint: providerCalls.endpoint, error: providerCalls.error })
          .from(providerCalls)
          .where(and(eq(providerCalls.provider, provider), eq(providerCalls.ok, false)))
          .orderBy(desc(providerCalls.at))
          .limit(1),
        db
          .select({
            last: sql<Date | string | null>`max(${t.createdAt})`,
            total: sql<string | number>`count(*) filter (where ${t.createdAt} >= ${since.toISOString()}::timestamptz)`,
            refused: sql<string | number>`count(*) filter (where ${t.createdAt} >= ${since.toISOString()}::timestamptz and ${t.state} = 'refused')`,
          })
          .from(t)
          .where(eq(t.provider, provider)),
      ]);
      const total = Number(calls?.total ?? 0);
      const failed = Number(calls?.failed ?? 0);
      const lastCallback = callbacks?.last ? new Date(callbacks.last) : null;
      return {
        provider,
        ...base,
        last_sync: last ? toSync(last) : null,
        last_successful_sync_at: iso(lastOk?.at ?? null),
        last_callback_at: iso(lastCallback),
        calls_24h: total,
        failed_calls_24h: failed,
        error_rate: total > 0 ? Math.round((failed / total) * 10_000) / 100 : null,
        last_failure: failure ? { at: failure.at.toISOString(), endpoint: failure.endpoint, error: failure.error } : null,
        callbacks_24h: Number(callbacks?.total ?? 0),
        refused_callbacks_24h: Number(callbacks?.refused ?? 0),
      };
    },

    /** The last syncs, newest first. */
    async syncs(limit = 10): Promise<ProviderSync[]> {
      const rows = await db.select().from(providerSyncs).where(eq(providerSyncs.provider, provider)).orderBy(desc(providerSyncs.id)).limit(limit);
      return rows.map(toSync);
    },

    /**
     * One UTC day: its totals, its rounds, its transactions (by status and round when asked; at most 1,000, oldest
     * first) and the rounds of any day left open longer than `openMinutes`.
     */
    async reconciliation(
      { day, status, round, currency }: { day: string; status?: ProviderTxState; round?: string; currency: string },
      openRounds: RoundRow[],
      openMinutes: number,
    ): Promise<Reconciliation> {
      const from = new Date(`${day}T00:00:00.000Z`);
      const to = new Date(from.getTime() + DAY_MS);
      const inDay = and(eq(t.provider, provider), gte(t.createdAt, from), lt(t.createdAt, to));
      const filters: SQL[] = [inDay!];
      if (status) filters.push(eq(t.state, status));
      if (round) filters.push(eq(t.round, round));
      const staked = sql`(${t.kind} = 'bet' and ${t.state} = 'accepted' and not ${t.free})`;
      const [[totals], rows, rounds] = await Promise.all([
        db
          .select({
            transactions: sql<string | number>`count(*)`,
            bets: sql<string | number>`count(*) filter (where ${t.kind} = 'bet')`,
            wins: sql<string | number>`count(*) filter (where ${t.kind} = 'win')`,
            rollbacks: sql<string | number>`count(*) filter (where ${t.kind} = 'rollback')`,
            refused: sql<string | number>`count(*) filter (where ${t.state} = 'refused')`,
            stakes: sql<string | number>`coalesce(sum(${t.amount}) filter (where ${staked}), 0)`,
            paid: sql<string | number>`coalesce(sum(${t.amount}) filter (where ${t.kind} = 'win'), 0)`,
          })
          .from(t)
          .where(inDay),
        db
          .select()
          .from(t)
          .where(and(...filters))
          .orderBy(asc(t.createdAt), asc(t.id))
          .limit(RECONCILIATION_LIMIT + 1),
        db
          .select()
          .from(providerRounds)
          .where(
            and(
              eq(providerRounds.provider, provider),
              gte(providerRounds.openedAt, from),
              lt(providerRounds.openedAt, to),
              ...(round ? [eq(providerRounds.round, round)] : []),
            ),
          )
          .orderBy(asc(providerRounds.openedAt), asc(providerRounds.id))
          .limit(RECONCILIATION_LIMIT),
      ]);
      const stakes = Number(totals?.stakes ?? 0);
      const paid = Number(totals?.paid ?? 0);
      return {
        day,
        currency,
        totals: {
          transactions: Number(totals?.transactions ?? 0),
          bets: Number(totals?.bets ?? 0),
          wins: Number(totals?.wins ?? 0),
          rollbacks: Number(totals?.rollbacks ?? 0),
          refused: Number(totals?.refused ?? 0),
          stakes,
          paid,
          ggr: stakes - paid,
        },
        rounds: rounds.map(toRound),
        transactions: rows.slice(0, RECONCILIATION_LIMIT).map(toTransaction),
        truncated: rows.length > RECONCILIATION_LIMIT,
        open_rounds: openRounds.filter((row) => row.provider === provider).map(toRound),
        open_minutes: openMinutes,
      };
    },

    /** The transactions of these rounds (any day), for the open rounds' detail. */
    async transactionsOf(rounds: string[]): Promise<ProviderTransaction[]> {
      if (rounds.length === 0) return [];
      const rows = await db
        .select()
        .from(t)
        .where(and(eq(t.provider, provider), inArray(t.round, rounds)))
        .orderBy(asc(t.createdAt));
      return rows.map(toTransaction);
    },
  };
}

/** The CSV columns of a reconciliation export, in order. */
export const RECONCILIATION_COLUMNS = [
  'at',
  'transaction_uuid',
  'kind',
  'state',
  'response',
  'player_id',
  'round',
  'game_code',
  'game_name',
  'currency',
  'amount',
  'free',
  'reference_uuid',
] as const satisfies readonly (keyof ProviderTransaction)[];
