import { eq } from 'drizzle-orm';
import type { AffiliateView } from '../../../contract/affiliates.ts';
import type { Database } from '../../db/client.ts';
import { toPlan } from './plans.ts';
import { affiliatePlans, type affiliates } from './schema.ts';

/** An affiliate as their portal and the operators' console show them, with the commission plan they are on. */
export async function affiliateView(db: Database, row: typeof affiliates.$inferSelect): Promise<AffiliateView> {
  const [plan] = row.planId === null ? [] : await db.select().from(affiliatePlans).where(eq(affiliatePlans.id, row.planId));
  return {
    id: String(row.id),
    kind: row.kind as AffiliateView['kind'],
    name: row.name,
    contact_name: row.contactName,
    email: row.email,
    country: row.country,
    website: row.website,
    payout_method: row.payoutMethod as AffiliateView['payout_method'],
    payout_details: row.payoutDetails,
    status: row.status as AffiliateView['status'],
    two_factor: row.totpSecret !== null,
    created_at: row.createdAt.toISOString(),
    approved_at: row.approvedAt?.toISOString() ?? null,
    plan: plan ? toPlan(plan) : null,
  };
}
