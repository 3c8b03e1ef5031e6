import { describe, expect, it } from 'vitest';
import { type BonusDefinition, termsText } from '../../../contract/bonuses.ts';
import { formatMoney } from '../../../contract/money.ts';
import { definitionOf, emptyForm, formOf, previewOffer } from './bonus-form.ts';

const euros = (minor: number) => formatMoney(minor, 'EUR');

describe('the bonus editor form', () => {
  it('turns what the operator typed into the API definition: euros to cents, unused fields zero, empty caps null', () => {
    const form = { ...emptyForm(), slug: 'friday-match', title: 'Friday match', match_percent: '50', max_bonus: '100.50', min_deposit: '20', max_bet: '' };
    const { input, errors } = definitionOf(form);
    expect(errors).toEqual({});
    expect(input).toMatchObject({ slug: 'friday-match', type: 'deposit_match', match_percent: 50, max_bonus: 100_50, min_deposit: 20_00, max_bet: null });
    expect(input).toMatchObject({ free_spins: 0, free_spin_game: null, free_spin_stake: 0, weekdays: null, contributions: { slots: 100, 'table-games': 10 } });

    const spins = definitionOf({ ...form, type: 'free_spins', free_spins: '25', free_spin_game: 'lantern-orchard', free_spin_stake: '0.20' }).input;
    expect(spins).toMatchObject({ match_percent: 0, max_bonus: 0, min_deposit: 0, free_spins: 25, free_spin_stake: 20, first_deposit_only: false });
  });

  it('names each field the browser can already see is wrong', () => {
    const { errors } = definitionOf({
      ...emptyForm(),
      slug: 'Bad Slug',
      title: ' ',
      match_percent: '0',
      max_bonus: '12.345',
      contributions: 'slots lots',
      starts_at: '2026-12-02T00:00',
      ends_at: '2026-12-01T00:00',
    });
    expect(Object.keys(errors).sort()).toEqual(['contributions', 'ends_at', 'match_percent', 'max_bonus', 'slug', 'title']);
  });

  it('previews with the terms text players read, and round-trips a saved definition', () => {
    const form = { ...emptyForm(), slug: 'x', title: 'X', match_percent: '150', weekdays: [5] };
    const offer = previewOffer(form, euros);
    expect(offer.terms_text[0]).toBe('We add 150% of your deposit as bonus money, up to €100.00. Minimum deposit €20.00.');
    expect(offer.terms_text).toEqual(termsText('deposit_match', offer.terms, euros, { weekdays: [5] }));
    const { input } = definitionOf(form);
    const saved = { ...input, terms_text: [], starts_at: null, ends_at: null } as unknown as BonusDefinition;
    expect(definitionOf(formOf(saved)).input).toEqual(input);
  });
});
