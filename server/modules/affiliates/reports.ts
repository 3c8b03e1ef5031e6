// What an affiliate sees of their players (docs/decisions/0107-affiliates.md): counts and money per day, link and
// sub-ID, read at request time from the clicks, the attributions and the ledger, so a registration or a deposit shows
// the same minute. Players appear only as pseudonymous refs; excluded players' money never counts.
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Figures, Report } from '../../../contract/affiliates.ts';
import { ngrOf, type PlayerMoney, statementFigures } from './commission.ts';
import { type AffiliatesCore, playerRefOf } from './core.ts';
import { planRules } from './plans.ts';
import { decimalOf } from './postbacks.ts';
import { affiliateClicks, affiliateLinks, affiliatePlans, affiliates } from './schema.ts';
import type { createTracking } from './tracking.ts';

const DAY_MS = 86_400_000;

/** One player's money on one UTC day. */
export type RevenueDay = PlayerMoney & { playerId: number; day: string; deposits: number };
export type RevenuePort = (playerIds: number[], from: Date, to: Date) => Promise<RevenueDay[]>;

const emptyFigures = (): Figures => ({ clicks: 0, registrations: 0, ftds: 0, cpa_qualified: 0, deposits: 0, ngr: 0 });
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
export const monthStartOf = (month: string) => new Date(`${month}-01T00:00:00Z`);
export const nextMonthStart = (month: string) => {
  const start = monthStartOf(month);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
};

export function createReports(core: AffiliatesCore, { revenue, tracking }: { revenue: RevenuePort; tracking: ReturnType<typeof createTracking> }) {
  const { db, now, currency, secret } = core;

  /** Every figure of the affiliate in [from, to), keyed by `keyOf` (day, link token or sub). */
  async function figuresBy(affiliateId: number, from: Date, to: Date, group: 'day' | 'link' | 'sub') {
    const links = await db.select().from(affiliateLinks).where(eq(affiliateLinks.affiliateId, affiliateId));
    const linkById = new Map(links.map((link) => [link.id, link]));
    const rows = new Map<string, Figures & { label: string }>();
    const add = (key: string, label: string, field: keyof Figures, amount: number) => {
      let row = rows.get(key);
      if (!row) rows.set(key, (row = { ...emptyFigures(), label }));
      row[field] += amount;
    };
    const keyOf = (day: string, linkId: number, sub: string | null): [string, string] => {
      if (group === 'day') return [day, day];
      if (group === 'link') {
        const link = linkById.get(linkId);
        return [link?.token ?? String(linkId), link?.name || link?.landingPath || String(linkId)];
      }
      return [sub ?? '', sub ?? '(none)'];
    };

    const clicks = links.length
      ? await db
          .select({ linkId: affiliateClicks.linkId, sub: affiliateClicks.sub, at: affiliateClicks.createdAt })
          .from(affiliateClicks)
          .innerJoin(affiliateLinks, eq(affiliateLinks.id, affiliateClicks.linkId))
          .where(and(eq(affiliateLinks.affiliateId, affiliateId), gte(affiliateClicks.createdAt, from), lt(affiliateClicks.createdAt, to)))
      : [];
    for (const click of clicks) add(...keyOf(dayOf(click.at), click.linkId, click.sub), 'clicks', 1);

    const players = await tracking.attributions(affiliateId);
    const excluded = await tracking.excludedAmong(players);
    const inRange = (at: Date | null) => at !== null && at >= from && at < to;
    for (const player of players) {
      if (inRange(player.registeredAt)) add(...keyOf(dayOf(player.registeredAt), player.linkId, player.sub), 'registrations', 1);
      if (inRange(player.firstDepositAt)) add(...keyOf(dayOf(player.firstDepositAt!), player.linkId, player.sub), 'ftds', 1);
      if (inRange(player.cpaQualifiedAt)) add(...keyOf(dayOf(player.cpaQualifiedAt!), player.linkId, player.sub), 'cpa_qualified', 1);
    }
    const counted = players.filter((player) => !excluded.has(player.playerId));
    const byPlayer = new Map(counted.map((player) => [player.playerId, player]));
    const money = await revenue([...byPlayer.keys()], from, to);
    for (const day of money) {
      const player = byPlayer.get(day.playerId)!;
      const [key, label] = keyOf(day.day, player.linkId, player.sub);
      add(key, label, 'deposits', day.deposits);
      add(key, label, 'ngr', ngrOf(day));
    }
    return { rows, players, excluded, money };
  }

  function totalsOf(rows: Iterable<Figures>): Figures {
    const totals = emptyFigures();
    for (const row of rows) for (const field of Object.keys(totals) as (keyof Figures)[]) totals[field] += row[field];
    return totals;
  }

  return {
    /** The month's figures with a row for every day up to today, and the month-to-date commission estimate. */
    async dashboard(affiliateId: number, month: string) {
      const from = monthStartOf(month);
      const end = nextMonthStart(month);
      const today = now();
      const { rows, players, excluded, money } = await figuresBy(affiliateId, from, end, 'day');
      const days = [];
      for (let at = from; at < end && at <= today; at = new Date(at.getTime() + DAY_MS)) {
        const day = dayOf(at);
        const { label: _label, ...figures } = rows.get(day) ?? { ...emptyFigures(), label: day };
        days.push({ day, ...figures });
      }
      const [found] = await db
        .select({ plan: affiliatePlans })
        .from(affiliates)
        .innerJoin(affiliatePlans, eq(affiliatePlans.id, affiliates.planId))
        .where(eq(affiliates.id, affiliateId));
      const perPlayer = new Map<number, PlayerMoney>();
      for (const day of money) {
        const sum = perPlayer.get(day.playerId) ?? { stakes: 0, wins: 0, bonusCost: 0, adjustments: 0, chargebacks: 0 };
        for (const field of ['stakes', 'wins', 'bonusCost', 'adjustments', 'chargebacks'] as const) sum[field] += day[field];
        perPlayer.set(day.playerId, sum);
      }
      const estimate = statementFigures(
        found ? planRules(found.plan) : null,
        players.map((player) => ({
          playerId: player.playerId,
          money: perPlayer.get(player.playerId) ?? { stakes: 0, wins: 0, bonusCost: 0, adjustments: 0, chargebacks: 0 },
          excluded: excluded.has(player.playerId),
          qualifies: player.cpaQualifiedAt !== null && player.cpaQualifiedAt < end,
          cpaPaid: player.cpaStatementId !== null,
        })),
        0,
      );
      return { month, currency, totals: { ...totalsOf(rows.values()), commission: estimate.commission }, days };
    },

    /** Figures by day, link or sub-ID over [from, to] (days, inclusive). */
    async report(affiliateId: number, fromDay: string, toDay: string, group: 'day' | 'link' | 'sub'): Promise<Report> {
      const from = new Date(`${fromDay}T00:00:00Z`);
      const to = new Date(new Date(`${toDay}T00:00:00Z`).getTime() + DAY_MS);
      const { rows } = await figuresBy(affiliateId, from, to, group);
      const list = [...rows.entries()].map(([key, { label, ...figures }]) => ({ key, label, ...figures })).sort((a, b) => a.key.localeCompare(b.key));
      return { from: fromDay, to: toDay, group, currency, rows: list, totals: totalsOf(list) };
    },

    /** The report as CSV: money as decimals. */
    csv(report: Report): string {
      const quote = (value: string) =>
        /[",\n\r]/.test(value) || /^[=+\-@\t]/.test(value) ? `"${value.replace(/^([=+\-@\t])/, "'$1").replace(/"/g, '""')}"` : value;
      const lines = ['key,label,clicks,registrations,ftds,cpa_qualified,deposits,ngr'];
      for (const row of report.rows) {
        lines.push(
          [quote(row.key), quote(row.label), row.clicks, row.registrations, row.ftds, row.cpa_qualified, decimalOf(row.deposits), decimalOf(row.ngr)].join(','),
        );
      }
      return `${lines.join('\r\n')}\r\n`;
    },

    /** The month's players, pseudonymous: registered in it or with money in it. */
    async players(affiliateId: number, month: string) {
      const from = monthStartOf(month);
      const to = nextMonthStart(month);
      const players = await tracking.attributions(affiliateId);
      const excluded = await tracking.excludedAmong(players);
      const money = await revenue(
        players.filter((player) => !excluded.has(player.playerId)).map((player) => player.playerId),
        from,
        to,
      );
      const ngr = new Map<number, number>();
      for (const day of money) ngr.set(day.playerId, (ngr.get(day.playerId) ?? 0) + ngrOf(day));
      const links = new Map((await db.select().from(affiliateLinks).where(eq(affiliateLinks.affiliateId, affiliateId))).map((link) => [link.id, link.token]));
      return players
        .filter((player) => (player.registeredAt >= from && player.registeredAt < to) || ngr.has(player.playerId))
        .sort((a, b) => b.registeredAt.getTime() - a.registeredAt.getTime())
        .map((player) => ({
          player_ref: playerRefOf(secret, affiliateId, player.playerId),
          registered_at: player.registeredAt.toISOString(),
          sub: player.sub,
          link_token: links.get(player.linkId) ?? '',
          first_deposit_at: player.firstDepositAt?.toISOString() ?? null,
          cpa_qualified_at: player.cpaQualifiedAt?.toISOString() ?? null,
          ngr: ngr.get(player.playerId) ?? 0,
        }));
    },
  };
}
