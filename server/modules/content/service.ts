import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Promotion, PromotionSummary, RouteRule } from '../../../contract/site.ts';
import type { Database } from '../../db/client.ts';
import { promotions, routeRules } from './schema.ts';

// Route rules are read on every page request, so they are cached briefly; operators' edits show within this time.
const ROUTE_RULES_TTL_MS = 10_000;

export type ContentService = ReturnType<typeof createContentService>;

export function createContentService({ db, now = () => new Date() }: { db: Database; now?: () => Date }) {
  let cachedRules: { rules: RouteRule[]; loadedAt: number } | undefined;

  const summaryColumns = {
    id: promotions.id,
    slug: promotions.slug,
    title: promotions.title,
    subtitle: promotions.subtitle,
    summary: promotions.summary,
    badge: promotions.badge,
    ctaLabel: promotions.ctaLabel,
    endsAt: promotions.endsAt,
  };

  function runningAt(at: Date) {
    return and(
      eq(promotions.published, true),
      or(isNull(promotions.startsAt), lte(promotions.startsAt, at)),
      or(isNull(promotions.endsAt), gt(promotions.endsAt, at)),
    );
  }

  function toSummary<T extends { endsAt: Date | null }>(row: T) {
    return { ...row, endsAt: row.endsAt ? row.endsAt.toISOString() : null };
  }

  return {
    /** Promotions running now, in the operator's order. */
    async promotions(): Promise<PromotionSummary[]> {
      const rows = await db.select(summaryColumns).from(promotions).where(runningAt(now())).orderBy(asc(promotions.sortOrder), asc(promotions.id));
      return rows.map(toSummary);
    },

    /** One running promotion by numeric id or slug. */
    async promotion(idOrSlug: string): Promise<Promotion | null> {
      const key = /^\d{1,9}$/.test(idOrSlug) ? eq(promotions.id, Number(idOrSlug)) : eq(promotions.slug, idOrSlug);
      const [row] = await db
        .select({ ...summaryColumns, body: promotions.body })
        .from(promotions)
        .where(and(key, runningAt(now())));
      return row ? toSummary(row) : null;
    },

    async routeRules(): Promise<RouteRule[]> {
      const at = Date.now();
      if (cachedRules && at - cachedRules.loadedAt < ROUTE_RULES_TTL_MS) return cachedRules.rules;
      const rows = await db
        .select({ source: routeRules.sourcePath, target: routeRules.target, status: routeRules.status })
        .from(routeRules)
        .orderBy(asc(routeRules.id));
      const rules = rows.map((row) => ({ ...row, status: row.status as RouteRule['status'] }));
      cachedRules = { rules, loadedAt: at };
      return rules;
    },

    async countPromotions(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(promotions);
      return row?.n ?? 0;
    },
  };
}
