// Bonuses' plain values and the terms text, shared by the player site, the operators' console and the server
// (docs/decisions/0050-bonus-engine.md): types, statuses, the defaults of a definition, the SPEC fallback offer and
// `termsText`. No zod here, so the site's bundles can import it; the schemas are in bonuses.ts, which re-exports all
// of this (the types below come from there and are erased). Imports nothing of ours outside contract/.
import type { BonusDefinitionFields, BonusTerms } from './bonuses.ts';

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

/**
 * SPEC.md §3 bonus fallback: shown when no bonus list can be loaded. The 100-match welcome bonus, crypto deposit
 * with 50 extra free spins, banner "150% Match back" or "200 Free Spins".
 */
export const FALLBACK_BONUS = {
  slug: 'welcome-match',
  // SPEC.md's words verbatim, typo included: only this fallback uses them; our own offers read "100% Match Bonus up to €500".
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
