import { describe, expect, it } from 'vitest';
import type { BonusOffer } from '../../../contract/bonuses.ts';
import { chosenBonus, FALLBACK_BONUS } from './chosen-bonus.ts';

const offer = (slug: string, eligible: boolean | null, reason: string | null = null) =>
  ({ slug, title: `${slug} title`, title2: 'two', title3: 'three', eligible, reason }) as BonusOffer;
const offers: Record<string, BonusOffer> = {
  'welcome-match': offer('welcome-match', true),
  'weekend-reload': offer('weekend-reload', false, 'This offer cannot be claimed today.'),
};
const lookup = async (slug: string) => offers[slug] ?? null;
const choose = (query: string) => chosenBonus(new URLSearchParams(query), lookup);

/** The 400 error screen's payload a loader throws. */
async function refusal(query: string) {
  try {
    await choose(query);
  } catch (error) {
    const thrown = error as { init?: { status?: number }; data?: unknown };
    return { status: thrown.init?.status, body: thrown.data };
  }
  throw new Error('expected a refusal');
}

describe('the bonus chosen for a deposit', () => {
  it('is the offer the bonusId names, with its titles', async () => {
    expect(await choose('bonus=true&bonusId=welcome-match')).toEqual({
      id: 'welcome-match',
      title: 'welcome-match title',
      subtitle: 'two · three',
      offer: offers['welcome-match'],
    });
  });

  it('throws the 400 bonus screen for an unknown or ineligible offer', async () => {
    expect(await refusal('bonus=true&bonusId=spring-special')).toEqual({ status: 400, body: { message: 'There is no such bonus.', type: 'bonus' } });
    expect(await refusal('bonusId=weekend-reload')).toEqual({ status: 400, body: { message: 'This offer cannot be claimed today.', type: 'bonus' } });
  });

  it('is the welcome offer for bonus=true alone, and the spec fallback when no list loads', async () => {
    expect((await choose('bonus=true'))?.id).toBe('welcome-match');
    const broken = await chosenBonus(new URLSearchParams('bonus=true'), () => Promise.reject(new Error('down')));
    expect(broken).toEqual({ id: FALLBACK_BONUS.slug, title: '100% Match Bonus- Up to €500', subtitle: FALLBACK_BONUS.subtitle, offer: null });
  });

  it('is none without a bonus query, and ignores an id that is not one', async () => {
    expect(await choose('')).toBeNull();
    expect(await choose('bonusId=<script>')).toBeNull();
  });
});
