import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { AdminPage, AdminPromotion, PromotionInput, PromotionPatch, StaticPageSlug } from '../../../contract/content.ts';
import type { Promotion, PromotionSummary, RouteRule } from '../../../contract/site.ts';
import type { Database } from '../../db/client.ts';
import { invalid } from '../../problem.ts';
import { createReadCache } from '../shared/read-cache.ts';
import { bundledPageSource } from './markdown.ts';
import { pageOverrides, promotions, routeRules } from './schema.ts';

// Route rules are read on every page request, so they are cached briefly; an operator's edit forgets them on every
// node at once (invalidateRouteRules(), through the cache bus), and a node that misses that catches up within this time.
const ROUTE_RULES_TTL_MS = 10_000;
// Running promotions and page overrides likewise (every public page reads them): an edit forgets them on every node at
// once (invalidate(), the cache bus's 'content'); a promotion's start or end shows within this time.
const CONTENT_TTL_MS = 5_000;

export type ContentService = ReturnType<typeof createContentService>;
export type StoredRouteRule = { id: number; source: string; target: string; status: number; createdAt: Date };

const storedColumns = {
  id: routeRules.id,
  source: routeRules.sourcePath,
  target: routeRules.target,
  status: routeRules.status,
  createdAt: routeRules.createdAt,
};
type PromotionRow = typeof promotions.$inferSelect;

export const toAdminPromotion = (row: PromotionRow): AdminPromotion => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  subtitle: row.subtitle,
  summary: row.summary,
  body: row.body,
  badge: row.badge,
  cta_label: row.ctaLabel,
  sort_order: row.sortOrder,
  published: row.published,
  starts_at: row.startsAt?.toISOString() ?? null,
  ends_at: row.endsAt?.toISOString() ?? null,
});

/** An operator's promotion fields as columns (only those given); refuses an end before the start. */
function promotionColumns(input: PromotionPatch, existing?: PromotionRow) {
  const dateOf = (value: string | null | undefined, kept: Date | null | undefined) => (value === undefined ? (kept ?? null) : value ? new Date(value) : null);
  const startsAt = dateOf(input.starts_at, existing?.startsAt);
  const endsAt = dateOf(input.ends_at, existing?.endsAt);
  if (startsAt && endsAt && endsAt <= startsAt) throw invalid({ ends_at: ['The end must be after the start.'] });
  const columns: Partial<typeof promotions.$inferInsert> = {
    title: input.title,
    subtitle: input.subtitle,
    summary: input.summary,
    body: input.body,
    badge: input.badge,
    ctaLabel: input.cta_label,
    sortOrder: input.sort_order,
    published: input.published,
    startsAt: input.starts_at === undefined ? undefined : startsAt,
    endsAt: input.ends_at === undefined ? undefined : endsAt,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as Partial<typeof promotions.$inferInsert>;
}

export function createContentService({ db, now = () => new Date() }: { db: Database; now?: () => Date }) {
  let cachedRules: { rules: RouteRule[]; loadedAt: number } | undefined;
  const kept = createReadCache({ ttlMs: CONTENT_TTL_MS, now: () => now().getTime() });

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
    promotions(): Promise<PromotionSummary[]> {
      return kept.read('promotions', async () => {
        const rows = await db.select(summaryColumns).from(promotions).where(runningAt(now())).orderBy(asc(promotions.sortOrder), asc(promotions.id));
        return rows.map(toSummary);
      });
    },

    /** One running promotion by numeric id or slug. */
    promotion(idOrSlug: string): Promise<Promotion | null> {
      const key = /^\d{1,9}$/.test(idOrSlug) ? eq(promotions.id, Number(idOrSlug)) : eq(promotions.slug, idOrSlug);
      const load = async () => {
        const [row] = await db
          .select({ ...summaryColumns, body: promotions.body })
          .from(promotions)
          .where(and(key, runningAt(now())));
        return row ? toSummary(row) : null;
      };
      // Unknown names are not kept: anyone can ask for any number of them.
      return kept.read(`promotion:${idOrSlug}`, load, (found) => found !== null);
    },

    /** Forgets the promotions and page overrides kept (an operator changed one). */
    invalidate(): void {
      kept.clear();
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

    invalidateRouteRules(): void {
      cachedRules = undefined;
    },

    /** Every route rule with its id, for the console. */
    async adminRouteRules(within: Database = db): Promise<StoredRouteRule[]> {
      return within.select(storedColumns).from(routeRules).orderBy(asc(routeRules.id));
    },

    async routeRule(id: number, within: Database = db): Promise<StoredRouteRule | null> {
      const [row] = await within.select(storedColumns).from(routeRules).where(eq(routeRules.id, id));
      return row ?? null;
    },

    async routeRuleBySource(source: string, within: Database = db): Promise<StoredRouteRule | null> {
      const [row] = await within.select(storedColumns).from(routeRules).where(eq(routeRules.sourcePath, source));
      return row ?? null;
    },

    async addRouteRule(rule: RouteRule, within: Database = db): Promise<StoredRouteRule> {
      const [row] = await within.insert(routeRules).values({ sourcePath: rule.source, target: rule.target, status: rule.status }).returning(storedColumns);
      return row!;
    },

    async updateRouteRule(id: number, rule: RouteRule, within: Database = db): Promise<StoredRouteRule | null> {
      const [row] = await within
        .update(routeRules)
        .set({ sourcePath: rule.source, target: rule.target, status: rule.status })
        .where(eq(routeRules.id, id))
        .returning(storedColumns);
      return row ?? null;
    },

    async deleteRouteRule(id: number, within: Database = db): Promise<StoredRouteRule | null> {
      const [row] = await within.delete(routeRules).where(eq(routeRules.id, id)).returning(storedColumns);
      return row ?? null;
    },

    // --- operators: promotions --------------------------------------------------------------------------------
    /** Every promotion, running or not, in the operator's order. */
    async allPromotions(): Promise<AdminPromotion[]> {
      return (await db.select().from(promotions).orderBy(asc(promotions.sortOrder), asc(promotions.id))).map(toAdminPromotion);
    },
    async adminPromotion(id: number, within: Database = db): Promise<AdminPromotion | null> {
      const [row] = await within.select().from(promotions).where(eq(promotions.id, id));
      return row ? toAdminPromotion(row) : null;
    },
    /** A new promotion; null when its slug is taken. */
    async createPromotion(input: PromotionInput, within: Database = db): Promise<AdminPromotion | null> {
      const [row] = await within
        .insert(promotions)
        .values({ slug: input.slug, ...promotionColumns(input) } as typeof promotions.$inferInsert)
        .onConflictDoNothing()
        .returning();
      return row ? toAdminPromotion(row) : null;
    },
    async updatePromotion(id: number, patch: PromotionPatch, within: Database = db): Promise<AdminPromotion | null> {
      const [existing] = await within.select().from(promotions).where(eq(promotions.id, id));
      if (!existing) return null;
      const columns = promotionColumns(patch, existing);
      if (Object.keys(columns).length === 0) return toAdminPromotion(existing);
      const [row] = await within.update(promotions).set(columns).where(eq(promotions.id, id)).returning();
      return row ? toAdminPromotion(row) : null;
    },

    // --- static pages --------------------------------------------------------------------------------------------
    /** An operator's Markdown for a static page, or null when the bundled file is shown. */
    pageOverride(slug: string): Promise<string | null> {
      // Only the static pages' own slugs reach here (the page route checks the path first), so the keys are bounded.
      return kept.read(`page:${slug}`, async () => {
        const [row] = await db.select({ markdown: pageOverrides.markdown }).from(pageOverrides).where(eq(pageOverrides.slug, slug));
        return row?.markdown ?? null;
      });
    },
    /** A static page as operators edit it: their override, or the bundled file's source. */
    async adminPage(slug: StaticPageSlug, within: Database = db): Promise<AdminPage> {
      const [row] = await within.select().from(pageOverrides).where(eq(pageOverrides.slug, slug));
      return row
        ? {
            slug,
            markdown: row.markdown,
            overridden: true,
            updated_at: row.updatedAt.toISOString(),
            updated_by: row.updatedBy === null ? null : String(row.updatedBy),
          }
        : { slug, markdown: bundledPageSource(slug), overridden: false, updated_at: null, updated_by: null };
    },
    async savePage(slug: StaticPageSlug, markdown: string, staffId: number, within: Database = db): Promise<AdminPage> {
      const updatedAt = now();
      await within
        .insert(pageOverrides)
        .values({ slug, markdown, updatedBy: staffId, updatedAt })
        .onConflictDoUpdate({ target: pageOverrides.slug, set: { markdown, updatedBy: staffId, updatedAt } });
      return { slug, markdown, overridden: true, updated_at: updatedAt.toISOString(), updated_by: String(staffId) };
    },
    /** Removes the override: the bundled file shows again. False when there was none. */
    async resetPage(slug: StaticPageSlug, within: Database = db): Promise<boolean> {
      const removed = await within.delete(pageOverrides).where(eq(pageOverrides.slug, slug)).returning({ slug: pageOverrides.slug });
      return removed.length > 0;
    },

    async countPromotions(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(promotions);
      return row?.n ?? 0;
    },
  };
}
