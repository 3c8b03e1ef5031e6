// Bonus definitions: the seeded lists (one per APP_ENV family, SPEC.md §3), the operator's writes, and how a
// definition reads as an offer and as terms (docs/decisions/0050-bonus-engine.md).

import { asc, eq } from 'drizzle-orm';
import {
  type BonusDefinition,
  type BonusDefinitionFields,
  type BonusDefinitionInput,
  type BonusDefinitionPatch,
  DEFINITION_DEFAULTS,
  type BonusOffer,
  type BonusTerms,
  type BonusType,
  type BonusVisibility,
  DEFAULT_MAX_WAGERING,
  termsText,
} from '../../../contract/bonuses.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { Database } from '../../db/client.ts';
import { invalid } from '../../problem.ts';
import { bonusDefinitions } from './schema.ts';

export type DefinitionRow = typeof bonusDefinitions.$inferSelect;
type NewDefinition = typeof bonusDefinitions.$inferInsert;

const SLOTS_AND_TABLES = { slots: 100, 'table-games': 10 };

/** The offers every environment starts with; the texts of content/seed.ts's promotions say the same. */
const PRODUCTION_DEFINITIONS: NewDefinition[] = [
  {
    slug: 'welcome-match',
    title: '100% Match Bonus up to €500',
    title2: 'on your first deposit',
    title3: 'Wagering 10x within 30 days',
    buttonClaim: 'Claim welcome bonus',
    buttonDeposit: 'Deposit now',
    visibility: 'public',
    banner: { title: '100% Match', title2: 'up to €500', title3: '10x wagering', or: '' },
    type: 'deposit_match',
    matchPercent: 100,
    maxBonus: 500_00,
    minDeposit: 20_00,
    wageringMultiplier: 10,
    contributions: SLOTS_AND_TABLES,
    maxBet: 5_00,
    claimDays: 7,
    expiresInDays: 30,
    firstDepositOnly: true,
    oncePerPlayer: true,
    sortOrder: 10,
  },
  {
    slug: 'welcome-spins',
    title: '50 Free Spins',
    title2: 'on Lantern Orchard',
    title3: 'Winnings wagered 10x within 7 days',
    buttonClaim: 'Claim free spins',
    buttonDeposit: 'Deposit',
    visibility: 'public',
    banner: { title: '50 Free Spins', title2: 'at €0.20 each', title3: 'on Lantern Orchard', or: '' },
    type: 'free_spins',
    freeSpins: 50,
    freeSpinGame: 'lantern-orchard',
    freeSpinStake: 20,
    wageringMultiplier: 10,
    contributions: { slots: 100 },
    maxBet: 5_00,
    claimDays: 7,
    expiresInDays: 7,
    oncePerPlayer: true,
    sortOrder: 20,
  },
  {
    slug: 'weekend-reload',
    title: 'Weekend Reload 50%',
    title2: 'every Friday to Sunday',
    title3: 'Wagering 10x within 14 days',
    buttonClaim: 'Claim reload',
    buttonDeposit: 'Reload now',
    visibility: 'public',
    banner: { title: '50% Reload', title2: 'up to €200', title3: 'Friday to Sunday', or: '' },
    type: 'reload',
    matchPercent: 50,
    maxBonus: 200_00,
    minDeposit: 30_00,
    wageringMultiplier: 10,
    contributions: SLOTS_AND_TABLES,
    maxBet: 5_00,
    claimDays: 3,
    expiresInDays: 14,
    oncePerPlayer: false,
    weekdays: [5, 6, 0],
    sortOrder: 30,
  },
];

/** Outside production a small no-deposit chip with light wagering is there too, hidden, for trying the whole path. */
const OTHER_DEFINITIONS: NewDefinition[] = [
  ...PRODUCTION_DEFINITIONS,
  {
    slug: 'demo-chip',
    title: '€5 Demo Chip',
    title2: 'no deposit needed',
    title3: 'Wagering 1x within 3 days',
    buttonClaim: 'Claim chip',
    buttonDeposit: 'Deposit',
    visibility: 'hidden',
    banner: { title: '€5 free', title2: 'no deposit', title3: '', or: '' },
    type: 'no_deposit',
    maxBonus: 5_00,
    wageringMultiplier: 1,
    contributions: SLOTS_AND_TABLES,
    maxBet: 5_00,
    expiresInDays: 3,
    oncePerPlayer: true,
    sortOrder: 90,
  },
];

/** Which list is loaded depends on the environment (SPEC.md §3). */
export function seededDefinitions(appEnv: string): NewDefinition[] {
  return appEnv === 'production' ? PRODUCTION_DEFINITIONS : OTHER_DEFINITIONS;
}

export function termsOf(row: DefinitionRow): BonusTerms {
  return {
    wagering_multiplier: row.wageringMultiplier,
    max_bet: row.maxBet,
    min_deposit: row.minDeposit,
    match_percent: row.matchPercent,
    max_bonus: row.maxBonus,
    free_spins: row.freeSpins,
    free_spin_game: row.freeSpinGame,
    free_spin_stake: row.freeSpinStake,
    max_conversion: row.maxConversion,
    claim_days: row.claimDays,
    expires_in_days: row.expiresInDays,
    contributions: row.contributions,
  };
}

export function termsTextOf(row: DefinitionRow, currency: string): string[] {
  return termsText(row.type as BonusType, termsOf(row), (minor) => formatMoney(minor, currency), { weekdays: row.weekdays });
}

/** The fields an offer and a definition share, as the contract names them. */
function displayOf(row: DefinitionRow) {
  return {
    slug: row.slug,
    title: row.title,
    title2: row.title2,
    title3: row.title3,
    buttonClaim: row.buttonClaim,
    buttonDeposit: row.buttonDeposit,
    visibility: row.visibility as BonusVisibility,
    banner: row.banner,
    type: row.type as BonusType,
  };
}

export function toOffer(row: DefinitionRow, currency: string, eligibility: { eligible: boolean; reason: string | null } | null): BonusOffer {
  return {
    ...displayOf(row),
    terms: termsOf(row),
    terms_text: termsTextOf(row, currency),
    eligible: eligibility?.eligible ?? null,
    reason: eligibility?.reason ?? null,
  };
}

export function toDefinition(row: DefinitionRow, currency: string): BonusDefinition {
  return {
    ...displayOf(row),
    match_percent: row.matchPercent,
    max_bonus: row.maxBonus,
    min_deposit: row.minDeposit,
    free_spins: row.freeSpins,
    free_spin_game: row.freeSpinGame,
    free_spin_stake: row.freeSpinStake,
    wagering_multiplier: row.wageringMultiplier,
    contributions: row.contributions,
    max_bet: row.maxBet,
    max_conversion: row.maxConversion,
    claim_days: row.claimDays,
    expires_in_days: row.expiresInDays,
    first_deposit_only: row.firstDepositOnly,
    once_per_player: row.oncePerPlayer,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    weekdays: row.weekdays,
    retired: row.retired,
    sort_order: row.sortOrder,
    terms_text: termsTextOf(row, currency),
  };
}

/** An operator's input as a row; refuses what the house may not offer (wagering above BONUS_MAX_WAGERING, …). */
export function fromInput(input: BonusDefinitionFields, maxWagering: number): Omit<NewDefinition, 'slug'> {
  const errors: Record<string, string[]> = {};
  if (input.wagering_multiplier > maxWagering) errors.wagering_multiplier = [`The wagering may not be more than ${maxWagering} times the bonus.`];
  if ((input.type === 'deposit_match' || input.type === 'reload') && input.match_percent <= 0)
    errors.match_percent = ['A deposit offer needs a match percent.'];
  if (input.type !== 'free_spins' && input.max_bonus <= 0) errors.max_bonus = ['The maximum bonus must be more than zero.'];
  if (input.free_spins > 0 && (!input.free_spin_game || input.free_spin_stake <= 0)) {
    errors.free_spin_game = ['Free spins need a slot and a stake per spin.'];
  }
  if (input.type === 'free_spins' && input.free_spins <= 0) errors.free_spins = ['A free spins offer needs at least one spin.'];
  if (input.starts_at && input.ends_at && input.ends_at <= input.starts_at) errors.ends_at = ['The end must be after the start.'];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return {
    title: input.title,
    title2: input.title2,
    title3: input.title3,
    buttonClaim: input.buttonClaim,
    buttonDeposit: input.buttonDeposit,
    visibility: input.visibility,
    banner: input.banner,
    type: input.type,
    matchPercent: input.match_percent,
    maxBonus: input.max_bonus,
    minDeposit: input.min_deposit,
    freeSpins: input.free_spins,
    freeSpinGame: input.free_spin_game,
    freeSpinStake: input.free_spin_stake,
    wageringMultiplier: input.wagering_multiplier,
    contributions: input.contributions,
    maxBet: input.max_bet,
    maxConversion: input.max_conversion,
    claimDays: input.claim_days,
    expiresInDays: input.expires_in_days,
    firstDepositOnly: input.first_deposit_only,
    oncePerPlayer: input.once_per_player,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
    weekdays: input.weekdays,
    retired: input.retired,
    sortOrder: input.sort_order,
  };
}

export function rowToInput(row: DefinitionRow): BonusDefinitionFields {
  const { slug: _slug, terms_text: _text, ...rest } = toDefinition(row, 'EUR');
  return rest;
}

const defined = <T extends object>(patch: T) => Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;

export function createDefinitions({ db, appEnv, maxWagering = DEFAULT_MAX_WAGERING }: { db: Database; appEnv: string; maxWagering?: number }) {
  return {
    maxWagering,
    /** Inserts the environment's list where a slug is missing; an operator's later changes are kept. */
    async seed(): Promise<void> {
      await db.insert(bonusDefinitions).values(seededDefinitions(appEnv)).onConflictDoNothing();
    },
    async all(): Promise<DefinitionRow[]> {
      return db.select().from(bonusDefinitions).orderBy(asc(bonusDefinitions.sortOrder), asc(bonusDefinitions.slug));
    },
    async bySlug(slug: string): Promise<DefinitionRow | null> {
      const [row] = await db.select().from(bonusDefinitions).where(eq(bonusDefinitions.slug, slug));
      return row ?? null;
    },
    async create(input: BonusDefinitionInput, within: Database = db): Promise<DefinitionRow | null> {
      const { slug, ...rest } = input;
      const fields = { ...DEFINITION_DEFAULTS, ...defined(rest) } as BonusDefinitionFields;
      const [row] = await within
        .insert(bonusDefinitions)
        .values({ slug, ...fromInput(fields, maxWagering) })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },
    async update(slug: string, patch: BonusDefinitionPatch, within: Database = db): Promise<DefinitionRow | null> {
      const [existing] = await within.select().from(bonusDefinitions).where(eq(bonusDefinitions.slug, slug));
      if (!existing) return null;
      const merged = { ...rowToInput(existing), ...defined(patch) } as BonusDefinitionFields;
      const [row] = await within
        .update(bonusDefinitions)
        .set({ ...fromInput(merged, maxWagering), updatedAt: new Date() })
        .where(eq(bonusDefinitions.slug, slug))
        .returning();
      return row ?? null;
    },
  };
}
