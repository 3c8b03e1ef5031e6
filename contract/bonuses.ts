// The bonuses API the player site, operators and the server agree on (docs/decisions/0050-bonus-engine.md).
// Every amount is an integer number of minor units of the site currency. Imports nothing of ours outside contract/.
// The plain values and `termsText` are in bonuses.rules.ts, which the site's bundles import instead of this file
// (no zod there), and are re-exported here.
import { z } from 'zod';
import { BONUS_SLUG_PATTERN, BONUS_TYPES, BONUS_VISIBILITIES, PLAYER_BONUS_STATUSES } from './bonuses.rules.ts';
import { defineEndpoint } from './endpoint.ts';
import { dataOf, matching, text, UUID_TEXT } from './http.ts';

export * from './bonuses.rules.ts';

/** SPEC.md §3: the banner of a bonus card. */
export const bonusBannerSchema = z.object({ title: z.string(), title2: z.string(), title3: z.string(), or: z.string() });
export type BonusBanner = z.infer<typeof bonusBannerSchema>;

/** Game contributions to wagering, in percent, by the game's catalog category (`slots`, `table-games`, …). */
export const contributionsSchema = z.record(z.string(), z.int().min(0).max(100));
export type Contributions = z.infer<typeof contributionsSchema>;

/** The numbers a bonus is granted with; what the terms text says and what the code does. */
export const bonusTermsSchema = z.object({
  wagering_multiplier: z.int(),
  max_bet: z.int().nullable(),
  min_deposit: z.int(),
  match_percent: z.int(),
  max_bonus: z.int(),
  free_spins: z.int(),
  free_spin_game: z.string().nullable(),
  free_spin_stake: z.int(),
  max_conversion: z.int().nullable(),
  claim_days: z.int(),
  expires_in_days: z.int(),
  contributions: contributionsSchema,
});
export type BonusTerms = z.infer<typeof bonusTermsSchema>;

/** What players and operators alike see of an offer: its slug, the SPEC §3 texts and banner, and its type. */
const bonusDisplayShape = {
  slug: z.string(),
  title: z.string(),
  title2: z.string(),
  title3: z.string(),
  buttonClaim: z.string(),
  buttonDeposit: z.string(),
  visibility: z.enum(BONUS_VISIBILITIES),
  banner: bonusBannerSchema,
  type: z.enum(BONUS_TYPES),
};

/** GET /api/bonuses → { data: BonusOffer[] }: the SPEC §3 fields plus `type`, `terms` and their plain-English text. */
export const bonusOfferSchema = z
  .object({
    ...bonusDisplayShape,
    terms: bonusTermsSchema,
    terms_text: z.array(z.string()),
    /** Signed in: whether this player may claim it now, and if not why. */
    eligible: z.boolean().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'BonusOffer' });
export type BonusOffer = z.infer<typeof bonusOfferSchema>;

/** A player's bonus (GET /api/player/bonuses). */
export const playerBonusSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    type: z.enum(BONUS_TYPES),
    status: z.enum(PLAYER_BONUS_STATUSES),
    amount: z.int(),
    balance: z.int(),
    wagering_required: z.int(),
    wagered: z.int(),
    wagering_left: z.int(),
    max_bet: z.int().nullable(),
    free_spins_left: z.int(),
    free_spin_game: z.string().nullable(),
    free_spin_stake: z.int(),
    converted: z.int().nullable(),
    expires_at: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    terms: bonusTermsSchema,
  })
  .meta({ id: 'PlayerBonus' });
export type PlayerBonus = z.infer<typeof playerBonusSchema>;

/**
 * Free rounds a bonus granted on an aggregator's game (decision 0100), as the player's bonus screen shows them: the
 * game (null when the catalogue no longer has it), rounds granted and left, the stake of each, when they end.
 * `pending`: being set up with the game's provider; `failed`: the provider refused them (the bonus was cancelled).
 */
export type PlayerFreeRounds = {
  id: string;
  game: { name: string; slug: string; playable: boolean } | null;
  rounds: number;
  rounds_left: number;
  bet_value: number;
  currency: string;
  status: 'pending' | 'active' | 'played' | 'expired' | 'failed';
  expires_at: string | null;
  granted_at: string;
};

/** `BonusUpdated` (namespace App.Events) on `private-App.Models.User.{id}`: the bonus after the change. */
export type BonusUpdated = { bonus: PlayerBonus };

export const bonusSlugParamsSchema = z.object({ slug: matching(BONUS_SLUG_PATTERN) });
export const playerBonusIdParamsSchema = z.object({ id: UUID_TEXT });
export const adminPlayerParamsSchema = z.object({ id: matching(/^[1-9][0-9]{0,9}$/) });
export const grantBodySchema = z.object({ slug: matching(BONUS_SLUG_PATTERN) });

const MONEY = z.int().min(0).max(100_000_000_00);
/** A definition's fields as operators write them; what is left out keeps its default (create) or its value (change). */
const definitionFields = {
  title: text(120).min(1),
  title2: text(120),
  title3: text(120),
  buttonClaim: text(40),
  buttonDeposit: text(40),
  visibility: z.enum(BONUS_VISIBILITIES),
  banner: z.object({ title: text(60), title2: text(60), title3: text(60), or: text(20) }),
  type: z.enum(BONUS_TYPES),
  match_percent: z.int().min(0).max(1000),
  max_bonus: MONEY,
  min_deposit: MONEY,
  free_spins: z.int().min(0).max(1000),
  free_spin_game: matching(/^[a-z0-9-]{1,64}$/).nullable(),
  free_spin_stake: MONEY,
  wagering_multiplier: z.int().min(0).max(100),
  contributions: contributionsSchema,
  max_bet: MONEY.nullable(),
  max_conversion: MONEY.nullable(),
  claim_days: z.int().min(1).max(365),
  expires_in_days: z.int().min(1).max(365),
  first_deposit_only: z.boolean(),
  once_per_player: z.boolean(),
  starts_at: z.iso.datetime().nullable(),
  ends_at: z.iso.datetime().nullable(),
  weekdays: z.array(z.int().min(0).max(6)).max(7).nullable(),
  retired: z.boolean(),
  sort_order: z.int().min(0).max(10_000),
};
/** PUT /api/admin/bonuses/{slug}: any field but the slug. */
export const bonusDefinitionPatchSchema = z.object(definitionFields).partial();
export type BonusDefinitionPatch = z.infer<typeof bonusDefinitionPatchSchema>;
/** POST /api/admin/bonuses body: slug, title, type and wagering are required. */
export const bonusDefinitionBodySchema = bonusDefinitionPatchSchema.extend({
  slug: matching(BONUS_SLUG_PATTERN),
  title: definitionFields.title,
  type: definitionFields.type,
  wagering_multiplier: definitionFields.wagering_multiplier,
});
export type BonusDefinitionInput = z.infer<typeof bonusDefinitionBodySchema>;
/** Every field of a definition, as the house stores it. */
export type BonusDefinitionFields = { [K in keyof typeof definitionFields]: z.infer<(typeof definitionFields)[K]> };

/** An operator's view of a definition: every field, as written. */
export const bonusDefinitionSchema = z
  .object({
    ...bonusDisplayShape,
    match_percent: z.int(),
    max_bonus: z.int(),
    min_deposit: z.int(),
    free_spins: z.int(),
    free_spin_game: z.string().nullable(),
    free_spin_stake: z.int(),
    wagering_multiplier: z.int(),
    contributions: contributionsSchema,
    max_bet: z.int().nullable(),
    max_conversion: z.int().nullable(),
    claim_days: z.int(),
    expires_in_days: z.int(),
    first_deposit_only: z.boolean(),
    once_per_player: z.boolean(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    weekdays: z.array(z.int()).nullable(),
    retired: z.boolean(),
    sort_order: z.int(),
    terms_text: z.array(z.string()),
  })
  .meta({ id: 'BonusDefinition' });
export type BonusDefinition = z.infer<typeof bonusDefinitionSchema>;
/** GET /api/admin/bonuses: a definition with how many times it has been granted. */
export const adminBonusDefinitionSchema = bonusDefinitionSchema.extend({ claims: z.int() }).meta({ id: 'AdminBonusDefinition' });
export type AdminBonusDefinition = z.infer<typeof adminBonusDefinitionSchema>;

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
export const bonusEndpoints = {
  offers: defineEndpoint({
    method: 'GET',
    path: '/api/bonuses',
    responses: { 200: dataOf(z.array(bonusOfferSchema)) },
    auth: 'optional-player',
    summary: 'The bonus offers (with the signed-in player’s eligibility)',
    operationId: 'listBonusOffers',
  }),
  offer: defineEndpoint({
    method: 'GET',
    path: '/api/bonuses/:slug',
    params: bonusSlugParamsSchema,
    responses: { 200: dataOf(bonusOfferSchema) },
    auth: 'optional-player',
    summary: 'One bonus offer',
    operationId: 'getBonusOffer',
  }),
  claim: defineEndpoint({
    method: 'POST',
    path: '/api/player/bonuses/:slug/claim',
    params: bonusSlugParamsSchema,
    responses: { 201: dataOf(playerBonusSchema) },
    auth: 'active-player',
    idempotent: true,
    summary: 'Claim a bonus',
    operationId: 'claimBonus',
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/player/bonuses',
    responses: { 200: dataOf(z.array(playerBonusSchema)) },
    auth: 'player',
    summary: 'The player’s bonuses',
    operationId: 'listPlayerBonuses',
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/player/bonuses/:id/cancel',
    params: playerBonusIdParamsSchema,
    responses: { 200: dataOf(playerBonusSchema) },
    auth: 'player',
    summary: 'Give up a bonus',
    operationId: 'cancelPlayerBonus',
  }),
  definitions: defineEndpoint({
    method: 'GET',
    path: '/api/admin/bonuses',
    responses: { 200: dataOf(z.array(adminBonusDefinitionSchema)) },
    auth: 'operator',
    permission: 'bonuses.manage',
    summary: 'Every bonus definition, with its claims',
    operationId: 'listBonusDefinitions',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/bonuses',
    body: bonusDefinitionBodySchema,
    responses: { 201: dataOf(bonusDefinitionSchema) },
    auth: 'operator',
    permission: 'bonuses.manage',
    summary: 'Create a bonus definition',
    operationId: 'createBonusDefinition',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/bonuses/:slug',
    params: bonusSlugParamsSchema,
    body: bonusDefinitionPatchSchema,
    responses: { 200: dataOf(bonusDefinitionSchema) },
    auth: 'operator',
    permission: 'bonuses.manage',
    summary: 'Change or retire a bonus definition',
    operationId: 'updateBonusDefinition',
  }),
  grant: defineEndpoint({
    method: 'POST',
    path: '/api/admin/players/:id/bonuses',
    params: adminPlayerParamsSchema,
    body: grantBodySchema,
    responses: { 201: dataOf(playerBonusSchema) },
    auth: 'operator',
    permission: 'bonuses.manage',
    summary: 'Grant a player a bonus',
    operationId: 'grantPlayerBonus',
  }),
  playerBonuses: defineEndpoint({
    method: 'GET',
    path: '/api/admin/players/:id/bonuses',
    params: adminPlayerParamsSchema,
    responses: { 200: dataOf(z.array(playerBonusSchema)) },
    auth: 'operator',
    permission: 'players.read',
    summary: 'A player’s bonuses',
    operationId: 'listAdminPlayerBonuses',
  }),
};
