// The per-engine outcome schemas in contract/games.ts restate what the engines in games/ return (contract/ may
// not import games/): this holds them to the engines, over many fair-float draws. The play screens type outcomes by
// these schemas without parsing them (no zod in the browser, decision 0095), so every engine a screen shows is here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blackjackOutcomeSchema,
  diceOutcomeSchema,
  minesOutcomeSchema,
  plinkoOutcomeSchema,
  rouletteOutcomeSchema,
  slotOutcomeSchema,
} from '../../../contract/games.ts';
import { applyAction, legalActions, startHand } from '../../../games/blackjack/engine.ts';
import { SHUFFLE_FLOATS } from '../../../games/blackjack/shoe.ts';
import { DICE_FLOATS_PER_ROUND, playDiceRound } from '../../../games/dice/dice.ts';
import { applyMinesAction, MINES_FLOATS_PER_ROUND, MINES_TILES, startMines } from '../../../games/mines/mines.ts';
import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, playPlinkoRound } from '../../../games/plinko/plinko.ts';
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

  it('a dice roll matches the dice outcome schema', () => {
    const bet = fc.record({ target: fc.integer({ min: 100, max: 9800 }), direction: fc.constantFrom('over' as const, 'under' as const) });
    const floats = fc.array(float, { minLength: DICE_FLOATS_PER_ROUND, maxLength: DICE_FLOATS_PER_ROUND });
    fc.assert(
      fc.property(bet, floats, (chosen, draw) => {
        expect(diceOutcomeSchema.safeParse(playDiceRound(100, chosen, draw)).error).toBeUndefined();
      }),
    );
  });

  it('a plinko drop matches the plinko outcome schema', () => {
    const bet = fc.record({ rows: fc.integer({ min: PLINKO_MIN_ROWS, max: PLINKO_MAX_ROWS }), risk: fc.constantFrom(...PLINKO_RISKS) });
    const floats = fc.array(float, { minLength: PLINKO_MAX_ROWS, maxLength: PLINKO_MAX_ROWS });
    fc.assert(
      fc.property(bet, floats, (chosen, draw) => {
        expect(plinkoOutcomeSchema.safeParse(playPlinkoRound(100, chosen, draw)).error).toBeUndefined();
      }),
    );
  });

  it('a mines board, open and finished, matches the mines outcome schema', () => {
    const floats = fc.array(float, { minLength: MINES_FLOATS_PER_ROUND, maxLength: MINES_FLOATS_PER_ROUND });
    const picks = fc.array(fc.integer({ min: 0, max: MINES_TILES - 1 }), { maxLength: MINES_TILES });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 }), floats, picks, (mines, draw, tiles) => {
        let state = startMines({ stake: 100, mines, floats: draw });
        const moves: string[] = [];
        expect(minesOutcomeSchema.safeParse(visibleOutcome(null, state, moves)).error).toBeUndefined();
        for (const tile of new Set(tiles)) {
          if (state.phase !== 'player') break;
          state = applyMinesAction(state, `reveal:${tile}`);
          moves.push(`reveal:${tile}`);
          expect(minesOutcomeSchema.safeParse(visibleOutcome(null, state, moves)).error).toBeUndefined();
        }
        if (state.phase === 'player' && state.revealed.length > 0) {
          state = applyMinesAction(state, 'cashout');
          moves.push('cashout');
        }
        expect(minesOutcomeSchema.safeParse(visibleOutcome(null, state, moves)).error).toBeUndefined();
      }),
      { numRuns: 50 },
    );
  });
});
