// The per-engine outcome schemas in contract/games.ts restate what the engines in games/ return (contract/ may
// not import games/): this holds them to the engines, over many fair-float draws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blackjackOutcomeSchema, rouletteOutcomeSchema, slotOutcomeSchema } from '../../../contract/games.ts';
import { applyAction, legalActions, startHand } from '../../../games/blackjack/engine.ts';
import { SHUFFLE_FLOATS } from '../../../games/blackjack/shoe.ts';
import { validateBets } from '../../../games/roulette/bets.ts';
import { playRouletteRound } from '../../../games/roulette/settle.ts';
import { SLOT_TITLES } from '../../../games/slots/catalogue.ts';
import { playSlotRound, slotRoundFloatCount } from '../../../games/slots/round.ts';
import { visibleOutcome } from './engines.ts';

const float = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe('round outcomes on the wire', () => {
  it('a roulette spin matches the roulette outcome schema', () => {
    const checked = validateBets([
      { type: 'red', amount: 100 },
      { type: 'straight', numbers: [17], amount: 50 },
    ]);
    if (!checked.ok) throw new Error(checked.message);
    fc.assert(
      fc.property(float, (f) => {
        expect(rouletteOutcomeSchema.safeParse(playRouletteRound(checked.bets, [f])).error).toBeUndefined();
      }),
    );
  });

  it('a slot round matches the slot outcome schema', () => {
    for (const title of SLOT_TITLES) {
      const floats = fc.array(float, { minLength: slotRoundFloatCount(title), maxLength: slotRoundFloatCount(title) });
      fc.assert(
        fc.property(floats, (draw) => {
          expect(slotOutcomeSchema.safeParse(playSlotRound(title, title.stake.min, draw)).error).toBeUndefined();
        }),
        { numRuns: 50 },
      );
    }
  });

  it('a blackjack table, open and finished, matches the blackjack outcome schema', () => {
    const floats = fc.array(float, { minLength: SHUFFLE_FLOATS, maxLength: SHUFFLE_FLOATS });
    fc.assert(
      fc.property(floats, (draw) => {
        let state = startHand({ stake: 100, floats: draw });
        const moves: string[] = [];
        expect(blackjackOutcomeSchema.safeParse(visibleOutcome(null, state, moves)).error).toBeUndefined();
        while (state.phase === 'player') {
          const action = legalActions(state).includes('stand') ? 'stand' : legalActions(state)[0]!;
          state = applyAction(state, action);
          moves.push(action);
        }
        expect(blackjackOutcomeSchema.safeParse(visibleOutcome(null, state, moves)).error).toBeUndefined();
      }),
      { numRuns: 50 },
    );
  });
});
