import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import type { ScheduledJob } from '../../scheduler/scheduler.ts';
import type { AuditService } from '../operators/audit.ts';
import type { RaiseAlert } from '../shared/alerts.ts';
import { type ExportRange, type ExportRow, iso } from '../shared/export-rows.ts';
import { type PageQuery, pageMeta, pageOffset } from '../shared/pagination.ts';
import type { ListSummary, ScreeningList, ScreeningListSnapshot } from './list.ts';
import { createMatcher, type Matcher } from './matcher.ts';
import { normaliseName } from './normalise.ts';
import { screeningHits } from './schema.ts';

// Sanctions and PEP screening (issue 33 §4, docs/decisions/0116-sanctions-screening.md): each player's name and
// birthdate against the configured lists at registration, when their name or birthdate changes, and every night
// against the lists as they then stand. A new hit is recorded here and handed to compliance as an alert: a sanctions
// hit holds withdrawals; a PEP hit holds nothing (a PEP is not prohibited) and asks for enhanced due diligence.
// Compliance may mark a hit a false positive (audited), which the next screenings respect.

export type ScreeningTrigger = 'registration' | 'profile' | 'rescreen';
/** A player as screened: the accounts module's `identities` rows. */
export type Identity = { id: number; name: string; surname: string; birthdate: string | null; country: string };
type HitRow = typeof screeningHits.$inferSelect;

export const RESCREEN_JOB = 'screening:daily-rescreen';
/** Every night at 04:20 UTC, away from the other nightly jobs. */
export const RESCREEN_PATTERN = '20 4 * * *';
const RESCREEN_PAGE = 500;
export const SANCTIONS_RULE = 'sanctions-match';
export const PEP_RULE = 'pep-match';
/** The profile fields a change of which screens the player again. */
export const SCREENED_FIELDS: ReadonlySet<string> = new Set(['name', 'surname', 'birthdate', 'country']);

export const NO_HIT = 'No screening hit with that id.';
export const HIT_DECIDED = 'This hit has already been marked a false positive.';

export function toHitView(row: HitRow) {
  return {
    id: String(row.id),
    player_id: String(row.playerId),
    source: row.source,
    entry_reference: row.entryReference,
    matched_name: row.matchedName,
    score: row.score,
    birthdate: row.birthdate as 'match' | 'not-listed',
    trigger: row.trigger as ScreeningTrigger,
    status: row.status as 'open' | 'false_positive',
    decided_by: row.decidedBy === null ? null : String(row.decidedBy),
    decided_at: row.decidedAt?.toISOString() ?? null,
    decision_reason: row.decisionReason,
    created_at: row.createdAt.toISOString(),
  };
}

export type ScreeningService = ReturnType<typeof createScreeningService>;

export function createScreeningService({
  db,
  list,
  identities,
  raiseAlert,
  audit,
  logger,
  now = () => new Date(),
}: {
  db: Database;
  /** The configured lists; null: screening is off (production without SCREENING_LIST_PATH or PEP_LIST_PATH). */
  list: ScreeningList | null;
  identities: (query: { playerIds: number[] } | { afterId: number; limit: number }) => Promise<Identity[]>;
  raiseAlert: RaiseAlert;
  audit: Pick<AuditService, 'audited'>;
  logger?: FastifyBaseLogger;
  now?: () => Date;
}) {
  type Loaded = { snapshot: ScreeningListSnapshot; matcher: Matcher; loadedAt: Date };
  let loaded: Loaded | null = null;
  let loading: Promise<Loaded> | null = null;

  /** Reads the list (again, with `fresh`); a list that cannot be read keeps the last good one and is logged. */
  async function current(fresh = false): Promise<Loaded | null> {
    if (!list) return null;
    if (loaded && !fresh) return loaded;
    loading ??= list
      .load()
      .then((snapshot): Loaded => {
        loaded = { snapshot, matcher: createMatcher(snapshot.entries), loadedAt: now() };
        logger?.info({ source: snapshot.source, entries: snapshot.entries.length, generatedAt: snapshot.generatedAt }, 'screening list loaded');
        return loaded;
      })
      .catch((error: unknown): Loaded => {
        logger?.error({ err: error }, 'screening list could not be read; the last list loaded is kept');
        if (!loaded) throw error;
        return loaded;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  /** Screens these players; records each new hit and raises its alert. Returns the number of new hits. */
  async function screenIdentities(people: Identity[], trigger: ScreeningTrigger): Promise<number> {
    const state = await current();
    if (!state) return 0;
    let created = 0;
    for (const person of people) {
      const name = `${person.name} ${person.surname}`;
      const screenedName = normaliseName(name);
      for (const hit of state.matcher.screen({ name, birthdate: person.birthdate })) {
        const [row] = await db
          .insert(screeningHits)
          .values({
            playerId: person.id,
            source: hit.entry.source ?? state.snapshot.source,
            entryId: hit.entry.id,
            entryReference: hit.entry.reference,
            matchedName: hit.matchedName,
            screenedName,
            score: hit.score,
            birthdate: hit.birthdate,
            trigger,
            createdAt: now(),
          })
          .onConflictDoNothing()
          .returning();
        if (!row) continue;
        created += 1;
        // Facts for the officer: the list's entry, never the player's own name (the alert names the player by id).
        const facts = {
          hitId: row.id,
          source: row.source,
          entryReference: row.entryReference,
          listedName: row.matchedName,
          score: row.score,
          birthdate: row.birthdate,
          trigger,
        };
        const key = `${person.id}:${row.entryId}:${screenedName}`;
        // A PEP may play and be paid: the alert asks for enhanced due diligence, recorded on it, and holds nothing.
        await raiseAlert(
          hit.entry.category === 'pep'
            ? { playerId: person.id, kind: 'sanctions', rule: PEP_RULE, facts: { ...facts, category: 'pep' }, dedupeKey: `pep:${key}`, holdWithdrawals: false }
            : { playerId: person.id, kind: 'sanctions', rule: SANCTIONS_RULE, facts, dedupeKey: `sanctions:${key}`, holdWithdrawals: true },
        );
      }
    }
    return created;
  }

  return {
    /** Whether screening is on, and the lists as loaded (each with its people): for the staff screen and the start-up log. */
    async listInfo() {
      if (!list) return { enabled: false as const, source: null, generated_at: null, entries: 0, loaded_at: null, lists: [] };
      const state = await current();
      const snapshot = state?.snapshot;
      const lists: ListSummary[] = snapshot
        ? (snapshot.lists ?? [
            { source: snapshot.source, category: snapshot.category ?? 'sanctions', generatedAt: snapshot.generatedAt, entries: state.matcher.size },
          ])
        : [];
      return {
        enabled: true as const,
        source: snapshot?.source ?? null,
        generated_at: snapshot?.generatedAt ?? null,
        entries: state?.matcher.size ?? 0,
        loaded_at: state?.loadedAt.toISOString() ?? null,
        lists: lists.map((one) => ({ source: one.source, category: one.category, generated_at: one.generatedAt, entries: one.entries })),
      };
    },

    /** Loads the lists at start, so a bad file is found then and not at the first registration. */
    async start(): Promise<void> {
      if (!list) {
        logger?.warn('sanctions and PEP screening is off: neither SCREENING_LIST_PATH nor PEP_LIST_PATH is set');
        return;
      }
      await current().catch(() => undefined);
    },

    /** A profile change (the accounts' ProfileChanged): screened again when it touched a screened field. */
    async profileChanged({ playerId, fields }: { playerId: number; fields: string[] }): Promise<void> {
      if (list && fields.some((field) => SCREENED_FIELDS.has(field))) await screenIdentities(await identities({ playerIds: [playerId] }), 'profile');
    },

    /** Screens one player now (registration, profile change). Returns the number of new hits. */
    async screenPlayer(playerId: number, trigger: Exclude<ScreeningTrigger, 'rescreen'>): Promise<number> {
      if (!list) return 0;
      return screenIdentities(await identities({ playerIds: [playerId] }), trigger);
    },

    /** The nightly run: the list read again, every player screened against it. */
    async rescreenAll(): Promise<{ screened: number; newHits: number } | { skipped: string }> {
      if (!list) return { skipped: 'screening is off' };
      await current(true);
      let afterId = 0;
      let screened = 0;
      let newHits = 0;
      for (;;) {
        const page = await identities({ afterId, limit: RESCREEN_PAGE });
        if (page.length === 0) break;
        newHits += await screenIdentities(page, 'rescreen');
        screened += page.length;
        afterId = page[page.length - 1]!.id;
      }
      return { screened, newHits };
    },

    async hits(filter: { status?: 'open' | 'false_positive'; playerId?: number }, page: PageQuery) {
      const conditions: SQL[] = [];
      if (filter.status) conditions.push(eq(screeningHits.status, filter.status));
      if (filter.playerId !== undefined) conditions.push(eq(screeningHits.playerId, filter.playerId));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db.select().from(screeningHits).where(where).orderBy(desc(screeningHits.id)).limit(page.perPage).offset(pageOffset(page)),
        db.select({ n: count() }).from(screeningHits).where(where),
      ]);
      return { data: rows.map(toHitView), meta: pageMeta(page, total?.n ?? 0) };
    },

    /** Compliance's decision that a hit is not the listed person: recorded with its reason in the audit log. */
    async markFalsePositive(hitId: number, staffId: number, reason: string) {
      const [existing] = await db.select().from(screeningHits).where(eq(screeningHits.id, hitId));
      if (!existing) throw new Problem(404, NO_HIT);
      if (existing.status !== 'open') throw new Problem(409, HIT_DECIDED);
      const updated = await audit.audited(
        async (tx) => {
          const [row] = await tx
            .update(screeningHits)
            .set({ status: 'false_positive', decidedBy: staffId, decidedAt: now(), decisionReason: reason })
            .where(and(eq(screeningHits.id, hitId), eq(screeningHits.status, 'open')))
            .returning();
          return row ?? null;
        },
        (row) => ({
          staffId,
          action: 'screening.false_positive',
          playerId: row.playerId,
          subject: `screening-hit:${row.id}`,
          before: { status: 'open' },
          after: { status: 'false_positive', reason, entryReference: row.entryReference },
        }),
      );
      if (!updated) throw new Problem(409, HIT_DECIDED);
      return toHitView(updated);
    },

    /** Player ids with a hit still open: what the retention job must keep (decision 0117). */
    async openHitPlayers(playerIds: number[]): Promise<Set<number>> {
      if (playerIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ playerId: screeningHits.playerId })
        .from(screeningHits)
        .where(and(eq(screeningHits.status, 'open'), inArray(screeningHits.playerId, playerIds)));
      return new Set(rows.map((row) => row.playerId));
    },

    /** The hits recorded in a period, for the regulator's export (docs/decisions/0117). */
    async exportRows({ from, to }: ExportRange): Promise<ExportRow[]> {
      const rows = await db
        .select()
        .from(screeningHits)
        .where(and(gte(screeningHits.createdAt, from), lt(screeningHits.createdAt, to)))
        .orderBy(screeningHits.id);
      return rows.map((row) => ({
        hit_id: row.id,
        at: iso(row.createdAt),
        player_id: row.playerId,
        list: row.source,
        entry_reference: row.entryReference,
        listed_name: row.matchedName,
        score: row.score,
        birthdate: row.birthdate,
        trigger: row.trigger,
        status: row.status,
        decided_by: row.decidedBy,
        decided_at: iso(row.decidedAt),
      }));
    },

    /** Retention (decision 0117): a player anonymised keeps no decided hit naming them; open hits are never asked. */
    async forgetDecided(playerId: number): Promise<number> {
      const removed = await db
        .delete(screeningHits)
        .where(and(eq(screeningHits.playerId, playerId), eq(screeningHits.status, 'false_positive')))
        .returning({ id: screeningHits.id });
      return removed.length;
    },
  };
}

/** The nightly re-screen, for the jobs registry. */
export function screeningJobs(screening: Pick<ScreeningService, 'rescreenAll'>): ScheduledJob[] {
  return [{ name: RESCREEN_JOB, pattern: RESCREEN_PATTERN, run: () => screening.rescreenAll() }];
}
