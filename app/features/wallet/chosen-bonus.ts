import { data } from 'react-router';
import type { BonusOffer } from '../../../contract/bonuses.ts';
import { FALLBACK_BONUS as SPEC_FALLBACK } from '../../../contract/bonuses.rules.ts';
import { BONUS_ID_PATTERN } from '../../../contract/wallet.rules.ts';

/** The bonus a player picked on the way to the cashier; `id` is what the deposit carries as bonusId. */
export type ChosenBonus = { id: string; title: string; subtitle: string; offer: BonusOffer | null };

/** SPEC.md §3 bonus fallback: the 100-match welcome bonus, shown when no bonus list can be loaded. */
export const FALLBACK_BONUS = {
  slug: SPEC_FALLBACK.slug,
  title: SPEC_FALLBACK.title,
  subtitle: `${SPEC_FALLBACK.title2}, ${SPEC_FALLBACK.title3}`,
} as const;

const BONUS_ID = new RegExp(BONUS_ID_PATTERN);

const bonusError = (message: string) => data({ message, type: 'bonus' }, { status: 400 });

/** An offer as the choice the deposit carries. */
export const fromOffer = (offer: BonusOffer): ChosenBonus => ({
  id: offer.slug,
  title: offer.title,
  subtitle: [offer.title2, offer.title3].filter(Boolean).join(' · '),
  offer,
});

/**
 * `?bonus=true&bonusId=X`: the offer X names, with the player's eligibility. An unknown or ineligible X throws the
 * 400 `type: bonus` error screen (its link leads to /account/bonuses). `?bonus=true` alone is the welcome offer when
 * the player may take it; when no list can be loaded, the spec's fallback. Null without a bonus query.
 */
export async function chosenBonus(query: URLSearchParams, offer: (slug: string) => Promise<BonusOffer | null>): Promise<ChosenBonus | null> {
  const given = query.get('bonusId')?.trim() ?? '';
  const bonusId = BONUS_ID.test(given) ? given : null;
  if (query.get('bonus') !== 'true' && !bonusId) return null;
  let found: BonusOffer | null;
  try {
    found = await offer(bonusId ?? FALLBACK_BONUS.slug);
  } catch {
    // No bonus list could be loaded: the spec's fallback, as a choice the deposit may still carry.
    return { id: bonusId ?? FALLBACK_BONUS.slug, title: FALLBACK_BONUS.title, subtitle: FALLBACK_BONUS.subtitle, offer: null };
  }
  if (!bonusId) return found && found.eligible !== false ? fromOffer(found) : null;
  if (!found) throw bonusError('There is no such bonus.');
  if (found.eligible === false) throw bonusError(found.reason ?? 'This bonus is not available to you.');
  return fromOffer(found);
}
