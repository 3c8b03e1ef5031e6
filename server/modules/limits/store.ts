import { and, desc, eq, gt, inArray, isNotNull, isNull, or, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { LIMIT_PERIODS, type LimitPeriod, type LimitType, PERIOD_MS } from '../../../contract/limits.ts';
import type { Database } from '../../db/client.ts';
import { type LimitState, livePending } from './rules.ts';
import { limitBreaches, limitChanges, limitDeposits, limitSettings, playerLimits } from './schema.ts';

// Reading and writing the limits module's rows; the rules live in rules.ts, the decisions in service.ts.

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;
export type LimitRow = typeof playerLimits.$inferSelect;
export type SettingsRow = typeof limitSettings.$inferSelect;
export type Actor = { kind: 'player' | 'operator' | 'system'; id: number | null };

/** Keeps our advisory locks apart from the scheduler's ("CROU") and anyone else's: "LIMT" in ASCII. */
const LOCK_SPACE = 0x4c494d54;

/** Serialises the money decisions of one player until the transaction ends (PostgreSQL and PGlite alike). */
export async function lockPlayer(tx: Executor, playerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int, ${playerId}::int)`);
}

export type WindowUsage = { used: number; oldestAt: Date | null };

/** Deposits counted in each rolling window ending at `now` (declined ones were released and do not count). */
export async function depositUsage(executor: Executor, playerId: number, now: Date): Promise<Record<LimitPeriod, WindowUsage>> {
  const since = (period: LimitPeriod) => new Date(now.getTime() - PERIOD_MS[period]);
  const [row] = await executor
    .select({
      day: sql<string | number | null>`coalesce(sum(${limitDeposits.amount}) filter (where ${limitDeposits.createdAt} > ${since('day')}), 0)`,
      week: sql<string | number | null>`coalesce(sum(${limitDeposits.amount}) filter (where ${limitDeposits.createdAt} > ${since('week')}), 0)`,
      month: sql<string | number | null>`coalesce(sum(${limitDeposits.amount}), 0)`,
      dayOldest: sql<Date | string | null>`min(${limitDeposits.createdAt}) filter (where ${limitDeposits.createdAt} > ${since('day')})`,
      weekOldest: sql<Date | string | null>`min(${limitDeposits.createdAt}) filter (where ${limitDeposits.createdAt} > ${since('week')})`,
      monthOldest: sql<Date | string | null>`min(${limitDeposits.createdAt})`,
    })
    .from(limitDeposits)
    .where(and(eq(limitDeposits.playerId, playerId), isNull(limitDeposits.releasedAt), gt(limitDeposits.createdAt, since('month'))));
  const at = (value: Date | string | null | undefined) => (value ? new Date(value) : null);
  return {
    day: { used: Number(row?.day ?? 0), oldestAt: at(row?.dayOldest) },
    week: { used: Number(row?.week ?? 0), oldestAt: at(row?.weekOldest) },
    month: { used: Number(row?.month ?? 0), oldestAt: at(row?.monthOldest) },
  };
}

export async function limitRows(executor: Executor, playerId: number): Promise<LimitRow[]> {
  return executor.select().from(playerLimits).where(eq(playerLimits.playerId, playerId));
}

export async function settingsRow(executor: Executor, playerId: number): Promise<SettingsRow | undefined> {
  const [row] = await executor.select().from(limitSettings).where(eq(limitSettings.playerId, playerId));
  return row;
}

/** Ids per statement when reading many players: PostgreSQL takes at most 65,535 parameters in one. */
const ID_SLICE = 5_000;

/** The time-out and self-exclusion columns of those of these players who ever had one. */
export async function exclusionsOf(executor: Executor, playerIds: number[]) {
  const rows: Pick<SettingsRow, 'playerId' | 'timeoutUntil' | 'selfExcludedUntil' | 'returnRequestedAt'>[] = [];
  for (let i = 0; i < playerIds.length; i += ID_SLICE) {
    const slice = playerIds.slice(i, i + ID_SLICE);
    rows.push(
      ...(await executor
        .select({
          playerId: limitSettings.playerId,
          timeoutUntil: limitSettings.timeoutUntil,
          selfExcludedUntil: limitSettings.selfExcludedUntil,
          returnRequestedAt: limitSettings.returnRequestedAt,
        })
        .from(limitSettings)
        .where(and(inArray(limitSettings.playerId, slice), or(isNotNull(limitSettings.timeoutUntil), isNotNull(limitSettings.selfExcludedUntil))))),
    );
  }
  return rows;
}

/** A wager or loss limit in force, as a stake is checked against it. */
export type StakeLimit = { type: 'wager' | 'loss'; period: LimitPeriod; amount: number };

/**
 * What a stake's guard reads, in one statement: the player's settings row (created empty when missing) and the
 * wager and loss limits in force, the birthdate the slot stake cap needs and the country whose profile applies (issue 17 §10: a round's reads are
 * folded, not one per table). Built once and planned once per connection: it runs before every stake.
 */
export function createStakeSettings(
  db: Database,
  birthdateSql: (playerId: Placeholder) => SQL<string | null>,
  countrySql: (playerId: Placeholder) => SQL<string | null>,
  standingSql?: (playerId: Placeholder) => SQL<string | null>,
) {
  const player = sql.placeholder('player');
  const query = db
    .select({
      settings: limitSettings,
      birthdate: sql<string | null>`${birthdateSql(player)}`,
      country: sql<string | null>`${countrySql(player)}`,
      standing: standingSql ? sql<string | null>`${standingSql(player)}` : sql<string | null>`null::text`,
      limits: sql<StakeLimit[] | string>`(
        select coalesce(json_agg(json_build_object('type', l.type, 'period', l.period, 'amount', l.amount)), '[]'::json)
        from ${playerLimits} l where l.player_id = ${player} and l.type in ('wager', 'loss') and l.amount is not null)`,
    })
    .from(limitSettings)
    .where(eq(limitSettings.playerId, player))
    .prepare(standingSql ? 'stake_settings_standing_v2' : 'stake_settings_v2');
  return async (
    playerId: number,
  ): Promise<{
    settings: SettingsRow;
    limits: StakeLimit[];
    birthdate: string | null;
    country: string | null;
    standing: string | null;
  }> => {
    let [row] = await query.execute({ player: playerId });
    if (!row) {
      await db.insert(limitSettings).values({ playerId }).onConflictDoNothing();
      [row] = await query.execute({ player: playerId });
    }
    const limits = typeof row!.limits === 'string' ? (JSON.parse(row!.limits) as StakeLimit[]) : row!.limits;
    return {
      settings: row!.settings,
      limits: limits.map((limit) => ({ ...limit, amount: Number(limit.amount) })),
      birthdate: row!.birthdate,
      country: row!.country,
      standing: row!.standing,
    };
  };
}

/** The player's settings row, created empty when missing. */
export async function ensureSettings(executor: Executor, playerId: number): Promise<SettingsRow> {
  const existing = await settingsRow(executor, playerId);
  if (existing) return existing;
  await executor.insert(limitSettings).values({ playerId }).onConflictDoNothing();
  return (await settingsRow(executor, playerId))!;
}

export async function updateSettings(executor: Executor, playerId: number, change: Partial<SettingsRow>, now: Date): Promise<void> {
  await ensureSettings(executor, playerId);
  await executor
    .update(limitSettings)
    .set({ ...change, updatedAt: now })
    .where(eq(limitSettings.playerId, playerId));
}

export async function recordChange(executor: Executor, playerId: number, actor: Actor, subject: string, oldValue: unknown, newValue: unknown, now: Date) {
  await executor.insert(limitChanges).values({ playerId, actor: actor.kind, actorId: actor.id, subject, oldValue, newValue, createdAt: now });
}

export async function changesOf(executor: Executor, playerId: number) {
  return executor
    .select()
    .from(limitChanges)
    .where(eq(limitChanges.playerId, playerId))
    .orderBy(desc(limitChanges.createdAt), desc(limitChanges.id))
    .limit(200);
}

export async function breachesOf(executor: Executor, playerId: number) {
  return executor.select().from(limitBreaches).where(eq(limitBreaches.playerId, playerId)).orderBy(desc(limitBreaches.createdAt)).limit(200);
}

/** A money limit's row as the rules see it: the amount in force and the raise or removal waiting, if any. */
export const stateOf = (row: { amount: number | null; hasPending: boolean; pendingAmount: number | null; pendingRequestedAt: Date | null }): LimitState => ({
  amount: row.amount,
  pending: row.hasPending && row.pendingRequestedAt ? { amount: row.pendingAmount, requestedAt: row.pendingRequestedAt } : null,
});

export async function writeLimit(tx: Executor, playerId: number, type: LimitType, period: LimitPeriod, state: LimitState, at: Date) {
  const values = {
    amount: state.amount,
    hasPending: state.pending !== null,
    pendingAmount: state.pending?.amount ?? null,
    pendingRequestedAt: state.pending?.requestedAt ?? null,
    updatedAt: at,
  };
  await tx
    .insert(playerLimits)
    .values({ playerId, type, period, ...values })
    .onConflictDoUpdate({ target: [playerLimits.playerId, playerLimits.type, playerLimits.period], set: values });
}

/** The limit in force at `at`, with a waiting change that has lapsed dropped. */
export async function currentState(tx: Executor, playerId: number, type: LimitType, period: LimitPeriod, at: Date): Promise<LimitState> {
  const [row] = await tx
    .select()
    .from(playerLimits)
    .where(and(eq(playerLimits.playerId, playerId), eq(playerLimits.type, type), eq(playerLimits.period, period)));
  if (!row) return { amount: null, pending: null };
  const state = stateOf(row);
  return { amount: state.amount, pending: livePending(state.pending, at) };
}

export const periods = LIMIT_PERIODS;
export { limitBreaches, limitDeposits, playerLimits };
