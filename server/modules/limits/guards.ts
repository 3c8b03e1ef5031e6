// The checks in front of money (docs/decisions/0055-limits.md): a deposit is counted against the deposit limits
// under the player's advisory lock in the transaction that records it, before any gateway is involved; a stake
// is checked against exclusion, the session limit, a due reality check, the jurisdiction's rules (decision 0120) and
// the wager and loss limits before any money moves (the rounds service runs one player's rounds one at a time, so
// the spin clock's read and write cannot interleave for one player).

import { and, eq, isNull, type Placeholder, type SQL } from 'drizzle-orm';
import { LIMIT_PERIODS, type LimitPeriod, type LimitSession, type LimitType, PERIOD_LABEL, PERIOD_MS } from '../../../contract/limits.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { Database } from '../../db/client.ts';
import { invalid, Problem } from '../../problem.ts';
import type { JurisdictionProfile } from '../../../contract/jurisdictions.ts';
import {
  depositPromptDue,
  exclusionAt,
  type OperatorStakeCaps,
  realityCheckDueAt,
  sessionAlive,
  sessionEndsAt,
  slotStakeCap,
  spinWaitMs,
  stakeCapsFor,
} from './rules.ts';
import {
  depositUsage,
  type Executor,
  ensureSettings,
  exclusionsOf,
  limitBreaches,
  limitDeposits,
  limitRows,
  lockPlayer,
  type SettingsRow,
  settingsRow,
  createStakeSettings,
  type StakeLimit,
  updateSettings,
} from './store.ts';

/** A player's stakes and wins since an instant, and when the oldest round counted was played. */
export type GameTotals = { stakes: number; wins: number; oldestAt: Date | null };

/** What a stake is, as the guard needs it: its amount, the game kind and the request field that named it. */
/**
 * A stake to check. `standing`: the caller has not checked the player's account (an aggregator's call has no session
 * of ours), so a blocked or not activated account is refused here too, read in the same statement as the limits.
 */
export type StakeRequest = { stake: number; engine: string; field: string; standing?: boolean };

type GuardDependencies = {
  db: Database;
  currency: string;
  /** The operator's own slot stake caps, on top of the jurisdiction's (decision 0120). */
  caps: OperatorStakeCaps;
  /** The player's birthdate as a scalar subquery, read in the stake's one settings statement. */
  birthdateSql: (playerId: Placeholder) => SQL<string | null>;
  /** The player's country of residence as a scalar subquery (accounts module), read in the same statement. */
  countrySql: (playerId: Placeholder) => SQL<string | null>;
  /** The player's country of residence (accounts module), for the deposit's checks. */
  countryOf: (playerId: number) => Promise<string | null>;
  /** The jurisdiction profile a resident of a country plays under (jurisdictions module, decision 0120). */
  rulesFor: (country: string | null) => JurisdictionProfile;
  /** The player's standing (`blocked`, `inactive`, `active`) as a scalar subquery, read in the same statement. */
  standingSql?: (playerId: Placeholder) => SQL<string | null>;
  gameTotals: (playerId: number, since: Date[]) => Promise<GameTotals[]>;
  now: () => Date;
};

/** How stale a session's last-seen time may get before an activity writes it again. */
const SEEN_EVERY_MS = 60_000;

const day = (value: Date) => `${value.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

/** The refusal of a stake before the responsible-gambling information was acknowledged (MGA, decision 0120). */
export const RG_INFO_MESSAGE = 'Before your first stake, please read how to play safely under Account → Limits and confirm that you have read it.';
/** The refusal of a deposit before the deposit limit prompt was answered (UKGC, decision 0121). */
export const DEPOSIT_PROMPT_MESSAGE = 'Before you deposit, please set a deposit limit or tell us that you do not want one.';

export function createLimitGuards({ db, currency, caps, birthdateSql, countrySql, countryOf, rulesFor, standingSql, gameTotals, now }: GuardDependencies) {
  const money = (amount: number) => formatMoney(amount, currency);
  const stakeSettings = createStakeSettings(db, birthdateSql, countrySql, standingSql);

  /** 403 `deposit_limit_prompt` while the player's profile asks the deposit limit prompt and it is unanswered (or due again). */
  function refuseUnansweredPrompt(rules: JurisdictionProfile, settings: SettingsRow | undefined, at: Date): void {
    if (depositPromptDue(rules.depositLimitPrompt, settings?.depositPromptAnsweredAt ?? null, at)) {
      throw new Problem(403, DEPOSIT_PROMPT_MESSAGE, { type: 'deposit_limit_prompt' });
    }
  }

  function limitRefusal(what: string, type: LimitType, period: LimitPeriod, amount: number, remaining: number): Problem {
    return new Problem(
      403,
      `This ${what} would pass your ${type} limit of ${money(amount)} for ${PERIOD_LABEL[period]}: ${money(Math.max(0, remaining))} is left.`,
      { type: 'limit', body: { limit: { type, period, amount, remaining: Math.max(0, remaining) } } },
    );
  }

  /** 403 `excluded` during a time-out, a self-exclusion or the wait to return; nothing otherwise. */
  function refuseExcluded(settings: SettingsRow | undefined, at: Date): void {
    if (!settings) return;
    const state = exclusionAt(settings, at);
    if (!state.excluded) return;
    const message =
      state.kind === 'timeout'
        ? `You are taking a time-out until ${day(state.until!)}. Deposits, games and bonuses are closed until then; you can still sign in, see your history and withdraw your balance.`
        : state.kind === 'self_exclusion'
          ? `You have excluded yourself from play until ${day(state.until!)}. Deposits, games and bonuses are closed until then; you can still sign in, see your history and withdraw your balance.`
          : state.until
            ? `Your self-exclusion has ended and you asked to return: play opens again at ${day(state.until)}.`
            : 'Your self-exclusion has ended. To play again, ask to return under Account → Limits; play opens 24 hours later.';
    throw new Problem(403, message, { type: 'excluded', body: { excluded_until: state.until?.toISOString() ?? null } });
  }

  /** The wager and loss limits, the stake counted as the worst-case loss (403 `limit`). */
  async function wagerAndLossCheck(playerId: number, stake: number, limits: StakeLimit[], at: Date): Promise<void> {
    if (limits.length === 0) return;
    const totals = await gameTotals(
      playerId,
      LIMIT_PERIODS.map((period) => new Date(at.getTime() - PERIOD_MS[period])),
    );
    for (const [index, period] of LIMIT_PERIODS.entries()) {
      const total = totals[index]!;
      for (const limit of limits.filter((row) => row.period === period)) {
        const used = limit.type === 'wager' ? total.stakes : Math.max(0, total.stakes - total.wins);
        const remaining = limit.amount - used;
        if (stake > remaining) throw limitRefusal('stake', limit.type, period, limit.amount, remaining);
      }
    }
  }

  async function depositLimitCheck(executor: Executor, playerId: number, amount: number, at: Date): Promise<void> {
    const limits = (await limitRows(executor, playerId)).filter((row) => row.type === 'deposit' && row.amount !== null);
    if (limits.length === 0) return;
    const usage = await depositUsage(executor, playerId, at);
    for (const period of LIMIT_PERIODS) {
      const limit = limits.find((row) => row.period === period);
      if (!limit) continue;
      const remaining = limit.amount! - usage[period].used;
      if (amount > remaining) throw limitRefusal('deposit', 'deposit', period, limit.amount!, remaining);
    }
  }

  /**
   * The session running at `at`, started anew after 30 idle minutes or with a new login token. Its last-seen time
   * is written at most once a minute, so a run of stakes does not write on every one.
   */
  async function currentSession(executor: Executor, playerId: number, at: Date, tokenId: number | null, known?: SettingsRow): Promise<SettingsRow> {
    const settings = known ?? (await ensureSettings(executor, playerId));
    const newToken = tokenId !== null && settings.sessionTokenId !== null && settings.sessionTokenId !== tokenId;
    if (!settings.sessionStartedAt || newToken || !sessionAlive(settings.sessionSeenAt, at)) {
      const change = { sessionTokenId: tokenId, sessionStartedAt: at, sessionSeenAt: at, realityCheckAnsweredAt: at };
      await updateSettings(executor, playerId, change, at);
      return { ...settings, ...change };
    }
    const adopt = tokenId !== null && settings.sessionTokenId === null;
    if (!adopt && settings.sessionSeenAt && at.getTime() - settings.sessionSeenAt.getTime() < SEEN_EVERY_MS) return settings;
    const change: Partial<SettingsRow> = { sessionSeenAt: at, ...(adopt ? { sessionTokenId: tokenId } : {}) };
    await updateSettings(executor, playerId, change, at);
    return { ...settings, ...change };
  }

  const clockOf = (settings: SettingsRow) => ({
    startedAt: settings.sessionStartedAt!,
    realityCheckAnsweredAt: settings.realityCheckAnsweredAt,
    realityCheckMinutes: settings.realityCheckMinutes,
    sessionMinutes: effectiveSessionMinutes(settings, now()),
  });

  function effectiveSessionMinutes(settings: SettingsRow, at: Date): number | null {
    if (settings.hasSessionPending && settings.sessionPendingAt && at.getTime() - settings.sessionPendingAt.getTime() >= PERIOD_MS.day) {
      return settings.sessionMinutesPending;
    }
    return settings.sessionMinutes;
  }

  async function sessionView(playerId: number, settings: SettingsRow, at: Date): Promise<LimitSession> {
    const clock = clockOf(settings);
    const [totals] = await gameTotals(playerId, [clock.startedAt]);
    const dueAt = realityCheckDueAt(clock);
    const endsAt = sessionEndsAt(clock);
    return {
      started_at: clock.startedAt.toISOString(),
      minutes: Math.floor((at.getTime() - clock.startedAt.getTime()) / 60_000),
      stakes: totals?.stakes ?? 0,
      wins: totals?.wins ?? 0,
      net: (totals?.wins ?? 0) - (totals?.stakes ?? 0),
      currency,
      reality_check: dueAt ? { every_minutes: clock.realityCheckMinutes!, due_at: dueAt.toISOString(), due: at >= dueAt } : null,
      session_limit: endsAt ? { minutes: clock.sessionMinutes!, ends_at: endsAt.toISOString(), reached: at >= endsAt } : null,
    };
  }

  return {
    /**
     * Counts a deposit against the player's deposit limits, refusing it (403 `excluded` or `limit`) when it would
     * pass one; `reference` makes it idempotent (a replay is not counted twice, nor refused). A pending deposit
     * counts from the moment it is asked for. Call before any gateway is involved.
     */
    async reserveDeposit({ playerId, amount, reference }: { playerId: number; amount: number; reference: string }): Promise<void> {
      const rules = rulesFor(await countryOf(playerId));
      await db.transaction(async (tx) => {
        await lockPlayer(tx, playerId);
        const [earlier] = await tx.select({ id: limitDeposits.id }).from(limitDeposits).where(eq(limitDeposits.reference, reference));
        if (earlier) return;
        const at = now();
        const settings = await settingsRow(tx, playerId);
        refuseExcluded(settings, at);
        refuseUnansweredPrompt(rules, settings, at);
        await depositLimitCheck(tx, playerId, amount, at);
        await tx.insert(limitDeposits).values({ playerId, reference, amount, createdAt: at });
      });
    },

    /** A declined deposit no longer counts against the limits. */
    async releaseDeposit(reference: string): Promise<void> {
      await db
        .update(limitDeposits)
        .set({ releasedAt: now() })
        .where(and(eq(limitDeposits.reference, reference), isNull(limitDeposits.releasedAt)));
    },

    /**
     * A deposit was credited: money that arrived cannot be refused. One released as declined, or never counted,
     * counts again, and when that passes a deposit limit the breach is flagged for review.
     */
    async depositCredited({ playerId, amount, reference }: { playerId: number; amount: number; reference: string }): Promise<void> {
      await db.transaction(async (tx) => {
        await lockPlayer(tx, playerId);
        const [row] = await tx.select().from(limitDeposits).where(eq(limitDeposits.reference, reference));
        if (row && row.releasedAt === null) return;
        const at = now();
        let breach: string | null = null;
        try {
          await depositLimitCheck(tx, playerId, amount, at);
        } catch (error) {
          if (!(error instanceof Problem)) throw error;
          breach = error.message;
        }
        if (row) await tx.update(limitDeposits).set({ releasedAt: null }).where(eq(limitDeposits.id, row.id));
        else await tx.insert(limitDeposits).values({ playerId, reference, amount, createdAt: at });
        if (breach) await tx.insert(limitBreaches).values({ playerId, kind: 'deposit', amount, reference, detail: breach, createdAt: at });
      });
    },

    /** For bonus claims that need a deposit: refuses (403) when excluded or when `amount` would pass a deposit limit. Counts nothing. */
    async assertMayDeposit(playerId: number, amount: number): Promise<void> {
      const at = now();
      const settings = await settingsRow(db, playerId);
      refuseExcluded(settings, at);
      refuseUnansweredPrompt(rulesFor(await countryOf(playerId)), settings, at);
      await depositLimitCheck(db, playerId, amount, at);
    },

    /**
     * Of these players, those kept from play now: during a time-out, a self-exclusion or the wait to return after
     * one. Marketing may not reach them either (docs/decisions/0056).
     */
    async keptFromPlay(playerIds: number[]): Promise<Set<number>> {
      const at = now();
      const rows = await exclusionsOf(db, playerIds);
      return new Set(rows.filter((row) => exclusionAt(row, at).excluded).map((row) => row.playerId));
    },

    /** For anything that is play (bonus claims, free spins, crash bets): refuses 403 `excluded` during an exclusion. */
    async assertMayPlay(playerId: number): Promise<void> {
      refuseExcluded(await settingsRow(db, playerId), now());
    },

    /**
     * In front of every real-money stake, before any money moves: exclusion (403 `excluded`), the session limit
     * (403 `limit`), a due and unanswered reality check (403 `reality_check`), then the player's jurisdiction
     * profile (decision 0120): the responsible-gambling information acknowledged (403 `rg_info`), the minimum time
     * between slot spins (429 `spin_time`) and the slot stake cap for their age (422 on the stake's field); last the
     * wager and loss limits, the stake counted as the worst-case loss (403 `limit`).
     */
    async guardStake(playerId: number, { stake, engine, field, standing: checkStanding = false }: StakeRequest): Promise<void> {
      const at = now();
      const { settings: known, limits, birthdate, country, standing } = await stakeSettings(playerId);
      if (checkStanding) {
        if (!standingSql) throw new Error('guardStake: the standing was asked for, but no standingSql was given');
        if (standing === 'blocked') throw new Problem(423, 'Your account is blocked.');
        if (standing !== 'active') throw new Problem(403, 'Your account is not activated.');
      }
      refuseExcluded(known, at);
      const settings = await currentSession(db, playerId, at, null, known);
      const clock = clockOf(settings);
      const endsAt = sessionEndsAt(clock);
      if (endsAt && at >= endsAt) {
        throw new Problem(403, `You reached your session limit of ${clock.sessionMinutes} minutes. Take a break: sign out and come back later.`, {
          type: 'limit',
          body: { limit: { type: 'session', period: null, amount: clock.sessionMinutes, remaining: 0 } },
        });
      }
      const dueAt = realityCheckDueAt(clock);
      if (dueAt && at >= dueAt) {
        throw new Problem(403, 'Time for a reality check: please look at your session before you play on.', { type: 'reality_check' });
      }
      const rules = rulesFor(country);
      if (rules.rgInfoBeforeFirstStake && !settings.rgInfoAcknowledgedAt) throw new Problem(403, RG_INFO_MESSAGE, { type: 'rg_info' });
      const slot = engine === 'slot';
      if (slot) {
        const wait = spinWaitMs(settings.lastSlotSpinAt, at, rules.minSpinMs);
        if (wait > 0) {
          throw new Problem(429, `Please wait a moment: a new spin can start ${rules.minSpinMs! / 1000} seconds after the last one.`, {
            type: 'spin_time',
            body: { retry_after_ms: wait },
          });
        }
        const cap = slotStakeCap(birthdate, at, stakeCapsFor(rules.slotStakeCap, caps));
        if (cap !== null && stake > cap) throw invalid({ [field]: [`The stake may not be greater than ${money(cap)} a spin.`] });
      }
      await wagerAndLossCheck(playerId, stake, limits, at);
      // Written only once every check passed: a refused spin does not restart the clock.
      if (slot && rules.minSpinMs) await updateSettings(db, playerId, { lastSlotSpinAt: at }, at);
    },

    /** The player's session as the reality check shows it; `tokenId` tells a new login from the running session. */
    async session(playerId: number, tokenId: number): Promise<LimitSession> {
      const at = now();
      return sessionView(playerId, await currentSession(db, playerId, at, tokenId), at);
    },

    /** The player answered the reality check with Continue: the next one is due an interval from now. */
    async answerRealityCheck(playerId: number, tokenId: number): Promise<LimitSession> {
      const at = now();
      await currentSession(db, playerId, at, tokenId);
      await updateSettings(db, playerId, { realityCheckAnsweredAt: at }, at);
      return sessionView(playerId, await ensureSettings(db, playerId), at);
    },

    /** Staging only (the browser tests): the running session began `minutes` earlier, as if that time had passed. */
    async rewindSession(playerId: number, minutes: number): Promise<void> {
      const settings = await ensureSettings(db, playerId);
      if (!settings.sessionStartedAt) return;
      const back = (at: Date | null) => (at ? new Date(at.getTime() - minutes * 60_000) : null);
      await updateSettings(
        db,
        playerId,
        { sessionStartedAt: back(settings.sessionStartedAt), realityCheckAnsweredAt: back(settings.realityCheckAnsweredAt) },
        now(),
      );
    },
  };
}
