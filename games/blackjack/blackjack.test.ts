import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulationFloats } from '../simulation-prng.ts';
import {
  additionalStakeFor,
  applyAction,
  BlackjackActionError,
  legalActions,
  startHand,
  startHandFromShoe,
  standOnEveryHand,
  type BlackjackAction,
  type BlackjackState,
} from './engine.ts';
import { handTotal, isNatural } from './hand.ts';
import { BLACKJACK_RTP, blackjackInfo } from './info.ts';
import { fisherYates, orderedShoe, SHOE_SIZE, SHUFFLE_FLOATS, shuffleShoe } from './shoe.ts';
import { basicStrategy } from './strategy.ts';
import { blackjackView } from './view.ts';

// Fixed shoes list cards in dealing order: player, dealer up, player, dealer hole, then every later draw.
const deal = (stake: number, ...shoe: string[]) => startHandFromShoe({ stake, shoe });
const play = (state: BlackjackState, ...actions: BlackjackAction[]) => actions.reduce(applyAction, state);

describe('the shoe', () => {
  it('holds six decks of 52 and shuffles with Fisher–Yates from the last position down', () => {
    expect(orderedShoe()).toHaveLength(312);
    expect(new Set(orderedShoe()).size).toBe(52);
    expect(orderedShoe().slice(0, 3)).toEqual(['Ac', '2c', '3c']);
    // i = 3: j = floor(0.5 × 4) = 2; i = 2: j = floor(0.1 × 3) = 0; i = 1: j = floor(0.9 × 2) = 1.
    expect(fisherYates(['a', 'b', 'c', 'd'], [0.5, 0.1, 0.9])).toEqual(['d', 'b', 'a', 'c']);
  });

  it('reaches every ordering exactly once over the float buckets', () => {
    const seen = new Set<string>();
    for (const f0 of [0, 1 / 3, 2 / 3]) for (const f1 of [0, 0.5]) seen.add(fisherYates(['a', 'b', 'c'], [f0, f1]).join(''));
    expect(seen.size).toBe(6);
  });

  it('always yields a permutation of the shoe', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: SHUFFLE_FLOATS, maxLength: SHUFFLE_FLOATS }),
        (floats) => {
          const shoe = shuffleShoe(floats);
          expect(shoe).toHaveLength(SHOE_SIZE);
          expect([...shoe].sort()).toEqual(orderedShoe().sort());
        },
      ),
      { numRuns: 50 },
    );
    expect(() => shuffleShoe(new Array(310).fill(0))).toThrow(/311 floats/);
  });
});

describe('hand totals', () => {
  it('counts one ace as 11 when it does not bust', () => {
    expect(handTotal(['Ah', '6c'])).toEqual({ total: 17, soft: true });
    expect(handTotal(['Ah', '6c', 'Td'])).toEqual({ total: 17, soft: false });
    expect(handTotal(['Ah', 'Ac', '9d'])).toEqual({ total: 21, soft: true });
    expect(handTotal(['Kh', 'Qc', '2d'])).toEqual({ total: 22, soft: false });
  });
});

describe('naturals and the peek', () => {
  it('pays a player blackjack 3:2 at once, rounding an odd half unit down', () => {
    const state = deal(100, 'Ah', '9c', 'Kd', 'Ts');
    expect(state).toMatchObject({ phase: 'finished', actions: [], settlement: { totalStake: 100, win: 250, hands: [{ outcome: 'blackjack', payout: 250 }] } });
    expect(deal(15, 'Ah', '9c', 'Kd', 'Ts').settlement?.win).toBe(15 + 22);
  });

  it('pushes blackjack against blackjack', () => {
    expect(deal(100, 'Ah', 'As', 'Kd', 'Qs').settlement).toMatchObject({ win: 100, hands: [{ outcome: 'push' }] });
  });

  it('ends the round at the deal when the dealer has blackjack, taking only the first stake', () => {
    for (const shoe of [
      ['Kh', 'As', 'Qd', 'Ts'],
      ['Kh', 'Ts', 'Qd', 'Ac'],
    ]) {
      const state = deal(100, ...shoe);
      expect(state).toMatchObject({ phase: 'finished', actions: [], drawn: 4, settlement: { totalStake: 100, win: 0, hands: [{ outcome: 'lose' }] } });
    }
  });

  it('lets play go on when the dealer peeks and finds nothing', () => {
    const state = deal(100, 'Th', 'Ac', '9d', '7s');
    expect(state.phase).toBe('player');
    expect(legalActions(state)).toEqual(['hit', 'stand', 'double']);
  });
});

describe('the dealer stands on soft 17', () => {
  it('stands on ace-six', () => {
    const state = play(deal(100, 'Th', 'Ac', '8d', '6s', '5h'), 'stand');
    expect(state.dealer).toEqual(['Ac', '6s']);
    expect(state.settlement).toMatchObject({ win: 200, hands: [{ outcome: 'win' }] });
  });

  it('stands on a soft 17 of three cards', () => {
    const state = play(deal(100, 'Th', 'Ac', '8d', '2s', '4h', '9c'), 'stand');
    expect(state.dealer).toEqual(['Ac', '2s', '4h']);
    expect(state.settlement?.hands[0]?.outcome).toBe('win');
  });

  it('hits hard and soft 16', () => {
    expect(play(deal(100, 'Th', 'Tc', '8d', '6s', '5h'), 'stand')).toMatchObject({ dealer: ['Tc', '6s', '5h'], settlement: { win: 0 } });
    expect(play(deal(100, 'Th', 'Ac', '8d', '5s', '2h'), 'stand')).toMatchObject({
      dealer: ['Ac', '5s', '2h'],
      settlement: { win: 100, hands: [{ outcome: 'push' }] },
    });
  });

  it('pays when the dealer busts and pushes equal totals', () => {
    expect(play(deal(100, 'Th', 'Tc', '2d', '6s', 'Kh'), 'stand').settlement).toMatchObject({ win: 200, hands: [{ outcome: 'win' }] });
    expect(play(deal(100, 'Th', 'Kc', 'Qd', 'Tc'), 'stand').settlement).toMatchObject({ win: 100, hands: [{ outcome: 'push' }] });
  });
});

describe('player actions', () => {
  it('busts on a hit over 21 and the dealer does not draw', () => {
    const state = play(deal(100, 'Th', '9c', '6d', '7s', 'Kh', '5c'), 'hit');
    expect(state).toMatchObject({ phase: 'finished', dealer: ['9c', '7s'], drawn: 5, settlement: { win: 0, hands: [{ outcome: 'lose' }] } });
  });

  it('stands automatically on 21', () => {
    const state = play(deal(100, 'Th', '9c', '5d', '7s', '6h', 'Tc'), 'hit');
    expect(state).toMatchObject({ phase: 'finished', dealer: ['9c', '7s', 'Tc'], settlement: { win: 200 } });
  });

  it('doubles on two cards for exactly one card at twice the stake', () => {
    const start = deal(100, '6h', '6c', '5d', 'Ts', 'Kh', '9c');
    expect(additionalStakeFor(start, 'double')).toBe(100);
    expect(additionalStakeFor(start, 'hit')).toBe(0);
    const state = play(start, 'double');
    expect(state.hands[0]).toMatchObject({ cards: ['6h', '5d', 'Kh'], stake: 200, doubled: true });
    expect(state.dealer).toEqual(['6c', 'Ts', '9c']);
    expect(state.settlement).toMatchObject({ totalStake: 200, win: 400 });
  });

  it('splits a pair once, doubles after the split, and settles each hand', () => {
    const start = deal(100, '8h', '7c', '8d', 'Ts', '3h', 'Kc', 'Qd');
    expect(legalActions(start)).toContain('split');
    expect(additionalStakeFor(start, 'split')).toBe(100);
    const split = play(start, 'split');
    expect(split.hands.map((hand) => hand.cards)).toEqual([
      ['8h', '3h'],
      ['8d', 'Kc'],
    ]);
    expect(legalActions(split)).toEqual(['hit', 'stand', 'double']);
    expect(additionalStakeFor(split, 'double')).toBe(100);
    const doubled = play(split, 'double');
    expect(doubled.active).toBe(1);
    const state = play(doubled, 'stand');
    expect(state.dealer).toEqual(['7c', 'Ts']);
    expect(state.settlement).toEqual({
      totalStake: 300,
      win: 600,
      hands: [
        { outcome: 'win', payout: 400 },
        { outcome: 'win', payout: 200 },
      ],
    });
  });

  it('splits only once, and any two ten-value cards count as a pair', () => {
    const split = play(deal(100, '8h', '7c', '8d', 'Ts', '8s', '8c'), 'split');
    expect(split.hands[0]?.cards).toEqual(['8h', '8s']);
    expect(legalActions(split)).not.toContain('split');
    expect(legalActions(deal(100, 'Kh', '5c', 'Qd', '9s'))).toContain('split');
    expect(legalActions(deal(100, 'Kh', '5c', '9d', '9s'))).not.toContain('split');
  });

  it('gives split aces one card each, and 21 on a split hand is not a blackjack', () => {
    const state = play(deal(100, 'Ah', '9c', 'Ad', '7s', 'Kh', '5c', '2d'), 'split');
    expect(state.hands.map((hand) => hand.cards)).toEqual([
      ['Ah', 'Kh'],
      ['Ad', '5c'],
    ]);
    expect(state.dealer).toEqual(['9c', '7s', '2d']);
    expect(state.settlement).toEqual({
      totalStake: 200,
      win: 200,
      hands: [
        { outcome: 'win', payout: 200 },
        { outcome: 'lose', payout: 0 },
      ],
    });
  });

  it('refuses illegal actions with a clear error and leaves the state untouched', () => {
    const start = deal(100, 'Th', '9c', '6d', '7s', '2h', 'Kc', 'Kd');
    const before = structuredClone(start);
    expect(() => applyAction(start, 'split')).toThrow(BlackjackActionError);
    expect(() => applyAction(start, 'split')).toThrow(/cannot split now; you may hit or stand or double/);
    expect(() => applyAction(start, 'fold')).toThrow(/must be one of: hit, stand, double, split/);
    expect(() => additionalStakeFor(start, 'split')).toThrow(BlackjackActionError);
    const hit = play(start, 'hit');
    expect(start).toEqual(before);
    expect(() => applyAction(hit, 'double')).toThrow(/cannot double/);
    const finished = play(hit, 'stand');
    expect(() => applyAction(finished, 'hit')).toThrow(/round is over/);
    expect(() => deal(0, 'Th', '9c', '6d', '7s')).toThrow(/positive whole number/);
    expect(() => deal(100, 'Th', '9c', '6d', 'Zz')).toThrow(/not a card/);
  });

  it('keeps working after a JSON round trip, as it will through the database', () => {
    const stored = JSON.parse(JSON.stringify(deal(100, 'Th', '9c', '6d', '7s', '2h', 'Kc'))) as BlackjackState;
    expect(play(stored, 'hit', 'stand').settlement).toMatchObject({ win: 200 });
  });
});

describe('the player view', () => {
  it('hides the hole card and the shoe until the round is over', () => {
    const start = deal(100, 'Th', '9c', '6d', '7s', '2h', 'Kc');
    const view = blackjackView(start);
    expect(view.dealer).toEqual({ cards: ['9c', null], total: 9, soft: false });
    expect(view.hands[0]).toMatchObject({ cards: ['Th', '6d'], total: 16, outcome: null });
    expect(view.active).toBe(0);
    expect(JSON.stringify(view)).not.toMatch(/7s|2h|Kc/);
    const done = blackjackView(play(start, 'stand'));
    expect(done.dealer).toEqual({ cards: ['9c', '7s', '2h'], total: 18, soft: false });
    expect(done).toMatchObject({ phase: 'finished', active: null, hands: [{ outcome: 'lose', payout: 0 }] });
  });
});

describe('any round played to the end', () => {
  it('settles consistently whatever the shuffle and the choices', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer(), fc.array(fc.nat(), { maxLength: 12 }), (stake, seed, choices) => {
        const next = simulationFloats(seed);
        let state = startHand({ stake, floats: Array.from({ length: SHUFFLE_FLOATS }, next) });
        const shoe = state.shoe;
        for (let i = 0; state.phase === 'player'; i++) {
          const action = state.actions[(choices[i] ?? 1) % state.actions.length]!;
          const extra = additionalStakeFor(state, action);
          const staked = state.hands.reduce((sum, hand) => sum + hand.stake, 0);
          state = applyAction(state, action);
          expect(state.hands.reduce((sum, hand) => sum + hand.stake, 0)).toBe(staked + extra);
        }
        const settlement = state.settlement!;
        expect(settlement.totalStake).toBe(state.hands.reduce((sum, hand) => sum + hand.stake, 0));
        expect(settlement.win).toBe(settlement.hands.reduce((sum, hand) => sum + hand.payout, 0));
        expect(settlement.win).toBeLessThanOrEqual(2.5 * settlement.totalStake);
        expect(Number.isSafeInteger(settlement.win)).toBe(true);
        // Every card dealt came off the top of the shoe, in order.
        const dealt = [...state.hands.flatMap((hand) => hand.cards), ...state.dealer].sort();
        expect(dealt).toEqual(shoe.slice(0, state.drawn).sort());
      }),
      { numRuns: 300 },
    );
  });
});

describe('a hand left unfinished, completed by standing on every open hand', () => {
  it('stands on each split hand in turn, then the dealer draws to 17', () => {
    // 8-8 split against a dealer 6; the split hands get T and 3, the dealer turns a T, draws a 2 and stands on 18.
    const split = play(deal(100, '8h', '6c', '8d', 'Ts', 'Td', '3c', '2h'), 'split');
    const { state, stands } = standOnEveryHand(split);
    expect(stands).toBe(2);
    expect(state.dealer).toEqual(['6c', 'Ts', '2h']);
    expect(state.settlement).toEqual({
      totalStake: 200,
      win: 100,
      hands: [
        { outcome: 'push', payout: 100 },
        { outcome: 'lose', payout: 0 },
      ],
    });
  });

  it('leaves a finished hand as it is', () => {
    const finished = deal(100, 'Ah', '9c', 'Kd', 'Ts');
    expect(standOnEveryHand(finished)).toEqual({ state: finished, stands: 0 });
  });

  it('from any reachable hand: the cards held, the dealer to 17 off the shoe, and the pay the rules give', () => {
    const reference = (player: number, natural: boolean, dealer: number, dealerNatural: boolean, stake: number) => {
      if (natural) return dealerNatural ? stake : stake + Math.floor((stake * 3) / 2);
      if (dealerNatural || player > 21) return 0;
      if (dealer > 21 || player > dealer) return 2 * stake;
      return player === dealer ? stake : 0;
    };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer(), fc.array(fc.nat(), { maxLength: 6 }), (stake, seed, choices) => {
        const next = simulationFloats(seed);
        let left = startHand({ stake, floats: Array.from({ length: SHUFFLE_FLOATS }, next) });
        // Some moves of the player's choosing, stopping wherever the choices run out.
        for (const choice of choices) if (left.phase === 'player') left = applyAction(left, left.actions[choice % left.actions.length]!);
        const { state, stands } = standOnEveryHand(left);
        expect(state.phase).toBe('finished');
        // As many stands as pressing Stand takes to end the hand: a split hand dealt to 21 (or split aces) needs none.
        let pressed = left;
        let needed = 0;
        while (pressed.phase === 'player') {
          pressed = applyAction(pressed, 'stand');
          needed++;
        }
        expect(stands).toBe(needed);
        expect(state.hands.map((hand) => [hand.cards, hand.stake])).toEqual(left.hands.map((hand) => [hand.cards, hand.stake]));
        const drawn = state.dealer.slice(left.dealer.length);
        expect(drawn).toEqual(state.shoe.slice(left.drawn, left.drawn + drawn.length));
        if (left.phase === 'player' && left.hands.some((hand) => handTotal(hand.cards).total <= 21))
          expect(handTotal(state.dealer).total).toBeGreaterThanOrEqual(17);
        const dealer = handTotal(state.dealer).total;
        const pays = state.hands.map((hand) =>
          reference(handTotal(hand.cards).total, !hand.fromSplit && isNatural(hand.cards), dealer, isNatural(state.dealer), hand.stake),
        );
        expect(state.settlement!.hands.map((hand) => hand.payout)).toEqual(pays);
        expect(state.settlement!.win).toBe(pays.reduce((sum, pay) => sum + pay, 0));
        // The same table the player reaches by pressing Stand on each hand.
        expect(state).toEqual(Array.from({ length: stands }, () => 'stand' as const).reduce(applyAction, left));
      }),
      { numRuns: 300 },
    );
  });
});

describe('basic strategy', () => {
  const all: BlackjackAction[] = ['hit', 'stand', 'double', 'split'];
  it.each([
    [['Th', '6c'], 'Ts', 'hit'],
    [['Th', '6c'], '6s', 'stand'],
    [['Th', '2c'], '3s', 'hit'],
    [['Th', '2c'], '4s', 'stand'],
    [['6h', '5c'], '6s', 'double'],
    [['6h', '5c'], 'As', 'hit'],
    [['5h', '4c'], '2s', 'hit'],
    [['5h', '4c'], '3s', 'double'],
    [['Ah', '7c'], '2s', 'stand'],
    [['Ah', '7c'], '5s', 'double'],
    [['Ah', '7c'], '9s', 'hit'],
    [['Ah', '8c'], '6s', 'stand'],
    [['Ah', '2c'], '5s', 'double'],
    [['8h', '8c'], 'As', 'split'],
    [['Ah', 'Ac'], 'Ts', 'split'],
    [['Th', 'Kc'], '6s', 'stand'],
    [['9h', '9c'], '7s', 'stand'],
    [['9h', '9c'], '8s', 'split'],
    [['5h', '5c'], '6s', 'double'],
    [['4h', '4c'], '5s', 'split'],
  ])('plays %j against %s: %s', (cards, up, action) => {
    expect(basicStrategy(cards, up, all)).toBe(action);
  });

  it('falls back when doubling is not allowed', () => {
    expect(basicStrategy(['6h', '3c', '2d'], '6s', ['hit', 'stand'])).toBe('hit');
    expect(basicStrategy(['Ah', '4c', '3d'], '5s', ['hit', 'stand'])).toBe('stand');
  });

  // Seeded, so fixed; ±3% is more than five standard errors of 40,000 rounds.
  it('returns close to the benchmark figure over a short simulation of real rounds', () => {
    const next = simulationFloats(2024);
    let won = 0;
    let staked = 0;
    for (let round = 0; round < 40_000; round++) {
      let state = startHand({ stake: 100, floats: Array.from({ length: SHUFFLE_FLOATS }, next) });
      while (state.phase === 'player') state = applyAction(state, basicStrategy(state.hands[state.active]!.cards, state.dealer[0]!, state.actions));
      won += state.settlement!.win;
      staked += state.settlement!.totalStake;
    }
    expect(Math.abs(won / staked - BLACKJACK_RTP.rtp)).toBeLessThan(0.03);
    expect(blackjackInfo.rtpPercent).toBe(Math.round(BLACKJACK_RTP.rtp * 10_000) / 100);
  });
});
