import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';
import { describeRoundResult } from './round-result.ts';

const eur = (minor: number) => formatMoney(minor, 'EUR');

describe('describeRoundResult', () => {
  it('says a push returns the stake and never calls it a win', () => {
    expect(describeRoundResult({ stake: 200, win: 200 }, eur)).toEqual({ kind: 'push', net: 0, text: 'Push: your €2.00 stake is returned' });
  });

  it('puts the net first and names each winning bet of a losing spin', () => {
    const bets = [
      { label: 'red', amount: 200, payout: 400 },
      { label: '17', amount: 500, payout: 0 },
      { label: 'split 8/11', amount: 150, payout: 0 },
    ];
    expect(describeRoundResult({ stake: 850, win: 400, bets }, eur)).toEqual({
      kind: 'loss',
      net: -450,
      text: 'You lost €4.50 (won €2.00 on red, lost €6.50)',
    });
  });

  it('says a plain loss, a win and a part refund on one stake', () => {
    expect(describeRoundResult({ stake: 450, win: 0 }, eur).text).toBe('You lost €4.50');
    expect(describeRoundResult({ stake: 200, win: 500 }, eur).text).toBe('You won €3.00 (€5.00 paid on a €2.00 stake)');
    expect(describeRoundResult({ stake: 20, win: 10 }, eur).text).toBe('You lost €0.10 (€0.10 paid back on a €0.20 stake)');
  });

  it('sums winning bets beyond the third and leaves out a loss when every bet won', () => {
    const bets = ['1', '2', '3', '4', '5'].map((label) => ({ label, amount: 100, payout: 3600 }));
    expect(describeRoundResult({ stake: 500, win: 18000 }, eur).kind).toBe('win');
    expect(describeRoundResult({ stake: 500, win: 18000, bets }, eur).text).toBe(
      'You won €175.00 (won €35.00 on 1, won €35.00 on 2, won €35.00 on 3, won €70.00 on 2 more bets)',
    );
    expect(describeRoundResult({ stake: 300, win: 0, bets: bets.slice(0, 3).map((bet) => ({ ...bet, payout: 0 })) }, eur).text).toBe('You lost €3.00');
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => describeRoundResult({ stake: 1.5, win: 0 }, eur)).toThrow(RangeError);
    expect(() => describeRoundResult({ stake: 100, win: -1 }, eur)).toThrow(RangeError);
  });

  it('names every split hand in order, a pushed one too, after the net', () => {
    const hands = [
      { label: 'hand 1', amount: 200, payout: 400 },
      { label: 'hand 2', amount: 400, payout: 0 },
      { label: 'hand 3', amount: 200, payout: 200 },
    ];
    expect(describeRoundResult({ stake: 800, win: 600, hands }, eur)).toEqual({
      kind: 'loss',
      net: -200,
      text: 'You lost €2.00 (hand 1 won €2.00, hand 2 lost €4.00, hand 3 pushed)',
    });
    expect(describeRoundResult({ stake: 400, win: 400, hands: hands.slice(0, 2).map((hand) => ({ ...hand, amount: 200 })) }, eur).text).toBe(
      'Push: your €4.00 stake is returned (hand 1 won €2.00, hand 2 lost €2.00)',
    );
    // One hand is no split: the single-stake wording.
    expect(describeRoundResult({ stake: 200, win: 0, hands: hands.slice(1, 2) }, eur).text).toBe('You lost €2.00');
  });

  it('split hands: the parts add up to the net, and each hand is named once', () => {
    const hand = fc.record({ amount: fc.integer({ min: 1, max: 10_000 }), outcome: fc.constantFrom('win', 'push', 'lose', 'blackjack') });
    fc.assert(
      fc.property(fc.array(hand, { minLength: 2, maxLength: 4 }), (raw) => {
        const hands = raw.map((h, i) => ({
          label: `hand ${i + 1}`,
          amount: h.amount,
          payout: h.outcome === 'win' ? 2 * h.amount : h.outcome === 'push' ? h.amount : h.outcome === 'blackjack' ? Math.floor(2.5 * h.amount) : 0,
        }));
        const stake = hands.reduce((s, h) => s + h.amount, 0);
        const win = hands.reduce((s, h) => s + h.payout, 0);
        const result = describeRoundResult({ stake, win, hands }, (minor) => String(minor));
        for (const h of hands) expect(result.text.split(`${h.label} `)).toHaveLength(2);
        const parts = [...result.text.matchAll(/hand \d+ (won|lost) (\d+)/g)];
        expect(parts.reduce((s, [, verb, n]) => s + (verb === 'won' ? 1 : -1) * Number(n), 0)).toBe(win - stake);
      }),
    );
  });

  it('always leads with the net result, which the named parts add up to', () => {
    const bet = fc.record({ amount: fc.integer({ min: 1, max: 10_000 }), won: fc.boolean(), odds: fc.constantFrom(1, 2, 5, 8, 11, 17, 35) });
    fc.assert(
      fc.property(fc.array(bet, { minLength: 2, maxLength: 6 }), (raw) => {
        const bets = raw.map((b, i) => ({ label: `bet${i}`, amount: b.amount, payout: b.won ? b.amount * (b.odds + 1) : 0 }));
        const stake = bets.reduce((s, b) => s + b.amount, 0);
        const win = bets.reduce((s, b) => s + b.payout, 0);
        const result = describeRoundResult({ stake, win, bets }, (minor) => String(minor));
        expect(result.net).toBe(win - stake);
        const lead = result.kind === 'win' ? `You won ${win - stake}` : result.kind === 'push' ? `Push: your ${stake} stake` : `You lost ${stake - win}`;
        expect(result.text.startsWith(lead)).toBe(true);
        const named = [...result.text.matchAll(/(won|lost) (\d+)/g)].slice(1);
        if (named.length) expect(named.reduce((s, [, verb, n]) => s + (verb === 'won' ? 1 : -1) * Number(n), 0)).toBe(win - stake);
      }),
    );
  });
});
