// Tracking links, clicks and attribution (docs/decisions/0107-affiliates.md): clicks are recorded when a page is
// served with `?token=`; a registration carrying `ma_token` is attributed by decideAttribution; a first deposit and
// the CPA qualification it may bring are recorded once and told by postback.
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { LinkView, PlayerAffiliate } from '../../../contract/affiliates.ts';
import { invalid, Problem } from '../../problem.ts';
import { clickCounts, decideAttribution, maTokenOf, parseMaToken, REPEAT_CLICK_WINDOW_MS, SUB_SHAPE, TOKEN_SHAPE } from './attribution.ts';
import { qualifiesForCpa } from './commission.ts';
import { type AffiliatesCore, visitorHashOf } from './core.ts';
import { planRules } from './plans.ts';
import type { createPostbacks } from './postbacks.ts';
import { affiliateAttributions, affiliateClicks, affiliateLinks, affiliatePlans, affiliates } from './schema.ts';

const MAX_LINKS = 200;
const DAY_MS = 86_400_000;
const newPublicToken = () => randomBytes(12).toString('base64url').replace(/[-_]/g, '').slice(0, 12).padEnd(12, '0');

/** The other modules' answers tracking needs, bound by the composition root. */
export type TrackingPorts = {
  /** Of these players, those that are self-excluded or timed out, and those blocked. */
  keptFromPlay: (playerIds: number[]) => Promise<Set<number>>;
  blockedAmong: (playerIds: number[]) => Promise<Set<number>>;
  /** Real-money stakes of one player in [from, to). */
  stakesBetween: (playerId: number, from: Date, to: Date) => Promise<number>;
  /** These players' first credited deposits (time and amount), from the ledger. */
  firstDeposits: (playerIds: number[]) => Promise<Map<number, { at: Date; amount: number }>>;
};

type AttributionRow = typeof affiliateAttributions.$inferSelect;

export function createTracking(core: AffiliatesCore, ports: TrackingPorts, postbacks: ReturnType<typeof createPostbacks>) {
  const { db, now, secret, publicUrl, currency, audit } = core;

  const urlOf = (link: { token: string; landingPath: string; sub: string | null }) =>
    `${publicUrl}${link.landingPath}?token=${link.token}${link.sub ? `&sub=${encodeURIComponent(link.sub)}` : ''}`;

  async function linkViews(affiliateId: number): Promise<LinkView[]> {
    const links = await db.select().from(affiliateLinks).where(eq(affiliateLinks.affiliateId, affiliateId)).orderBy(desc(affiliateLinks.id));
    const ids = links.map((link) => link.id);
    const [clicks, registrations] = ids.length
      ? await Promise.all([
          db
            .select({ id: affiliateClicks.linkId, n: count() })
            .from(affiliateClicks)
            .where(inArray(affiliateClicks.linkId, ids))
            .groupBy(affiliateClicks.linkId),
          db
            .select({ id: affiliateAttributions.linkId, n: count() })
            .from(affiliateAttributions)
            .where(inArray(affiliateAttributions.linkId, ids))
            .groupBy(affiliateAttributions.linkId),
        ])
      : [[], []];
    const countOf = (rows: { id: number; n: number }[], id: number) => rows.find((row) => row.id === id)?.n ?? 0;
    return links.map((link) => ({
      id: String(link.id),
      token: link.token,
      name: link.name,
      landing_path: link.landingPath,
      sub: link.sub,
      url: urlOf(link),
      clicks: countOf(clicks, link.id),
      registrations: countOf(registrations, link.id),
      created_at: link.createdAt.toISOString(),
    }));
  }

  /** Excluded from qualification and revenue: self-excluded or timed out, blocked, duplicate or test players. */
  async function excludedAmong(rows: Pick<AttributionRow, 'playerId' | 'testPlayer' | 'duplicate'>[]): Promise<Set<number>> {
    const ids = rows.map((row) => row.playerId);
    const [kept, blocked] = await Promise.all([ports.keptFromPlay(ids), ports.blockedAmong(ids)]);
    return new Set(rows.filter((row) => row.testPlayer || row.duplicate || kept.has(row.playerId) || blocked.has(row.playerId)).map((row) => row.playerId));
  }

  /** Sets the CPA qualification once when the plan's conditions are met at `at`; tells the postback. */
  async function checkQualification(row: AttributionRow, at: Date): Promise<boolean> {
    if (row.cpaQualifiedAt !== null || row.firstDepositAt === null) return false;
    const [found] = await db
      .select({ plan: affiliatePlans })
      .from(affiliates)
      .innerJoin(affiliatePlans, eq(affiliatePlans.id, affiliates.planId))
      .where(eq(affiliates.id, row.affiliateId));
    if (!found) return false;
    const plan = planRules(found.plan);
    const windowEnd = new Date(row.registeredAt.getTime() + (plan.cpaWindowDays ?? 30) * DAY_MS);
    const excluded = (await excludedAmong([row])).has(row.playerId);
    const wagered = plan.cpaMinWagering ? await ports.stakesBetween(row.playerId, row.registeredAt, at < windowEnd ? at : windowEnd) : 0;
    const qualifies = qualifiesForCpa(plan, {
      registeredAt: row.registeredAt,
      firstDepositAt: row.firstDepositAt,
      firstDepositAmount: row.firstDepositAmount,
      wageredInWindow: wagered,
      excluded,
    });
    if (!qualifies) return false;
    const [set] = await db
      .update(affiliateAttributions)
      .set({ cpaQualifiedAt: at })
      .where(and(eq(affiliateAttributions.playerId, row.playerId), isNull(affiliateAttributions.cpaQualifiedAt)))
      .returning();
    if (!set) return false;
    await postbacks.send(row.affiliateId, row.playerId, {
      event: 'cpa_qualified',
      clickId: await clickPublicId(row.clickId),
      sub: row.sub,
      amount: plan.cpaAmount,
      currency,
    });
    return true;
  }

  async function clickPublicId(clickId: number | null): Promise<string | null> {
    if (clickId === null) return null;
    const [click] = await db.select({ publicId: affiliateClicks.publicId }).from(affiliateClicks).where(eq(affiliateClicks.id, clickId));
    return click?.publicId ?? null;
  }

  /** A deposit was credited: the attributed player's first one is recorded once, told, and may qualify the CPA. */
  async function depositCredited(playerId: number, amount: number, at: Date): Promise<void> {
    const [row] = await db
      .update(affiliateAttributions)
      .set({ firstDepositAt: at, firstDepositAmount: amount })
      .where(and(eq(affiliateAttributions.playerId, playerId), isNull(affiliateAttributions.firstDepositAt)))
      .returning();
    if (row) {
      await postbacks.send(row.affiliateId, playerId, { event: 'first_deposit', clickId: await clickPublicId(row.clickId), sub: row.sub, amount, currency });
    }
    const [current] = row ? [row] : await db.select().from(affiliateAttributions).where(eq(affiliateAttributions.playerId, playerId));
    if (current) await checkQualification(current, at);
  }

  return {
    excludedAmong,
    checkQualification,
    linkViews,

    async createLink(affiliateId: number, input: { name?: string | null; landing_path?: string; sub?: string | null }): Promise<LinkView> {
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(affiliateLinks).where(eq(affiliateLinks.affiliateId, affiliateId));
      if (n >= MAX_LINKS) throw invalid({ name: [`You can have at most ${MAX_LINKS} links.`] });
      const [row] = await db
        .insert(affiliateLinks)
        .values({ affiliateId, token: newPublicToken(), name: input.name || null, landingPath: input.landing_path ?? '/', sub: input.sub || null })
        .returning();
      return { ...(await linkViews(affiliateId)).find((link) => link.id === String(row!.id))! };
    },

    /**
     * A page served with `?token=`: counts the click unless it is a bot's or the visitor's repeat within the window,
     * and answers the `ma_token` value to keep (the token and the counted click), or null for an unknown token.
     */
    async recordClick(input: { token: string; sub: string | null; ip: string; userAgent: string }): Promise<string | null> {
      if (!TOKEN_SHAPE.test(input.token)) return null;
      const [link] = await db
        .select({ id: affiliateLinks.id, sub: affiliateLinks.sub, status: affiliates.status })
        .from(affiliateLinks)
        .innerJoin(affiliates, eq(affiliates.id, affiliateLinks.affiliateId))
        .where(eq(affiliateLinks.token, input.token));
      if (link?.status !== 'approved') return null;
      const sub = input.sub && SUB_SHAPE.test(input.sub) ? input.sub : link.sub;
      const at = now();
      const visitorHash = visitorHashOf(secret, input.ip, input.userAgent);
      const [last] = await db
        .select({ publicId: affiliateClicks.publicId, at: affiliateClicks.createdAt })
        .from(affiliateClicks)
        .where(
          and(
            eq(affiliateClicks.visitorHash, visitorHash),
            eq(affiliateClicks.linkId, link.id),
            gte(affiliateClicks.createdAt, new Date(at.getTime() - REPEAT_CLICK_WINDOW_MS)),
          ),
        )
        .orderBy(desc(affiliateClicks.id))
        .limit(1);
      const bot = isbot(input.userAgent) || input.userAgent.trim() === '';
      if (!clickCounts({ bot, lastCountedAt: last?.at ?? null, at })) return bot ? input.token : maTokenOf(input.token, last?.publicId ?? null);
      const publicId = newPublicToken();
      await db.insert(affiliateClicks).values({ publicId, linkId: link.id, sub, visitorHash, createdAt: at });
      return maTokenOf(input.token, publicId);
    },

    /** A new player: attributed by the rules, once; tells the registration postback. */
    async attribute(player: { id: number; email: string; maToken: string | null; createdAt: Date }): Promise<boolean> {
      const parsed = parseMaToken(player.maToken);
      if (!parsed) return false;
      const [link] = await db.select().from(affiliateLinks).where(eq(affiliateLinks.token, parsed.token));
      const [affiliate] = link
        ? await db.select({ email: affiliates.email, status: affiliates.status }).from(affiliates).where(eq(affiliates.id, link.affiliateId))
        : [];
      const [click] =
        link && parsed.clickId
          ? await db
              .select()
              .from(affiliateClicks)
              .where(and(eq(affiliateClicks.publicId, parsed.clickId), eq(affiliateClicks.linkId, link.id)))
          : [];
      const [existing] = await db
        .select({ id: affiliateAttributions.playerId })
        .from(affiliateAttributions)
        .where(eq(affiliateAttributions.playerId, player.id));
      const decision = decideAttribution({
        player: { email: player.email, registeredAt: player.createdAt, alreadyAttributed: existing !== undefined },
        link: link ? { id: link.id, affiliateId: link.affiliateId, sub: link.sub } : null,
        affiliate: affiliate ?? null,
        click: click ? { id: click.id, sub: click.sub, at: click.createdAt } : null,
      });
      if (!decision.attributed) return false;
      // The same visitor's click already brought this affiliate a player: a second account, excluded as duplicates are.
      const duplicate = click
        ? (
            await db
              .select({ id: affiliateAttributions.playerId })
              .from(affiliateAttributions)
              .innerJoin(affiliateClicks, eq(affiliateClicks.id, affiliateAttributions.clickId))
              .where(and(eq(affiliateAttributions.affiliateId, decision.affiliateId), eq(affiliateClicks.visitorHash, click.visitorHash)))
              .limit(1)
          ).length > 0
        : false;
      const [made] = await db
        .insert(affiliateAttributions)
        .values({
          playerId: player.id,
          affiliateId: decision.affiliateId,
          linkId: decision.linkId,
          clickId: decision.clickId,
          sub: decision.sub,
          duplicate,
          registeredAt: player.createdAt,
        })
        .onConflictDoNothing()
        .returning({ id: affiliateAttributions.playerId });
      if (!made) return false;
      await postbacks.send(decision.affiliateId, player.id, {
        event: 'registration',
        clickId: click?.publicId ?? null,
        sub: decision.sub,
        amount: null,
        currency,
      });
      return true;
    },

    depositCredited,

    /** The ledger committed a journal (JournalCommitted): a player's credited deposit may be their first. */
    async journalCommitted({ journal, playerIds }: { journal: { type: string; createdAt: Date; entries: { amount: number }[] }; playerIds: number[] }) {
      if (journal.type !== 'deposit' || playerIds.length !== 1) return;
      const amount = journal.entries.reduce((sum, entry) => sum + Math.max(0, entry.amount), 0);
      await depositCredited(playerIds[0]!, amount, journal.createdAt);
    },

    /**
     * First deposits the after-commit event did not record (a node stopped between commit and event): read from the
     * ledger and recorded, told and qualified as the event would have. The statement job runs it before computing.
     */
    async reconcileFirstDeposits(affiliateId: number): Promise<number> {
      const missing = await db
        .select({ playerId: affiliateAttributions.playerId })
        .from(affiliateAttributions)
        .where(and(eq(affiliateAttributions.affiliateId, affiliateId), isNull(affiliateAttributions.firstDepositAt)));
      if (missing.length === 0) return 0;
      const found = await ports.firstDeposits(missing.map((row) => row.playerId));
      for (const [playerId, deposit] of found) await depositCredited(playerId, deposit.amount, deposit.at);
      return found.size;
    },

    /** The player's affiliate, for the operators' player page. */
    async playerAffiliate(playerId: number): Promise<PlayerAffiliate | null> {
      const [row] = await db
        .select({ attribution: affiliateAttributions, name: affiliates.name, token: affiliateLinks.token })
        .from(affiliateAttributions)
        .innerJoin(affiliates, eq(affiliates.id, affiliateAttributions.affiliateId))
        .innerJoin(affiliateLinks, eq(affiliateLinks.id, affiliateAttributions.linkId))
        .where(eq(affiliateAttributions.playerId, playerId));
      if (!row) return null;
      return {
        id: String(row.attribution.affiliateId),
        name: row.name,
        link_token: row.token,
        sub: row.attribution.sub,
        attributed_at: row.attribution.registeredAt.toISOString(),
        test: row.attribution.testPlayer,
        duplicate: row.attribution.duplicate,
      };
    },

    /** Operators mark an attributed player as a test player or a duplicate (or clear it). */
    async setFlags(staffId: number, playerId: number, flags: { test?: boolean; duplicate?: boolean }, reason: string): Promise<void> {
      const changed = await audit.audited(
        async (tx) =>
          (
            await tx
              .update(affiliateAttributions)
              .set({
                ...(flags.test !== undefined && { testPlayer: flags.test }),
                ...(flags.duplicate !== undefined && { duplicate: flags.duplicate }),
              })
              .where(eq(affiliateAttributions.playerId, playerId))
              .returning({ id: affiliateAttributions.playerId })
          )[0] ?? null,
        () => ({ staffId, action: 'affiliate.player_flags', playerId, subject: `player:${playerId}`, after: { ...flags, reason } }),
      );
      if (!changed) throw new Problem(404, 'This player was not brought by an affiliate.');
    },

    /** Attributed players, for reports and statements. */
    async attributions(affiliateId: number): Promise<AttributionRow[]> {
      return db.select().from(affiliateAttributions).where(eq(affiliateAttributions.affiliateId, affiliateId));
    },

    /** Counts per affiliate, for the operators' list. */
    async countsFor(affiliateIds: number[]): Promise<Map<number, { links: number; registrations: number; ftds: number }>> {
      if (affiliateIds.length === 0) return new Map();
      const [links, players] = await Promise.all([
        db
          .select({ id: affiliateLinks.affiliateId, n: count() })
          .from(affiliateLinks)
          .where(inArray(affiliateLinks.affiliateId, affiliateIds))
          .groupBy(affiliateLinks.affiliateId),
        db
          .select({
            id: affiliateAttributions.affiliateId,
            n: count(),
            ftds: sql<number>`count(${affiliateAttributions.firstDepositAt})::int`,
          })
          .from(affiliateAttributions)
          .where(inArray(affiliateAttributions.affiliateId, affiliateIds))
          .groupBy(affiliateAttributions.affiliateId),
      ]);
      return new Map(
        affiliateIds.map((id) => {
          const player = players.find((row) => row.id === id);
          return [id, { links: links.find((row) => row.id === id)?.n ?? 0, registrations: player?.n ?? 0, ftds: Number(player?.ftds ?? 0) }];
        }),
      );
    },
  };
}
