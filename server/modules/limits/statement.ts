// The player's limits as they stand (docs/decisions/0055-limits.md): each money limit with what its rolling window
// has used, the session settings, the exclusion and the rules of the player's jurisdiction; and the operators' view,
// with breaches and the history of changes. Read only: service.ts makes the changes.

import {
  type AdminPlayerLimits,
  LIMIT_PERIODS,
  LIMIT_TYPES,
  type LimitPeriod,
  type LimitType,
  type MoneyLimit,
  PERIOD_MS,
  type PlayerLimits,
} from '../../../contract/limits.ts';
import type { JurisdictionProfile } from '../../../contract/jurisdictions.ts';
import type { Database } from '../../db/client.ts';
import type { GameTotals } from './guards.ts';
import { COOLING_OFF_MS, depositPromptDue, exclusionAt, livePending, type OperatorStakeCaps, PENDING_LAPSE_MS, slotStakeCap, stakeCapsFor } from './rules.ts';
import { breachesOf, changesOf, depositUsage, ensureSettings, limitRows, type SettingsRow, stateOf, type WindowUsage } from './store.ts';

export const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);

export type LimitsStatementDependencies = {
  db: Database;
  currency: string;
  caps: OperatorStakeCaps;
  rulesFor: (country: string | null) => JurisdictionProfile;
  countryOf: (playerId: number) => Promise<string | null>;
  birthdateOf: (playerId: number) => Promise<string | null>;
  gameTotals: (playerId: number, since: Date[]) => Promise<GameTotals[]>;
  now: () => Date;
};

export function createLimitsStatement({ db, currency, caps, rulesFor, countryOf, birthdateOf, gameTotals, now }: LimitsStatementDependencies) {
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

  async function adminView(playerId: number): Promise<AdminPlayerLimits> {
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
  }

  return { overview, adminView, sessionSettings };
}
