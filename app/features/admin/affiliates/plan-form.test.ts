import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanView } from '../../../../contract/affiliates.ts';
import { EMPTY_PLAN, parseTiers, planBody, planFields } from './plan-form.ts';

describe('the commission plan form', () => {
  it('reads a hybrid plan typed in major units into minor units and sorted tiers', () => {
    const result = planBody({
      ...EMPTY_PLAN,
      name: ' Hybrid 2026 ',
      type: 'hybrid',
      currency: 'eur',
      cpa_amount: '50',
      cpa_min_deposit: '20,00',
      cpa_window_days: '30',
      cpa_min_wagering: '',
      tiers: '10: 30\n0: 25\n50 = 35.5%',
      negative_carryover: true,
    });
    expect(result.errors).toBeNull();
    expect(result.body).toEqual({
      name: 'Hybrid 2026',
      type: 'hybrid',
      currency: 'EUR',
      cpa_amount: 5000,
      cpa_min_deposit: 2000,
      cpa_window_days: 30,
      cpa_min_wagering: null,
      revshare_tiers: [
        { min_active_players: 0, percent: 25 },
        { min_active_players: 10, percent: 30 },
        { min_active_players: 50, percent: 35.5 },
      ],
      negative_carryover: true,
    });
  });

  it('names every field it cannot send, and sends nothing', () => {
    const result = planBody({
      ...EMPTY_PLAN,
      name: 'x',
      type: 'hybrid',
      currency: 'euro',
      cpa_amount: 'ten',
      cpa_min_deposit: '',
      cpa_window_days: '0',
      tiers: '5: 20',
    });
    expect(result.body).toBeNull();
    expect(Object.keys(result.errors ?? {}).sort()).toEqual(['cpa_amount', 'cpa_min_deposit', 'cpa_window_days', 'currency', 'name', 'tiers']);
  });

  it('a revenue share plan needs no CPA figures and sends them empty', () => {
    const result = planBody({ ...EMPTY_PLAN, name: 'RevShare', type: 'revshare', cpa_window_days: '', tiers: '0: 40' });
    expect(result.body).toMatchObject({
      cpa_amount: null,
      cpa_min_deposit: null,
      cpa_window_days: null,
      revshare_tiers: [{ min_active_players: 0, percent: 40 }],
    });
  });

  it('refuses tiers over 100 %, repeated thresholds and other text', () => {
    expect(parseTiers('0: 101')).toBeNull();
    expect(parseTiers('0: 20\n0: 30')).toBeNull();
    expect(parseTiers('zero: 20')).toBeNull();
    expect(parseTiers('0: 20.125')).toBeNull();
  });

  it('gives back any plan it shows unchanged (property)', () => {
    const minor = fc.integer({ min: 0, max: 100_000_000 });
    const percent = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100);
    const plan = fc.record({
      id: fc.constant('1'),
      name: fc.string({ minLength: 2, maxLength: 40 }).filter((text) => text.trim() === text && text.length >= 2),
      type: fc.constantFrom('cpa', 'revshare', 'hybrid') as fc.Arbitrary<PlanView['type']>,
      currency: fc.constantFrom('EUR', 'USD', 'GBP'),
      cpa_amount: minor,
      cpa_min_deposit: minor,
      cpa_window_days: fc.integer({ min: 1, max: 365 }),
      cpa_min_wagering: fc.option(minor, { nil: null }),
      revshare_tiers: fc
        .uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 4 })
        .chain((thresholds) => fc.tuple(...[0, ...thresholds].map((min) => percent.map((value) => ({ min_active_players: min, percent: value })))))
        .map((tiers) => [...tiers].sort((a, b) => a.min_active_players - b.min_active_players)),
      negative_carryover: fc.boolean(),
    });
    fc.assert(
      fc.property(plan, (shown) => {
        const { body } = planBody(planFields(shown));
        expect(body).not.toBeNull();
        expect(body!.type).toBe(shown.type);
        if (shown.type !== 'revshare') {
          expect([body!.cpa_amount, body!.cpa_min_deposit, body!.cpa_window_days, body!.cpa_min_wagering]).toEqual([
            shown.cpa_amount,
            shown.cpa_min_deposit,
            shown.cpa_window_days,
            shown.cpa_min_wagering,
          ]);
        }
        if (shown.type !== 'cpa') expect(body!.revshare_tiers).toEqual(shown.revshare_tiers);
        expect(body!.negative_carryover).toBe(shown.negative_carryover);
      }),
    );
  });
});
