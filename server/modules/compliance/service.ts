import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { TransferResult } from '../ledger/service.ts';
import type { LimitChange } from '../limits/events.ts';
import { tightens } from '../limits/rules.ts';
import type { AuditService } from '../operators/audit.ts';
import { createAlerts, toAlert } from './alerts.ts';
import { createCases } from './cases.ts';
import { createInterventions } from './interventions.ts';
import { type EventKind, evaluateRules, historyNeeded, PLAY_RULES_WITHOUT_HISTORY, type RuleEvent } from './rules.ts';
import { complianceAlerts, complianceEvents } from './schema.ts';
import { createThresholds } from './thresholds.ts';

// The compliance module (issue 33 §2, §5, §6; docs/decisions/0114, 0115): it hears the other modules' domain
// events after commit, keeps them as its own rows, runs the rules over each player's recent ones, and records the
// hits as alerts (one per dedupe key). Alerts with a hold keep the player's withdrawals pending until closed.
// The alerts themselves are alerts.ts's, the staff's thresholds thresholds.ts's, the cases cases.ts's.

export const HOLD_REASON = 'Withdrawals are on hold pending a compliance review.';
type Audit = Pick<AuditService, 'audited' | 'record' | 'actionsOn'>;
export type ComplianceService = ReturnType<typeof createComplianceService>;

export type ComplianceDependencies = {
  db: Database;
  audit: Audit;
  /** Stakes and wins since an instant (the game modules' totals), for rapid in-out and per-round play. */
  playTotals?: (playerId: number, since: Date) => Promise<{ stakes: number; wins: number }>;
  /** Players linked to this one; by default read from the linked-account alerts the linking module raised here. */
  linkedPlayers?: (playerId: number) => Promise<number[]>;
  now?: () => Date;
  logger?: FastifyBaseLogger;
};

/** A player's play is evaluated with its history (long sessions, night play) at most once per this much play. */
export const PLAY_HISTORY_EVERY_MS = 60_000;

export function createComplianceService({ db, audit, playTotals, linkedPlayers: linkedPort, now = () => new Date(), logger }: ComplianceDependencies) {
  /** The players a `linked` alert (facts.linkedPlayerId, decision 0112) ties to this one, either way round. */
  const linkedFromAlerts = async (playerId: number): Promise<number[]> => {
    const rows = await db
      .select({ playerId: complianceAlerts.playerId, other: sql<string | null>`${complianceAlerts.facts}->>'linkedPlayerId'` })
      .from(complianceAlerts)
      .where(
        and(
          eq(complianceAlerts.kind, 'linked'),
          sql`(${complianceAlerts.playerId} = ${playerId} or ${complianceAlerts.facts}->>'linkedPlayerId' = ${String(playerId)})`,
        ),
      );
    return [
      ...new Set(rows.map((row) => (row.playerId === playerId ? Number(row.other) : row.playerId)).filter((id) => Number.isInteger(id) && id !== playerId)),
    ];
  };
  const linkedPlayers = linkedPort ?? linkedFromAlerts;
  const cases = createCases({ db, audit, now });
  const alerts = createAlerts({ db, audit, now, openCases: () => cases.openCount() });
  const thresholds = createThresholds({ db, audit, now });
  const raise = alerts.raise;
  /**
   * When each player's play was last evaluated with its history, by event time (this node's memory). Back-to-back
   * rounds are each checked by the rules that need no history (large stakes and wins); the session and night rules,
   * which read days of play, run at most once per PLAY_HISTORY_EVERY_MS of a player's play (decision 0114).
   */
  const playHistoryCheckedAt = new Map<number, number>();

  /** The players among these with an open alert that holds their withdrawals. */
  async function heldPlayers(playerIds: readonly number[]): Promise<Set<number>> {
    if (playerIds.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ playerId: complianceAlerts.playerId })
      .from(complianceAlerts)
      .where(and(inArray(complianceAlerts.playerId, [...playerIds]), eq(complianceAlerts.status, 'open'), eq(complianceAlerts.holdWithdrawals, true)));
    return new Set(rows.map((row) => row.playerId));
  }

  /** Records one event (once per kind and reference) and runs the rules on it; the hits become alerts. */
  async function record(playerId: number, event: { kind: EventKind; amount?: number; reference: string; facts?: Record<string, unknown>; at?: Date }) {
    const at = event.at ?? now();
    const [inserted] = await db
      .insert(complianceEvents)
      .values({ playerId, kind: event.kind, amount: event.amount ?? 0, reference: event.reference, facts: event.facts ?? {}, at })
      .onConflictDoNothing()
      .returning({ id: complianceEvents.id });
    if (!inserted) return [];
    const set = await thresholds.current();
    if (event.kind === 'play') {
      const last = playHistoryCheckedAt.get(playerId);
      if (last !== undefined && at.getTime() >= last && at.getTime() - last < PLAY_HISTORY_EVERY_MS) {
        const current: RuleEvent = { kind: 'play', amount: event.amount ?? 0, at, reference: event.reference, facts: event.facts ?? {} };
        const hits = evaluateRules({ playerId, event: current, history: [current] }, set, PLAY_RULES_WITHOUT_HISTORY);
        for (const hit of hits) await raise({ playerId, ...hit });
        return hits;
      }
      if (playHistoryCheckedAt.size >= 100_000) playHistoryCheckedAt.clear();
      playHistoryCheckedAt.set(playerId, at.getTime());
    }
    const needed = historyNeeded(event.kind, set);
    if (!needed) return [];
    // Only the kinds and the window the rules for this kind read; events after this one are not its history.
    const rows = await db
      .select({
        kind: complianceEvents.kind,
        amount: complianceEvents.amount,
        at: complianceEvents.at,
        reference: complianceEvents.reference,
        facts: complianceEvents.facts,
      })
      .from(complianceEvents)
      .where(
        and(
          eq(complianceEvents.playerId, playerId),
          inArray(complianceEvents.kind, needed.kinds),
          gte(complianceEvents.at, new Date(at.getTime() - needed.ms)),
          lte(complianceEvents.at, at),
        ),
      )
      .orderBy(desc(complianceEvents.at), desc(complianceEvents.id))
      .limit(5000);
    const history: RuleEvent[] = rows.reverse().map((row) => ({ ...row, kind: row.kind as EventKind }));
    const current = history.find((e) => e.kind === event.kind && e.reference === event.reference);
    if (!current) return [];
    let linkedClaims: number[] | undefined;
    if (event.kind === 'bonus_claim') {
      const linked = await linkedPlayers(playerId);
      if (linked.length > 0) {
        const claims = await db
          .select({ playerId: complianceEvents.playerId })
          .from(complianceEvents)
          .where(
            and(
              inArray(complianceEvents.playerId, linked),
              eq(complianceEvents.kind, 'bonus_claim'),
              sql`${complianceEvents.facts}->>'offer' = ${String(event.facts?.offer)}`,
            ),
          );
        linkedClaims = [...new Set(claims.map((c) => c.playerId))];
      }
    }
    const hits = evaluateRules({ playerId, event: current, history, linkedClaims }, set);
    for (const hit of hits) await raise({ playerId, ...hit });
    return hits;
  }

  /** Runs `work` after the caller's answer; a failure is logged, never thrown at the module that told us. */
  const inFlight = new Set<Promise<unknown>>();
  const later = (what: string, playerId: number, work: () => Promise<unknown>) => {
    const running = work()
      .catch((error: unknown) => logger?.warn({ err: error, playerId }, `compliance ${what} failed`))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  };
  const positive = (journal: TransferResult) => journal.entries.reduce((sum, entry) => sum + Math.max(0, entry.amount), 0);

  /** A raised or removed limit took effect: recorded for the rule limit-increases. */
  function limitIncreased(change: { playerId: number; id: string | number; kind: string; at?: Date }) {
    later('limit change', change.playerId, () =>
      record(change.playerId, { kind: 'limit_increase', reference: String(change.id), at: change.at, facts: { limit: change.kind } }),
    );
  }

  return {
    alerts: { raise, list: alerts.list, summary: alerts.summary, get: alerts.get, close: alerts.close },

    /** Which of these players have an open alert holding their withdrawals (the withdrawals queue, one query). */
    heldPlayers,

    /** Why the player's withdrawals must wait (an open alert that holds them); null when they need not. */
    async withdrawalHold(playerId: number): Promise<string | null> {
      return (await heldPlayers([playerId])).has(playerId) ? HOLD_REASON : null;
    },

    record,

    /** Resolves once every evaluation started so far has finished (tests; a graceful stop). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    /** The other modules' events, as services.ts subscribes them; each is evaluated after the caller's answer. */
    hear: {
      committed(journal: TransferResult, playerIds: number[]) {
        const playerId = playerIds[0];
        if (playerIds.length !== 1 || playerId === undefined) return;
        const kind = ({ deposit: 'deposit', withdrawal: 'withdrawal_paid', withdrawal_release: 'withdrawal_released' } as const)[journal.type as string] as
          | EventKind
          | undefined;
        if (!kind) return;
        later(kind, playerId, () => record(playerId, { kind, amount: positive(journal), reference: String(journal.id), at: journal.createdAt }));
      },
      withdrawalRequested(request: { playerId: number; id: string; amount: number; method: string; destination: string; at: Date }) {
        later('withdrawal', request.playerId, async () => {
          const [lastDeposit] = await db
            .select({ at: complianceEvents.at })
            .from(complianceEvents)
            .where(and(eq(complianceEvents.playerId, request.playerId), eq(complianceEvents.kind, 'deposit')))
            .orderBy(desc(complianceEvents.at))
            .limit(1);
          const staked = lastDeposit && playTotals ? (await playTotals(request.playerId, lastDeposit.at)).stakes : 0;
          return record(request.playerId, {
            kind: 'withdrawal_request',
            amount: request.amount,
            reference: request.id,
            at: request.at,
            facts: { method: request.method, destination: request.destination, staked_since_deposit: staked },
          });
        });
      },
      /** A round (or bet) settled: its stakes and wins are the play since the player's last recorded play. */
      roundPlayed(playerId: number) {
        if (!playTotals) return;
        later('play', playerId, async () => {
          const at = now();
          const [last] = await db
            .select({ at: complianceEvents.at })
            .from(complianceEvents)
            .where(and(eq(complianceEvents.playerId, playerId), eq(complianceEvents.kind, 'play')))
            .orderBy(desc(complianceEvents.at))
            .limit(1);
          const since = last ? new Date(last.at.getTime() + 1) : new Date(at.getTime() - 60_000);
          const played = await playTotals(playerId, since);
          if (played.stakes === 0 && played.wins === 0) return;
          return record(playerId, { kind: 'play', amount: played.stakes, reference: `${playerId}:${at.toISOString()}`, at, facts: { wins: played.wins } });
        });
      },
      bonusClaimed(claim: { playerId: number; bonusId: string; offer: string; at?: Date }) {
        later('bonus claim', claim.playerId, () =>
          record(claim.playerId, { kind: 'bonus_claim', reference: claim.bonusId, at: claim.at, facts: { offer: claim.offer } }),
        );
      },
      registered(player: { id: number }) {
        later('registration', player.id, () => record(player.id, { kind: 'registration', reference: String(player.id) }));
      },
      signedIn(signIn: { playerId: number; at: Date; id?: string | number; deviceId?: string | null }) {
        // The device as a short digest: the rules compare devices, and the officer needs no cookie value.
        const facts = signIn.deviceId ? { device: createHash('sha256').update(signIn.deviceId).digest('hex').slice(0, 16) } : {};
        later('sign-in', signIn.playerId, () =>
          record(signIn.playerId, { kind: 'signin', reference: `${signIn.playerId}:${signIn.id ?? signIn.at.toISOString()}`, at: signIn.at, facts }),
        );
      },
      limitIncreased,
      /**
       * A limit took effect (the limits' LimitChanged): a raise or a removal is a marker of harm when it repeats
       * (rule limit-increases, decision 0115); a tightening is not.
       */
      limitChanged(change: LimitChange) {
        if (tightens(change.before, change.after)) return;
        limitIncreased({
          playerId: change.playerId,
          id: `${change.playerId}:${change.type}:${change.period}:${change.at.toISOString()}`,
          kind: `${change.type}_${change.period}`,
          at: change.at,
        });
      },
    },

    thresholds: { list: thresholds.list, update: thresholds.update },

    interventions: createInterventions({ db, audit, now }),

    cases,

    /**
     * The suspicious-activity report's facts for one case, as a structured file: the case, its alerts with their
     * facts, the notes (attachments by name and SHA-256), and every audited step on it. Null for an unknown case.
     */
    async report(caseId: number, staffId: number) {
      const found = await cases.get(caseId);
      if (!found) return null;
      const alerts = (await db.select().from(complianceAlerts).where(eq(complianceAlerts.caseId, caseId)).orderBy(asc(complianceAlerts.id))).map(toAlert);
      const { notes, ...facts } = found;
      const report = {
        format: 'croupier-sar/1',
        generated_at: now().toISOString(),
        case: facts,
        players: [...new Set(alerts.map((alert) => alert.player_id))],
        alerts,
        notes,
        history: await audit.actionsOn(`case:${caseId}`),
      };
      await audit.record({ staffId, action: 'compliance.report_exported', subject: `case:${caseId}`, after: { alerts: alerts.length } });
      return report;
    },
  };
}
