import type { Promotion } from '../../../contract/site.ts';
import { BONUS_ID_PATTERN } from '../../../contract/wallet.ts';

/** The bonus a player picked on the way to the cashier; `id` is what the deposit carries as bonusId. */
export type ChosenBonus = { id: string; title: string; subtitle: string };

/** SPEC.md §3 bonus fallback: the 100-match welcome bonus, shown when the chosen bonus is not one we list. */
export const FALLBACK_BONUS = {
  slug: 'welcome-match',
  title: '100% Match Bonus- Up to €500',
  subtitle: 'plus 50 extra free spins on a crypto deposit',
} as const;

const BONUS_ID = new RegExp(BONUS_ID_PATTERN);

/** `?bonus=true&bonusId=X`: the promotion X names (by slug or id), else the fallback; null without a bonus query. */
export async function chosenBonus(query: URLSearchParams, promotion: (idOrSlug: string) => Promise<Promotion | null>): Promise<ChosenBonus | null> {
  const given = query.get('bonusId')?.trim() ?? '';
  const bonusId = BONUS_ID.test(given) ? given : null;
  if (query.get('bonus') !== 'true' && !bonusId) return null;
  const found = bonusId ? await promotion(bonusId) : null;
  if (found) return { id: found.slug, title: found.title, subtitle: found.subtitle };
  return { id: bonusId ?? FALLBACK_BONUS.slug, title: FALLBACK_BONUS.title, subtitle: FALLBACK_BONUS.subtitle };
}
