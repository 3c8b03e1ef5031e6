import { describe, expect, it } from 'vitest';
import type { Promotion } from '../../../contract/site.ts';
import { chosenBonus, FALLBACK_BONUS } from './chosen-bonus.ts';

const reload = { id: 2, slug: 'weekend-reload', title: 'Weekend Reload 50%', subtitle: 'every Friday to Sunday' } as Promotion;
const lookup = async (idOrSlug: string) => (idOrSlug === 'weekend-reload' || idOrSlug === '2' ? reload : null);
const choose = (query: string) => chosenBonus(new URLSearchParams(query), lookup);

describe('the bonus chosen for a deposit', () => {
  it('is the listed promotion, sent by its slug', async () => {
    expect(await choose('bonus=true&bonusId=weekend-reload')).toEqual({
      id: 'weekend-reload',
      title: 'Weekend Reload 50%',
      subtitle: 'every Friday to Sunday',
    });
    expect((await choose('bonus=true&bonusId=2'))?.id).toBe('weekend-reload');
  });

  it('falls back to the welcome bonus, keeping the id the player came with', async () => {
    expect(await choose('bonus=true&bonusId=spring-special')).toEqual({ id: 'spring-special', title: FALLBACK_BONUS.title, subtitle: FALLBACK_BONUS.subtitle });
    expect((await choose('bonus=true'))?.id).toBe(FALLBACK_BONUS.slug);
  });

  it('is none without a bonus query, and ignores an id that is not one', async () => {
    expect(await choose('')).toBeNull();
    expect(await choose('bonusId=<script>')).toBeNull();
  });
});
