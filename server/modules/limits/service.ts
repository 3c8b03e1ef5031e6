// The limits service (docs/decisions/0055-limits.md): the player's money limits with cooling-off, session limit and
// reality checks, time-out and self-exclusion, the operator's tightening, and (guards.ts) the checks in front of
// deposits and stakes.

import { and, eq, type Placeholder, type SQL } from 'drizzle-orm';
import {
  LIMIT_PERIODS,
  LIMIT_TYPES,
  type LimitPeriod,
  type LimitType,
  type MoneyLimit,
  PERIOD_MS,
  type PlayerLimits,
  type AdminPlayerLimits,
} from '../../../contract/limits.ts';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import { createLimitGuards, type GameTotals } from './guards.ts';
import {
  addMonths,
  COOLING_OFF_MS,
  confirmChange,
  DAY_MS,
  exclusionAt,
  extends_,
  livePending,
  operatorMayApply,
  PENDING_LAPSE_MS,
  requestChange,
  type LimitState,
  depositPromptDue,
  type OperatorStakeCaps,
  slotStakeCap,
  stakeCapsFor,
} from './rules.ts';
import type { JurisdictionProfile } from '../../../contract/jurisdictions.ts';
import {
  type Actor,
  breachesOf,
  changesOf,
  depositUsage,
  type Executor,
  ensureSettings,
  limitRows,
  lockPlayer,
  playerLimits,
  recordChange,
  type SettingsRow,
  updateSettings,
  type WindowUsage,
} from './store.ts';

export type { GameTotals } from './guards.ts';
export type LimitsService = ReturnType<typeof createLimitsService>;
/** A money limit's amount in force changed (null: no limit), after commit. */
export type LimitChangedListener = (change: {
  playerId: number;
  type: LimitType;
  period: LimitPeriod;
  before: number | null;
  after: number | null;
  at: Date;
}) => void;
export type ExcludedListener = (event: { playerId: number; kind: 'timeout' | 'self_exclusion'; until: Date }) => Promise<void> | void;

export type LimitsDependencies = {
  db: Database;
  currency: string;
  /** The operator's own slot stake caps (MAX_SLOT_STAKE…), on top of the jurisdiction's statutory ones. */
  caps: OperatorStakeCaps;
  /** The jurisdiction profile a resident of a country plays under (jurisdictions module, decision 0120). */
  rulesFor: (country: string | null) => JurisdictionProfile;
  /** The player's country of residence (accounts module); null when unknown. */
  countryOf: (playerId: number) => Promise<string | null>;
  /** The same as a scalar subquery, for the stake's guard. */
  countrySql: (playerId: Placeholder) => SQL<string | null>;
  /** The player's birthdate (`YYYY-MM-DD`) from the accounts module; null when unknown. */
  birthdateOf: (playerId: number) => Promise<string | null>;
  /** The same as a scalar subquery (accounts module), for the stake's guard to read in its one statement. */
  birthdateSql: (playerId: Placeholder) => SQL<string | null>;
  /** The player's standing as a scalar subquery (accounts module), for a guard that checks it too (aggregators' stakes). */
  standingSql?: (playerId: Placeholder) => SQL<string | null>;
  /** Stakes and wins of the player's real-money rounds since each instant, from the games module. */
  gameTotals: (playerId: number, since: Date[]) => Promise<GameTotals[]>;
  /** Whether `password` is the player's (accounts module). */
  checkPassword: (playerId: number, password: string) => Promise<boolean>;
  now?: () => Date;
};

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);
const key = (type: LimitType, period: LimitPeriod) => `${type}:${period}`;

export function createLimitsService(dependencies: LimitsDependencies) {
  const { db, currency, caps, birthdateOf, countryOf, rulesFor, gameTotals, checkPassword } = dependencies;
  const now = dependencies.now ?? (() => new Date());
  const excludedListeners: ExcludedListener[] = [];
  // Told after commit when a money limit's amount in force changed (the money notices, decision 0119).
  const limitChangedListeners: LimitChangedListener[] = [];
  const limitChanged = (change: Parameters<LimitChangedListener>[0]) => {
    if (change.before === change.after) return;
    for (const listener of limitChangedListeners) listener(change);
  };
  const guards = createLimitGuards({ ...dependencies, now });

  const stateOf = (row: { amount: number | null; hasPending: boolean; pendingAmount: number | null; pendingRequestedAt: Date | null }): LimitState => ({
    amount: row.amount,
    pending: row.hasPending && row.pendingRequestedAt ? { amount: row.pendingAmount, requestedAt: row.pendingRequestedAt } : null,
  });

  async function writeLimit(tx: Executor, playerId: number, type: LimitType, period: LimitPeriod, state: LimitState, at: Date) {
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

  async function currentState(tx: Executor, playerId: number, type: LimitType, period: LimitPeriod, at: Date): Promise<LimitState> {
    const [row] = await tx
      .select()
      .from(playerLimits)
      .where(and(eq(playerLimits.playerId, playerId), eq(playerLimits.type, type), eq(playerLimits.period, period)));
    if (!row) return { amount: null, pending: null };
    const state = stateOf(row);
    return { amount: state.amount, pending: livePending(state.pending, at) };
  }

  const shown = (state: LimitState) => ({
    amount: state.amount,
    pending: state.pending ? { amount: state.pending.amount, requested_at: iso(state.pending.requestedAt) } : null,
  });

  async function usages(playerId: number, at: Date): Promise<Record<LimitType, Record<LimitPeriod, WindowUsage>>> {
    const starts = LIMIT_PERIODS.map((period) => new Date(at.getTime() - PERIOD_MS[period]));
    const [deposits, totals] = await Promise.all([depositUsage(db, playerId, at), gameTotals(playerId, starts)]);
    const game = (pick: (t: GameTotals) => number) =>
      Object.fromEntries(LIMIT_PERIODS.map((period, i) => [period, { used: Math.max(0, pick(totals[i]!)), oldestAt: totals[i]!.oldestAt }])) as Record<
        LimitPeriod,
        WindowUsage
      >;
    return { deposit: deposits, wager: game((t) => t.stakes), loss: game((t) => t.stakes - t.wins) };
  }

  function sessionSettings(settings: SettingsRow, at: Date) {
    // A raised or removed session limit applies by itself once its 24 hours are over.
    if (settings.hasSessionPending && settings.sessionPendingAt && at.getTime() - settings.sessionPendingAt.getTime() >= COOLING_OFF_MS) {
      return { minutes: settings.sessionMinutesPending, pending: null };
    }
    return {
      minutes: settings.sessionMinutes,
      pending:
        settings.hasSessionPending && settings.sessionPendingAt
          ? { minutes: settings.sessionMinutesPending, effective_at: iso(new Date(settings.sessionPendingAt.getTime() + COOLING_OFF_MS))! }
          : null,
    };
  }

  async function overview(playerId: number): Promise<PlayerLimits> {
    const at = now();
    const [rows, settings, used, birthdate, country] = await Promise.all([
      limitRows(db, playerId),
      ensureSettings(db, playerId),
      usages(playerId, at),
      birthdateOf(playerId),
      countryOf(playerId),
    ]);
    const rules = rulesFor(country);
    const limits: MoneyLimit[] = [];
    for (const type of LIMIT_TYPES) {
      for (const period of LIMIT_PERIODS) {
        const row = rows.find((r) => r.type === type && r.period === period);
        if (!row) continue;
        const state = stateOf(row);
        const pending = livePending(state.pending, at);
        if (state.amount === null && !pending) continue;
        const usage = used[type][period];
        limits.push({
          type,
          period,
          amount: state.amount,
          used: usage.used,
          remaining: state.amount === null ? null : Math.max(0, state.amount - usage.used),
          resets_at: usage.used > 0 && usage.oldestAt ? iso(new Date(usage.oldestAt.getTime() + PERIOD_MS[period])) : null,
          pending: pending
            ? {
                amount: pending.amount,
                requested_at: iso(pending.requestedAt)!,
                effective_at: iso(new Date(pending.requestedAt.getTime() + COOLING_OFF_MS))!,
                lapses_at: iso(new Date(pending.requestedAt.getTime() + PENDING_LAPSE_MS))!,
              }
            : null,
        });
      }
    }
    const exclusion = exclusionAt(settings, at);
    const session = sessionSettings(settings, at);
    return {
      limits,
      currency,
      session_minutes: session.minutes,
      session_minutes_pending: session.pending,
      reality_check_minutes: settings.realityCheckMinutes,
      timeout_until: settings.timeoutUntil && settings.timeoutUntil > at ? iso(settings.timeoutUntil) : null,
      self_excluded_until: settings.selfExcludedUntil && (settings.selfExcludedUntil > at || exclusion.excluded) ? iso(settings.selfExcludedUntil) : null,
      return_at: exclusion.excluded && exclusion.kind === 'return_wait' ? iso(exclusion.until) : null,
      excluded: exclusion.excluded,
      excluded_until: exclusion.excluded ? iso(exclusion.until) : null,
      slot_stake_cap: slotStakeCap(birthdate, at, stakeCapsFor(rules.slotStakeCap, caps)),
      jurisdiction: {
        profile: rules.id,
        min_spin_ms: rules.minSpinMs,
        autoplay: rules.autoplay,
        turbo: rules.turbo,
        deposit_limit_prompt_due: depositPromptDue(rules.depositLimitPrompt, settings.depositPromptAnsweredAt, at),
        deposit_limit_prompt_answered_at: iso(settings.depositPromptAnsweredAt),
        rg_info_due: rules.rgInfoBeforeFirstStake && !settings.rgInfoAcknowledgedAt,
        self_exclusion_months: [...rules.selfExclusionMonths],
      },
    };
  }

  /** A player's own change: tightening applies at once, a raise or removal waits (24 h and a confirmation). */
  async function setLimit(playerId: number, input: { type: LimitType; period: LimitPeriod; amount: number | null }): Promise<PlayerLimits> {
    const change = await db.transaction(async (tx) => {
      await lockPlayer(tx, playerId);
      const at = now();
      const before = await currentState(tx, playerId, input.type, input.period, at);
      const after = requestChange(before, input.amount, at);
      await writeLimit(tx, playerId, input.type, input.period, after, at);
      await recordChange(tx, playerId, { kind: 'player', id: playerId }, key(input.type, input.period), shown(before), shown(after), at);
      // Setting a deposit limit answers the deposit limit prompt (decision 0121), wherever it is set.
      if (input.type === 'deposit' && after.amount !== null) {
        await updateSettings(tx, playerId, { depositPromptAnsweredAt: at, depositPromptAnswer: 'limit' }, at);
      }
      return { playerId, type: input.type, period: input.period, before: before.amount, after: after.amount, at };
    });
    limitChanged(change);
    return overview(playerId);
  }

  /**
   * The player's answer to the deposit limit prompt (decision 0121): a deposit limit (applied at once when it is a
   * first or lower one, as any limit) or an explicit "no limit". Either answers the prompt until its reminder.
   */
  async function answerDepositPrompt(playerId: number, answer: { limit: { period: LimitPeriod; amount: number } | null }): Promise<PlayerLimits> {
    if (answer.limit) return setLimit(playerId, { type: 'deposit', period: answer.limit.period, amount: answer.limit.amount });
    await db.transaction(async (tx) => {
      await lockPlayer(tx, playerId);
      const at = now();
      const settings = await ensureSettings(tx, playerId);
      await updateSettings(tx, playerId, { depositPromptAnsweredAt: at, depositPromptAnswer: 'declined' }, at);
      await recordChange(tx, playerId, { kind: 'player', id: playerId }, 'deposit_limit_prompt', iso(settings.depositPromptAnsweredAt), 'declined', at);
    });
    return overview(playerId);
  }

  /**
   * A new player's starting settings from their jurisdiction profile (decision 0120): the reality check it starts
   * with, unless the player already chose one. Run once the player's row exists (after registration).
   */
  async function applyJurisdictionDefaults(playerId: number): Promise<void> {
    const minutes = rulesFor(await countryOf(playerId)).realityCheckDefaultMinutes;
    if (!minutes) return;
    await db.transaction(async (tx) => {
      await lockPlayer(tx, playerId);
      const at = now();
      const settings = await ensureSettings(tx, playerId);
      if (settings.realityCheckMinutes !== null) return;
      await updateSettings(tx, playerId, { realityCheckMinutes: minutes, realityCheckAnsweredAt: at }, at);
      await recordChange(tx, playerId, { kind: 'system', id: null }, 'reality_check_minutes', null, minutes, at);
    });
  }

  /** The player acknowledged the responsible-gambling information their profile shows before the first stake. */
  async function acknowledgeRgInfo(playerId: number): Promise<PlayerLimits> {
    await db.transaction(async (tx) => {
      await lockPlayer(tx, playerId);
      const at = now();
      const settings = await ensureSettings(tx, playerId);
      if (settings.rgInfoAcknowledgedAt) return;
      await updateSettings(tx, playerId, { rgInfoAcknowledgedAt: at }, at);
      await recordChange(tx, playerId, { kind: 'player', id: playerId }, 'rg_info', null, iso(at), at);
    });
    return overview(playerId);
  }

  async function confirm(playerId: number, input: { type: LimitType; period: LimitPeriod }): Promise<PlayerLimits> {
    const change = await db.transaction(async (tx) => {
      await lockPlayer(tx, playerId);
      const at = now();
      const before = await currentState(tx, playerId, input.type, input.period, at);
      const outcome = confirmChange(before, at);
      if (!outcome.ok) {
        if (outcome.reason === 'too_early') {
          throw new Problem(409, `This change can be confirmed from ${outcome.effectiveAt!.toISOString()}, 24 hours after you asked for it.`, {
            type: 'cooling_off',
          });
        }
        throw new Problem(409, 'There is no change of this limit waiting for your confirmation.', { type: 'no_pending' });
      }
      await writeLimit(tx, playerId, input.type, input.period, outcome.state, at);
      await recordChange(tx, playerId, { kind: 'player', id: playerId }, key(input.type, input.period), shown(before), shown(outcome.state), at);
      return { playerId, type: input.type, period: input.period, before: before.amount, after: outcome.state.amount, at };
    });
    limitChanged(change);
    return overview(playerId);
  }

  async function cancel(playerId: number, input: { type: LimitType; period: LimitPeriod }): Promise<PlayerLimits> {
    await db.transaction(async (tx) => {
      await lockPlayer(tx, playerId);
      const at = now();
      const before = await currentState(tx, playerId, input.type, input.period, at);
      if (!before.pending) throw new Problem(409, 'There is no change of this limit waiting for your confirmation.', { type: 'no_pending' });
      const after = { amount: before.amount, pending: null };
      await writeLimit(tx, playerId, input.type, input.period, after, at);
      await recordChange(tx, playerId, { kind: 'player', id: playerId }, key(input.type, input.period), shown(before), shown(after), at);
    });
    return overview(playerId);
  }

  async function setSessionSettings(
    playerId: number,
    input: { session_minutes?: number | null; reality_check_minutes?: number | null },
  ): Promise<PlayerLimits> {
    await db.transaction(async (tx) => {
      await lockPlayer(tx, playerId);
      const at = now();
      const settings = await ensureSettings(tx, playerId);
      const actor: Actor = { kind: 'player', id: playerId };
      if (input.session_minutes !== undefined) {
        const current = sessionSettings(settings, at).minutes;
        const requested = input.session_minutes;
        const tighter = requested !== null && (current === null || requested <= current);
        const change =
          tighter || (requested === null && current === null)
            ? { sessionMinutes: requested, hasSessionPending: false, sessionMinutesPending: null, sessionPendingAt: null }
            : { sessionMinutes: current, hasSessionPending: true, sessionMinutesPending: requested, sessionPendingAt: at };
        await updateSettings(tx, playerId, change, at);
        await recordChange(tx, playerId, actor, 'session_minutes', current, tighter ? requested : { pending: requested }, at);
      }
      if (input.reality_check_minutes !== undefined) {
        await updateSettings(tx, playerId, { realityCheckMinutes: input.reality_check_minutes, realityCheckAnsweredAt: at }, at);
        await recordChange(tx, playerId, actor, 'reality_check_minutes', settings.realityCheckMinutes, input.reality_check_minutes, at);
      }
    });
    return overview(playerId);
  }

  async function exclude(
    playerId: number,
    kind: 'timeout' | 'self_exclusion',
    until: Date,
    actor: Actor,
    audit?: (tx: Database, until: Date) => Promise<void>,
  ): Promise<PlayerLimits> {
    await db.transaction(async (tx) => {
      await lockPlayer(tx, playerId);
      const at = now();
      const settings = await ensureSettings(tx, playerId);
      const current = kind === 'timeout' ? settings.timeoutUntil : settings.selfExcludedUntil;
      if (!extends_(current, until, at)) {
        throw new Problem(409, `You are already excluded until ${current!.toISOString()}; it can only be made longer.`, { type: 'excluded' });
      }
      const change: Partial<SettingsRow> = kind === 'timeout' ? { timeoutUntil: until } : { selfExcludedUntil: until, returnRequestedAt: null };
      await updateSettings(tx, playerId, change, at);
      await recordChange(tx, playerId, actor, kind, iso(current), iso(until), at);
      if (audit) await audit(tx as unknown as Database, until);
    });
    for (const listener of excludedListeners) await listener({ playerId, kind, until });
    return overview(playerId);
  }

  async function passwordOrFail(playerId: number, password: string): Promise<void> {
    if (!(await checkPassword(playerId, password)))
      throw new Problem(422, 'The password is incorrect.', { errors: { password: ['The password is incorrect.'] } });
  }

  return {
    ...guards,
    overview,
    setLimit,
    answerDepositPrompt,
    acknowledgeRgInfo,
    applyJurisdictionDefaults,
    confirm,
    cancel,
    setSessionSettings,
    /** Called after a time-out or self-exclusion starts: newsletter off, open bonuses forfeited (wired in services.ts / at merge). */
    /** Hears a player's money limit whose amount in force changed (a tightening at once, a confirmed raise or removal). */
    onLimitChanged(listener: LimitChangedListener): void {
      limitChangedListeners.push(listener);
    },
    onExcluded(listener: ExcludedListener): void {
      excludedListeners.push(listener);
    },
    async timeOut(playerId: number, days: number, password: string): Promise<PlayerLimits> {
      await passwordOrFail(playerId, password);
      return exclude(playerId, 'timeout', new Date(now().getTime() + days * DAY_MS), { kind: 'player', id: playerId });
    },
    async selfExclude(playerId: number, months: number, password: string): Promise<PlayerLimits> {
      const allowed = rulesFor(await countryOf(playerId)).selfExclusionMonths;
      if (!allowed.includes(months)) {
        throw new Problem(422, `A self-exclusion lasts ${allowed.join(', ')} months.`, { errors: { months: [`Choose ${allowed.join(', ')} months.`] } });
      }
      await passwordOrFail(playerId, password);
      return exclude(playerId, 'self_exclusion', addMonths(now(), months), { kind: 'player', id: playerId });
    },
    /** After a self-exclusion ended: the player asks to return; play opens 24 hours later. */
    async requestReturn(playerId: number): Promise<PlayerLimits> {
      await db.transaction(async (tx) => {
        await lockPlayer(tx, playerId);
        const at = now();
        const settings = await ensureSettings(tx, playerId);
        const state = exclusionAt(settings, at);
        if (!state.excluded || state.kind !== 'return_wait' || state.until !== null) {
          throw new Problem(409, 'There is no ended self-exclusion to return from.', { type: 'no_exclusion' });
        }
        await updateSettings(tx, playerId, { returnRequestedAt: at }, at);
        await recordChange(tx, playerId, { kind: 'player', id: playerId }, 'return', null, iso(at), at);
      });
      return overview(playerId);
    },

    // --- operators ---------------------------------------------------------------------------------------------
    async adminView(playerId: number): Promise<AdminPlayerLimits> {
      const [base, breaches, changes] = await Promise.all([overview(playerId), breachesOf(db, playerId), changesOf(db, playerId)]);
      return {
        ...base,
        breaches: breaches.map((b) => ({ at: b.createdAt.toISOString(), kind: b.kind, amount: b.amount, reference: b.reference, detail: b.detail })),
        changes: changes.map((c) => ({
          at: c.createdAt.toISOString(),
          actor: c.actor,
          actor_id: c.actorId === null ? null : String(c.actorId),
          subject: c.subject,
          old_value: c.oldValue,
          new_value: c.newValue,
        })),
      };
    },
    /**
     * An operator sets a first or a lower limit; a raise or removal is refused (only the player can raise). The
     * operator's `audit` row is written in the change's transaction, as for the time-out and self-exclusion below.
     */
    async operatorTighten(
      operatorId: number,
      playerId: number,
      input: { type: LimitType; period: LimitPeriod; amount: number },
      audit?: (tx: Database) => Promise<void>,
    ): Promise<AdminPlayerLimits> {
      const change = await db.transaction(async (tx) => {
        await lockPlayer(tx, playerId);
        const at = now();
        const before = await currentState(tx, playerId, input.type, input.period, at);
        if (!operatorMayApply(before.amount, input.amount)) {
          throw new Problem(422, 'Operators may only set a first limit or lower one.', {
            errors: { amount: ['The amount must be lower than the limit in force.'] },
          });
        }
        const after = { amount: input.amount, pending: null };
        await writeLimit(tx, playerId, input.type, input.period, after, at);
        await recordChange(tx, playerId, { kind: 'operator', id: operatorId }, key(input.type, input.period), shown(before), shown(after), at);
        if (audit) await audit(tx as unknown as Database);
        return { playerId, type: input.type, period: input.period, before: before.amount, after: after.amount, at };
      });
      // The player hears of a limit the operator set, as of their own (one notice; decision 0119).
      limitChanged(change);
      return this.adminView(playerId);
    },
    async operatorTimeOut(
      operatorId: number,
      playerId: number,
      days: number,
      audit?: (tx: Database, until: Date) => Promise<void>,
    ): Promise<AdminPlayerLimits> {
      await exclude(playerId, 'timeout', new Date(now().getTime() + days * DAY_MS), { kind: 'operator', id: operatorId }, audit);
      return this.adminView(playerId);
    },
    async operatorSelfExclude(
      operatorId: number,
      playerId: number,
      months: number,
      audit?: (tx: Database, until: Date) => Promise<void>,
    ): Promise<AdminPlayerLimits> {
      await exclude(playerId, 'self_exclusion', addMonths(now(), months), { kind: 'operator', id: operatorId }, audit);
      return this.adminView(playerId);
    },
  };
}
