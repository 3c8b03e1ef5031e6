// The limits service (docs/decisions/0055-limits.md): the player's money limits with cooling-off, session limit and
// reality checks, time-out and self-exclusion, the operator's tightening; (statement.ts) the limits as they stand,
// and (guards.ts) the checks in front of deposits and stakes.

import type { Placeholder, SQL } from 'drizzle-orm';
import type { AdminPlayerLimits, LimitPeriod, LimitType, PlayerLimits } from '../../../contract/limits.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import { createLimitGuards, type GameTotals } from './guards.ts';
import { addMonths, confirmChange, DAY_MS, exclusionAt, extends_, operatorMayApply, requestChange, type LimitState, type OperatorStakeCaps } from './rules.ts';
import type { JurisdictionProfile } from '../../../contract/jurisdictions.ts';
import { createLimitsStatement, iso } from './statement.ts';
import { type Publish, publishNowhere } from '../shared/events.ts';
import type { LimitChange, LimitsEvents } from './events.ts';
import { type Actor, currentState, ensureSettings, lockPlayer, recordChange, type SettingsRow, updateSettings, writeLimit } from './store.ts';

export type { GameTotals } from './guards.ts';
export type LimitsService = ReturnType<typeof createLimitsService>;
export type { LimitChange } from './events.ts';

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
  /** Tells the others what happened (limits/events.ts); no one hears when omitted. */
  publish?: Publish<LimitsEvents>;
};

const key = (type: LimitType, period: LimitPeriod) => `${type}:${period}`;

export function createLimitsService(dependencies: LimitsDependencies) {
  const { db, countryOf, rulesFor, checkPassword } = dependencies;
  const now = dependencies.now ?? (() => new Date());
  const publish = dependencies.publish ?? publishNowhere;
  // After commit, when a money limit's amount in force changed (the money notices, decision 0119).
  const limitChanged = (change: LimitChange) => {
    if (change.before === change.after) return;
    void publish('LimitChanged', change);
  };
  const guards = createLimitGuards({ ...dependencies, now });
  const { overview, adminView, sessionSettings } = createLimitsStatement({ ...dependencies, now });

  const shown = (state: LimitState) => ({
    amount: state.amount,
    pending: state.pending ? { amount: state.pending.amount, requested_at: iso(state.pending.requestedAt) } : null,
  });

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
    audit?: (tx: Transaction, until: Date) => Promise<void>,
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
      if (audit) await audit(tx, until);
    });
    // Awaited: marketing has stopped and open bonuses are forfeited when the exclusion answers.
    await publish('PlayerExcluded', { playerId, kind, until });
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
    adminView,
    /**
     * An operator sets a first or a lower limit; a raise or removal is refused (only the player can raise). The
     * operator's `audit` row is written in the change's transaction, as for the time-out and self-exclusion below.
     */
    async operatorTighten(
      operatorId: number,
      playerId: number,
      input: { type: LimitType; period: LimitPeriod; amount: number },
      audit?: (tx: Transaction) => Promise<void>,
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
        if (audit) await audit(tx);
        return { playerId, type: input.type, period: input.period, before: before.amount, after: after.amount, at };
      });
      // The player hears of a limit the operator set, as of their own (one notice; decision 0119).
      limitChanged(change);
      return adminView(playerId);
    },
    async operatorTimeOut(
      operatorId: number,
      playerId: number,
      days: number,
      audit?: (tx: Transaction, until: Date) => Promise<void>,
    ): Promise<AdminPlayerLimits> {
      await exclude(playerId, 'timeout', new Date(now().getTime() + days * DAY_MS), { kind: 'operator', id: operatorId }, audit);
      return adminView(playerId);
    },
    async operatorSelfExclude(
      operatorId: number,
      playerId: number,
      months: number,
      audit?: (tx: Transaction, until: Date) => Promise<void>,
    ): Promise<AdminPlayerLimits> {
      await exclude(playerId, 'self_exclusion', addMonths(now(), months), { kind: 'operator', id: operatorId }, audit);
      return adminView(playerId);
    },
  };
}
