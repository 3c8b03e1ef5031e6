// Commission plans (docs/decisions/0107-affiliates.md): operators create and edit them; an edit applies to statements
// computed afterwards (a statement keeps its own figures).
import { asc, eq } from 'drizzle-orm';
import type { PlanBody, PlanView } from '../../../contract/affiliates.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Plan } from './commission.ts';
import type { AffiliatesCore } from './core.ts';
import { affiliatePlans } from './schema.ts';

type PlanRow = typeof affiliatePlans.$inferSelect;

export const toPlan = (row: PlanRow): PlanView => ({
  id: String(row.id),
  name: row.name,
  type: row.type as PlanView['type'],
  currency: row.currency,
  cpa_amount: row.cpaAmount,
  cpa_min_deposit: row.cpaMinDeposit,
  cpa_window_days: row.cpaWindowDays,
  cpa_min_wagering: row.cpaMinWagering,
  revshare_tiers: row.revshareTiers.map((tier) => ({ min_active_players: tier.minActivePlayers, percent: tier.percentBp / 100 })),
  negative_carryover: row.negativeCarryover,
});

/** The plan as the commission rules take it. */
export const planRules = (row: PlanRow): Plan => ({
  type: row.type as Plan['type'],
  cpaAmount: row.cpaAmount,
  cpaMinDeposit: row.cpaMinDeposit,
  cpaWindowDays: row.cpaWindowDays,
  cpaMinWagering: row.cpaMinWagering,
  revshareTiers: row.revshareTiers,
  negativeCarryover: row.negativeCarryover,
});

/** The columns of a complete plan, or the 422 naming what its type needs. */
function planValues(body: PlanBody, currency: string) {
  const errors: Record<string, string[]> = {};
  const cpa = body.type === 'cpa' || body.type === 'hybrid';
  const revshare = body.type === 'revshare' || body.type === 'hybrid';
  if (body.currency !== undefined && body.currency !== currency) errors.currency = [`Plans are in the site’s currency, ${currency}.`];
  if (cpa && !body.cpa_amount) errors.cpa_amount = ['A CPA plan needs a CPA amount above zero.'];
  const tiers = [...(body.revshare_tiers ?? [])].sort((a, b) => a.min_active_players - b.min_active_players);
  if (revshare && (tiers.length === 0 || tiers[0]!.min_active_players !== 0))
    errors.revshare_tiers = ['A RevShare plan needs a tier starting at 0 active players.'];
  if (new Set(tiers.map((tier) => tier.min_active_players)).size !== tiers.length)
    errors.revshare_tiers = ['Two tiers start at the same number of active players.'];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return {
    name: body.name,
    type: body.type,
    currency,
    cpaAmount: cpa ? (body.cpa_amount ?? null) : null,
    cpaMinDeposit: cpa ? (body.cpa_min_deposit ?? 0) : null,
    cpaWindowDays: cpa ? (body.cpa_window_days ?? 30) : null,
    cpaMinWagering: cpa ? (body.cpa_min_wagering ?? null) : null,
    revshareTiers: revshare ? tiers.map((tier) => ({ minActivePlayers: tier.min_active_players, percentBp: Math.round(tier.percent * 100) })) : [],
    negativeCarryover: revshare ? (body.negative_carryover ?? false) : false,
  };
}

export function createPlans({ db, audit, currency, now }: AffiliatesCore) {
  async function row(id: number): Promise<PlanRow> {
    const [found] = await db.select().from(affiliatePlans).where(eq(affiliatePlans.id, id));
    if (!found) throw new Problem(404, 'No plan with that id.');
    return found;
  }
  return {
    row,
    async list(): Promise<PlanView[]> {
      return (await db.select().from(affiliatePlans).orderBy(asc(affiliatePlans.id))).map(toPlan);
    },
    async create(staffId: number, body: PlanBody): Promise<PlanView> {
      const values = planValues(body, currency);
      const created = await audit.audited(
        async (tx) => (await tx.insert(affiliatePlans).values(values).returning())[0] ?? null,
        (made) => ({ staffId, action: 'affiliate_plan.create', subject: `affiliate_plan:${made.id}`, after: { ...values } }),
      );
      return toPlan(created!);
    },
    async update(staffId: number, id: number, patch: Partial<PlanBody>): Promise<PlanView> {
      const before = await row(id);
      const current = toPlan(before);
      const merged: PlanBody = {
        name: patch.name ?? current.name,
        type: patch.type ?? current.type,
        currency: patch.currency ?? current.currency,
        cpa_amount: patch.cpa_amount !== undefined ? patch.cpa_amount : current.cpa_amount,
        cpa_min_deposit: patch.cpa_min_deposit !== undefined ? patch.cpa_min_deposit : current.cpa_min_deposit,
        cpa_window_days: patch.cpa_window_days !== undefined ? patch.cpa_window_days : current.cpa_window_days,
        cpa_min_wagering: patch.cpa_min_wagering !== undefined ? patch.cpa_min_wagering : current.cpa_min_wagering,
        revshare_tiers: patch.revshare_tiers ?? current.revshare_tiers,
        negative_carryover: patch.negative_carryover ?? current.negative_carryover,
      };
      const values = planValues(merged, currency);
      const updated = await audit.audited(
        async (tx) =>
          (
            await tx
              .update(affiliatePlans)
              .set({ ...values, updatedAt: now() })
              .where(eq(affiliatePlans.id, id))
              .returning()
          )[0] ?? null,
        () => ({ staffId, action: 'affiliate_plan.update', subject: `affiliate_plan:${id}`, before: { ...current }, after: { ...values } }),
      );
      return toPlan(updated!);
    },
  };
}
