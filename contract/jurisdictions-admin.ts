// The back office's read-only view of the jurisdiction profiles (docs/decisions/0120), GET /api/admin/jurisdictions.
// The rules are plain values in jurisdictions.ts; this is the answer's schema only.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { dataOf } from './http.ts';
import { JURISDICTION_IDS } from './jurisdictions.ts';

export const jurisdictionProfileViewSchema = z.object({
  id: z.enum(JURISDICTION_IDS),
  name: z.string(),
  regulator: z.string(),
  /** Whether the operator holds this licence (JURISDICTIONS). */
  held: z.boolean(),
  /** The countries this profile names; `rest` for the default. */
  countries: z.union([z.literal('rest'), z.array(z.string())]),
  /** The countries it serves on this site, with the licences held. */
  served_countries: z.array(z.string()),
  slot_stake_cap: z.object({ amount: z.int(), under_25: z.int(), stated_in: z.string() }).nullable(),
  min_spin_ms: z.int().nullable(),
  autoplay: z.boolean(),
  turbo: z.boolean(),
  slam_stop: z.boolean(),
  bonus_max_wagering: z.int().nullable(),
  single_product_bonuses: z.boolean(),
  deposit_limit_prompt: z.object({ remind_every_months: z.int() }).nullable(),
  deposit_limit_counts: z.literal('gross'),
  reality_check_default_minutes: z.int().nullable(),
  self_exclusion_months: z.array(z.int()),
  rg_info_before_first_stake: z.boolean(),
  sources: z.array(z.string()),
});
export type JurisdictionProfileView = z.infer<typeof jurisdictionProfileViewSchema>;

export const jurisdictionsViewSchema = z.object({
  held: z.array(z.enum(JURISDICTION_IDS)),
  /** The site's wallet currency: a cap stated in another currency applies as the same amount in it. */
  currency: z.string(),
  profiles: z.array(jurisdictionProfileViewSchema),
});
export type JurisdictionsView = z.infer<typeof jurisdictionsViewSchema>;

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
export const jurisdictionAdminEndpoints = {
  view: defineEndpoint({
    method: 'GET',
    path: '/api/admin/jurisdictions',
    responses: { 200: dataOf(jurisdictionsViewSchema) },
    auth: 'operator',
    permission: 'reports.read',
    summary: 'The jurisdiction profiles and their rules',
    operationId: 'listJurisdictionProfiles',
  }),
};
