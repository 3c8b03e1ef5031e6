// The bonus editor's form (app/routes/admin/bonuses.tsx): what the operator types, as strings, to the definition
// the operator API takes and to the offer the player pages show. The preview is made from the same numbers with
// the same terms function the server uses (contract/bonuses.rules.ts `termsText`), so what the operator reads is what
// players will read.
import type { BonusDefinition, BonusDefinitionInput, BonusOffer, BonusTerms } from '../../../contract/bonuses.ts';
import { BONUS_SLUG_PATTERN, type BonusType, type BonusVisibility, DEFINITION_DEFAULTS, termsText } from '../../../contract/bonuses.rules.ts';

export type BonusForm = {
  slug: string;
  title: string;
  title2: string;
  title3: string;
  buttonClaim: string;
  buttonDeposit: string;
  visibility: BonusVisibility;
  type: BonusType;
  banner_title: string;
  banner_title2: string;
  banner_title3: string;
  banner_or: string;
  match_percent: string;
  max_bonus: string;
  min_deposit: string;
  free_spins: string;
  free_spin_game: string;
  free_spin_stake: string;
  wagering_multiplier: string;
  max_bet: string;
  max_conversion: string;
  claim_days: string;
  expires_in_days: string;
  contributions: string;
  first_deposit_only: boolean;
  once_per_player: boolean;
  starts_at: string;
  ends_at: string;
  weekdays: number[];
  retired: boolean;
  sort_order: string;
};

/** Which of the type-specific fields a type uses; the others are sent as zero. */
export const usesDeposit = (type: BonusType) => type === 'deposit_match' || type === 'reload';
export const usesMaxBonus = (type: BonusType) => type !== 'free_spins';
export const usesFreeSpins = (type: BonusType) => type === 'free_spins';

/** Minor units as the operator types them: 2000 → "20", 1050 → "10.50". */
const major = (minor: number | null) => (minor === null ? '' : minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2));
const contributionsText = (contributions: Record<string, number>) =>
  Object.entries(contributions)
    .map(([category, percent]) => `${category} ${percent}`)
    .join(', ');
/** An ISO instant as a `datetime-local` value, read as UTC. */
const localOf = (iso: string | null) => (iso ? iso.slice(0, 16) : '');

export function emptyForm(): BonusForm {
  const d = DEFINITION_DEFAULTS;
  return {
    slug: '',
    title: '',
    title2: d.title2,
    title3: d.title3,
    buttonClaim: d.buttonClaim,
    buttonDeposit: d.buttonDeposit,
    visibility: d.visibility,
    type: 'deposit_match',
    banner_title: '',
    banner_title2: '',
    banner_title3: '',
    banner_or: '',
    match_percent: '100',
    max_bonus: '100',
    min_deposit: '20',
    free_spins: '0',
    free_spin_game: '',
    free_spin_stake: '0.20',
    wagering_multiplier: '10',
    max_bet: '5',
    max_conversion: '',
    claim_days: String(d.claim_days),
    expires_in_days: String(d.expires_in_days),
    contributions: contributionsText(d.contributions),
    first_deposit_only: d.first_deposit_only,
    once_per_player: d.once_per_player,
    starts_at: '',
    ends_at: '',
    weekdays: [],
    retired: false,
    sort_order: String(d.sort_order),
  };
}

export function formOf(definition: BonusDefinition): BonusForm {
  return {
    slug: definition.slug,
    title: definition.title,
    title2: definition.title2,
    title3: definition.title3,
    buttonClaim: definition.buttonClaim,
    buttonDeposit: definition.buttonDeposit,
    visibility: definition.visibility,
    type: definition.type,
    banner_title: definition.banner.title,
    banner_title2: definition.banner.title2,
    banner_title3: definition.banner.title3,
    banner_or: definition.banner.or,
    match_percent: String(definition.match_percent),
    max_bonus: major(definition.max_bonus),
    min_deposit: major(definition.min_deposit),
    free_spins: String(definition.free_spins),
    free_spin_game: definition.free_spin_game ?? '',
    free_spin_stake: major(definition.free_spin_stake),
    wagering_multiplier: String(definition.wagering_multiplier),
    max_bet: major(definition.max_bet),
    max_conversion: major(definition.max_conversion),
    claim_days: String(definition.claim_days),
    expires_in_days: String(definition.expires_in_days),
    contributions: contributionsText(definition.contributions),
    first_deposit_only: definition.first_deposit_only,
    once_per_player: definition.once_per_player,
    starts_at: localOf(definition.starts_at),
    ends_at: localOf(definition.ends_at),
    weekdays: definition.weekdays ?? [],
    retired: definition.retired,
    sort_order: String(definition.sort_order),
  };
}

type Parsed<T> = { value: T; error?: string };
const MONEY_TEXT = /^\d{1,9}(\.\d{1,2})?$/;

function money(text: string, { optional = false } = {}): Parsed<number | null> {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return optional ? { value: null } : { value: 0, error: 'Enter an amount, like 20 or 20.50.' };
  if (!MONEY_TEXT.test(trimmed)) return { value: 0, error: 'Enter an amount, like 20 or 20.50.' };
  return { value: Math.round(Number(trimmed) * 100) };
}

function whole(text: string, min: number, max: number): Parsed<number> {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return { value: 0, error: 'Enter a whole number.' };
  const value = Number(trimmed);
  if (value < min || value > max) return { value, error: `Between ${min} and ${max}.` };
  return { value };
}

function contributions(text: string): Parsed<Record<string, number>> {
  const value: Record<string, number> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z0-9-]{1,40})\s*[:= ]\s*(\d{1,3})%?$/.exec(part);
    if (!match || Number(match[2]) > 100) return { value, error: 'Write category and percent, like: slots 100, table-games 10.' };
    value[match[1]!] = Number(match[2]);
  }
  return { value };
}

/** A `datetime-local` value read as UTC, as an ISO instant; null when empty or unreadable. */
function instant(local: string): string | null {
  const at = local ? new Date(`${local}Z`) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
}

/**
 * The form as the API's definition (amounts in minor units; fields the type does not use as zero) and the
 * mistakes the browser can see before the server does. The server's own rules (the wagering cap above all) answer
 * in its 422.
 */
export function definitionOf(form: BonusForm): { input: BonusDefinitionInput; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const take = <T>(field: string, parsed: Parsed<T>): T => {
    if (parsed.error) errors[field] = parsed.error;
    return parsed.value;
  };
  const { type } = form;
  if (!BONUS_SLUG_PATTERN.test(form.slug)) errors.slug = 'Lower-case letters, digits and dashes, like friday-match.';
  if (!form.title.trim()) errors.title = 'Give the offer a title.';
  const matchPercent = usesDeposit(type) ? take('match_percent', whole(form.match_percent, 1, 1000)) : 0;
  const maxBonus = usesMaxBonus(type) ? (take('max_bonus', money(form.max_bonus)) ?? 0) : 0;
  if (usesMaxBonus(type) && maxBonus <= 0 && !errors.max_bonus) errors.max_bonus = 'The maximum bonus must be more than zero.';
  const minDeposit = usesDeposit(type) ? (take('min_deposit', money(form.min_deposit)) ?? 0) : 0;
  const freeSpins = usesFreeSpins(type) ? take('free_spins', whole(form.free_spins, 1, 1000)) : 0;
  const freeSpinGame = usesFreeSpins(type) ? form.free_spin_game.trim() || null : null;
  if (usesFreeSpins(type) && !freeSpinGame) errors.free_spin_game = 'Name the slot the spins are played on (its slug).';
  const freeSpinStake = usesFreeSpins(type) ? (take('free_spin_stake', money(form.free_spin_stake)) ?? 0) : 0;
  const startsAt = instant(form.starts_at);
  const endsAt = instant(form.ends_at);
  if (startsAt && endsAt && endsAt <= startsAt) errors.ends_at = 'The end must be after the start.';
  const input: BonusDefinitionInput = {
    slug: form.slug,
    title: form.title.trim(),
    title2: form.title2,
    title3: form.title3,
    buttonClaim: form.buttonClaim,
    buttonDeposit: form.buttonDeposit,
    visibility: form.visibility,
    banner: { title: form.banner_title, title2: form.banner_title2, title3: form.banner_title3, or: form.banner_or },
    type,
    match_percent: matchPercent,
    max_bonus: maxBonus,
    min_deposit: minDeposit,
    free_spins: freeSpins,
    free_spin_game: freeSpinGame,
    free_spin_stake: freeSpinStake,
    wagering_multiplier: take('wagering_multiplier', whole(form.wagering_multiplier, 0, 100)),
    contributions: take('contributions', contributions(form.contributions)),
    max_bet: take('max_bet', money(form.max_bet, { optional: true })),
    max_conversion: take('max_conversion', money(form.max_conversion, { optional: true })),
    claim_days: take('claim_days', whole(form.claim_days, 1, 365)),
    expires_in_days: take('expires_in_days', whole(form.expires_in_days, 1, 365)),
    first_deposit_only: type === 'deposit_match' && form.first_deposit_only,
    once_per_player: form.once_per_player,
    starts_at: startsAt,
    ends_at: endsAt,
    weekdays: form.weekdays.length === 0 || form.weekdays.length === 7 ? null : [...form.weekdays].sort(),
    retired: form.retired,
    sort_order: take('sort_order', whole(form.sort_order, 0, 10_000)),
  };
  return { input, errors };
}

/** The offer as players will see it on /all-bonuses, made from whatever the form holds right now. */
export function previewOffer(form: BonusForm, formatMoney: (minor: number) => string): BonusOffer {
  const { input } = definitionOf(form);
  const terms: BonusTerms = {
    wagering_multiplier: input.wagering_multiplier,
    max_bet: input.max_bet ?? null,
    min_deposit: input.min_deposit ?? 0,
    match_percent: input.match_percent ?? 0,
    max_bonus: input.max_bonus ?? 0,
    free_spins: input.free_spins ?? 0,
    free_spin_game: input.free_spin_game ?? null,
    free_spin_stake: input.free_spin_stake ?? 0,
    max_conversion: input.max_conversion ?? null,
    claim_days: input.claim_days ?? DEFINITION_DEFAULTS.claim_days,
    expires_in_days: input.expires_in_days ?? DEFINITION_DEFAULTS.expires_in_days,
    contributions: input.contributions ?? {},
  };
  return {
    slug: form.slug || 'new-offer',
    title: form.title || 'Untitled offer',
    title2: form.title2,
    title3: form.title3,
    buttonClaim: form.buttonClaim,
    buttonDeposit: form.buttonDeposit,
    visibility: form.visibility,
    banner: input.banner ?? { title: '', title2: '', title3: '', or: '' },
    type: form.type,
    terms,
    terms_text: termsText(form.type, terms, formatMoney, { weekdays: input.weekdays }),
    eligible: null,
    reason: null,
  };
}
