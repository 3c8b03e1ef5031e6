// A played round's `outcome`, typed by the game it belongs to. The API sends it as the engine's plain data (decision
// 0027); its per-engine types come from the contract's outcome schemas by `import type`, so the play screens carry
// no zod (docs/decisions/0095-no-zod-in-the-browser.md). What an engine returns is held to those schemas on the
// server's side (server/modules/games/outcome-contract.test.ts, over many fair draws); here a screen only checks that
// the round is one of its own game's, the mistake a plain cast would let through.
import type { BlackjackOutcome, DiceOutcome, MinesOutcome, PlinkoOutcome, RouletteOutcome, SlotOutcome } from '../../../../contract/games.ts';
import type { GameRound } from '../rounds.ts';

type OutcomeByKind = {
  roulette: RouletteOutcome;
  slot: SlotOutcome;
  blackjack: BlackjackOutcome;
  dice: DiceOutcome;
  mines: MinesOutcome;
  plinko: PlinkoOutcome;
};

/** The outcome of `round`, a round of a `kind` game; a round of another game (or none) is an error, not a cast. */
export function outcomeOf<K extends keyof OutcomeByKind>(round: Pick<GameRound, 'kind' | 'outcome'>, kind: K): OutcomeByKind[K] {
  if (round.kind !== kind || typeof round.outcome !== 'object' || round.outcome === null) {
    throw new TypeError(`Expected the outcome of a ${kind} round, got a ${String(round.kind)} round's`);
  }
  return round.outcome as OutcomeByKind[K];
}
