// The bonuses API the player site, operators and the server agree on (docs/decisions/0050-bonus-engine.md).
// Every amount is an integer number of minor units of the site currency. Imports nothing of ours outside contract/.
import { z } from 'zod';
import { matching, text, UUID_TEXT } from './http.ts';

export const BONUS_TYPES = ['deposit_match', 'free_spins', 'no_deposit', 'reload'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];
export const BONUS_VISIBILITIES = ['public', 'hidden', 'code-only'] as const;
export type BonusVisibility = (typeof BONUS_VISIBILITIES)[number];
export const PLAYER_BONUS_STATUSES = ['pending', 'active', 'completed', 'forfeited', 'expired', 'cancelled'] as const;
export type PlayerBonusStatus = (typeof PLAYER_BONUS_STATUSES)[number];

/** A bonus's slug: the `bonusId` the site's addresses carry. */
export const BONUS_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** The default wagering cap (UK Gambling Commission, LCCP SR code 5.1.1 since 19 January 2026): 10 × the bonus. */
export const DEFAULT_MAX_WAGERING = 10;

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

/** What a created definition has where the operator said nothing. */
export const DEFINITION_DEFAULTS = {
  title2: '',
  title3: '',
  buttonClaim: 'Claim',
  buttonDeposit: 'Deposit',
  visibility: 'public',
  banner: { title: '', title2: '', title3: '', or: '' },
  match_percent: 0,
  max_bonus: 0,
  min_deposit: 0,
  free_spins: 0,
  free_spin_game: null,
  free_spin_stake: 0,
  contributions: { slots: 100, 'table-games': 10 },
  max_bet: null,
  max_conversion: null,
  claim_days: 7,
  expires_in_days: 30,
  first_deposit_only: false,
  once_per_player: true,
  starts_at: null,
  ends_at: null,
  weekdays: null,
  retired: false,
  sort_order: 100,
} as const satisfies Omit<BonusDefinitionFields, 'title' | 'type' | 'wagering_multiplier'>;

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

/**
 * SPEC.md §3 bonus fallback: shown when no bonus list can be loaded. The 100-match welcome bonus, crypto deposit
 * with 50 extra free spins, banner "150% Match back" or "200 Free Spins".
 */
export const FALLBACK_BONUS = {
  slug: 'welcome-match',
  title: '100% Match Bonus- Up to €500',
  title2: 'crypto deposit',
  title3: '50 extra free spins',
  buttonClaim: 'Claim',
  buttonDeposit: 'Deposit',
  visibility: 'public',
  banner: { title: '150% Match back', title2: '200 Free Spins', title3: '', or: 'or' },
} as const;

/** A slot's slug as its name reads: `lantern-orchard` → Lantern Orchard. */
const slotName = (slug: string) =>
  slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** The plain-English terms of a bonus, made from its numbers: what the player reads is what the code does. */
export function termsText(type: BonusType, terms: BonusTerms, money: (minor: number) => string, dates?: { weekdays?: number[] | null }): string[] {
  const lines: string[] = [];
  if (type === 'deposit_match' || type === 'reload') {
    lines.push(`We add ${terms.match_percent}% of your deposit as bonus money, up to ${money(terms.max_bonus)}. Minimum deposit ${money(terms.min_deposit)}.`);
  }
  if (type === 'no_deposit') lines.push(`${money(terms.max_bonus)} of bonus money, no deposit needed.`);
  if (terms.free_spins > 0) {
    lines.push(
      `${terms.free_spins} free spins at ${money(terms.free_spin_stake)} each${terms.free_spin_game ? ` on ${slotName(terms.free_spin_game)}` : ''}; their winnings are bonus money.`,
    );
  }
  if (dates?.weekdays && dates.weekdays.length > 0 && dates.weekdays.length < 7) {
    const names = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    lines.push(`Claimable on ${dates.weekdays.map((d) => names[d]).join(', ')} (UTC).`);
  }
  const what = type === 'free_spins' ? 'your free spin winnings' : 'the bonus';
  lines.push(
    terms.wagering_multiplier > 0
      ? `Wager ${what} ${terms.wagering_multiplier} times within ${terms.expires_in_days} days before ${type === 'free_spins' ? 'they turn' : 'it turns'} into cash.`
      : `No wagering: ${what} ${type === 'free_spins' ? 'turn' : 'turns'} into cash at once.`,
  );
  const parts = Object.entries(terms.contributions).map(([category, percent]) => `${category.replaceAll('-', ' ')} ${percent}%`);
  if (parts.length > 0) lines.push(`Games count towards wagering as follows: ${parts.join(', ')}; other games 0%.`);
  lines.push(`Your own cash is staked first; bonus money only once your cash is spent.`);
  if (terms.max_bet !== null) lines.push(`Maximum stake while the bonus is active: ${money(terms.max_bet)} per round.`);
  if (terms.max_conversion !== null) lines.push(`At most ${money(terms.max_conversion)} of bonus money turns into cash; the rest is removed.`);
  lines.push(`Withdrawing or cancelling before the wagering is done removes the bonus money; your cash is always yours.`);
  return lines;
}
