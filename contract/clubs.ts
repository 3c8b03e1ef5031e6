// The VIP and loyalty clubs' API (decision 0065). The clubs' rules (tiers, points, exchange) are in clubs.rules.ts,
// which the site's bundles import instead of this file (no zod there), and are re-exported here.
import { z } from 'zod';
import { LOYALTY_ENTRY_TYPES } from './clubs.rules.ts';
import { defineEndpoint } from './endpoint.ts';
import { dataOf, matching, pageMetaSchema, PAGE, PER_PAGE } from './http.ts';

export * from './clubs.rules.ts';

export const loyaltyEntrySchema = z.object({
  id: z.string(),
  type: z.enum(LOYALTY_ENTRY_TYPES),
  points: z.int(),
  created_at: z.string(),
  /** What the entry is about: the round id, the exchange id, the month that expired, or the operator's reason. */
  reference: z.string().nullable(),
});
export type LoyaltyEntry = z.infer<typeof loyaltyEntrySchema>;

export const loyaltySchema = z.object({
  points: z.int(),
  lifetime_points: z.int(),
  points_this_month: z.int(),
  expiring: z.object({ points: z.int(), at: z.string() }).nullable(),
  history: z.array(loyaltyEntrySchema),
});
export type Loyalty = z.infer<typeof loyaltySchema>;

/** GET /api/player/loyalty → { data: Loyalty, meta } (meta pages the history). */
export const loyaltyResponseSchema = z.object({ data: loyaltySchema, meta: pageMetaSchema });
export const loyaltyQuerySchema = z.object({ page: PAGE.optional(), per_page: PER_PAGE.optional() });

/** POST /api/player/loyalty/exchange body; refusals are 422 on `points`. */
export const exchangeBodySchema = z.object({ points: z.int() });
export const exchangeSchema = z.object({
  id: z.string(),
  points: z.int(),
  amount: z.int(),
  currency: z.string(),
  created_at: z.string(),
  points_left: z.int(),
});
export type Exchange = z.infer<typeof exchangeSchema>;

const TIER_SLUGS = ['bronze', 'silver', 'gold', 'platinum'] as const;

export const vipSchema = z.object({
  tier: z.object({ slug: z.enum(TIER_SLUGS), name: z.string(), perks: z.array(z.string()) }),
  next_tier: z.object({ slug: z.enum(TIER_SLUGS), name: z.string(), points_needed: z.int() }).nullable(),
  cashback: z.object({ percent: z.number(), accrued: z.int(), period_start: z.string(), next_payout_at: z.string() }),
  daily_withdrawal_limit: z.int(),
  withdrawal_review_hours: z.int(),
  points_this_month: z.int(),
  points_last_month: z.int(),
  currency: z.string(),
});
export type Vip = z.infer<typeof vipSchema>;

/** Realtime `LoyaltyUpdated`: after a round earned points, an exchange or an adjustment. */
export type LoyaltyUpdated = { points: number; tier: Vip['tier']['slug'] };
/** Realtime `VipTierChanged`. */
export type VipTierChanged = { from: Vip['tier']['slug']; to: Vip['tier']['slug'] };

/** POST /api/admin/players/{id}/loyalty body: a signed change of the balance with the reason recorded. */
export const loyaltyAdjustBodySchema = z.object({ points: z.int(), reason: z.string().max(500) });
export const adminLoyaltySchema = z.object({
  player_id: z.string(),
  points: z.int(),
  lifetime_points: z.int(),
  points_this_month: z.int(),
  tier: z.enum(TIER_SLUGS),
  history: z.array(loyaltyEntrySchema.extend({ operator_id: z.string().nullable() })),
});

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
// The player's id, as contract/operators.ts has it (that file imports this one, so it is not imported back).
const playerIdParams = z.object({ id: matching(/^[1-9][0-9]{0,14}$/) });

export const clubEndpoints = {
  loyalty: defineEndpoint({
    method: 'GET',
    path: '/api/player/loyalty',
    query: loyaltyQuerySchema,
    responses: { 200: loyaltyResponseSchema },
    auth: 'player',
    summary: 'The player’s loyalty points and their history',
    operationId: 'getLoyalty',
  }),
  exchange: defineEndpoint({
    method: 'POST',
    path: '/api/player/loyalty/exchange',
    body: exchangeBodySchema,
    responses: { 201: dataOf(exchangeSchema) },
    auth: 'active-player',
    idempotent: true,
    summary: 'Exchange loyalty points for money',
    operationId: 'exchangeLoyaltyPoints',
  }),
  vip: defineEndpoint({
    method: 'GET',
    path: '/api/player/vip',
    responses: { 200: dataOf(vipSchema) },
    auth: 'player',
    summary: 'The player’s VIP level and progress',
    operationId: 'getVip',
  }),
  adminLoyalty: defineEndpoint({
    method: 'GET',
    path: '/api/admin/players/:id/loyalty',
    params: playerIdParams,
    responses: { 200: dataOf(adminLoyaltySchema) },
    auth: 'operator',
    permission: 'players.read',
    summary: 'A player’s loyalty points and VIP level',
    operationId: 'getPlayerLoyalty',
  }),
  // An optional Idempotency-Key makes a retried adjustment count once (read by the handler).
  adjust: defineEndpoint({
    method: 'POST',
    path: '/api/admin/players/:id/loyalty',
    params: playerIdParams,
    body: loyaltyAdjustBodySchema,
    responses: { 201: dataOf(loyaltyEntrySchema) },
    auth: 'operator',
    permission: 'loyalty.manage',
    summary: 'Add or take away a player’s loyalty points',
    operationId: 'adjustPlayerLoyalty',
  }),
};
