// Basic strategy for our rules (six decks, dealer stands on soft 17, double after split, no surrender):
// the standard chart for those rules. The RTP benchmark plays it, and a hint could show it.

import type { BlackjackAction } from './engine.ts';
import { handTotal } from './hand.ts';
import { cardPoints, type Card } from './shoe.ts';

/** The basic-strategy play for a hand against the dealer's up card, among the actions currently legal. */
export function basicStrategy(cards: readonly Card[], dealerUp: Card, actions: readonly BlackjackAction[]): BlackjackAction {
  const up = cardPoints(dealerUp) === 1 ? 11 : cardPoints(dealerUp);
  const can = (action: BlackjackAction) => actions.includes(action);
  const doubleOr = (fallback: BlackjackAction) => (can('double') ? 'double' : fallback);
  const between = (low: number, high: number) => up >= low && up <= high;
  const pair = cards.length === 2 && cardPoints(cards[0]!) === cardPoints(cards[1]!);
  if (pair && can('split') && shouldSplit(cardPoints(cards[0]!), up)) return 'split';
  const { total, soft } = handTotal(cards);
  if (soft) {
    if (total >= 19) return 'stand';
    if (total === 18) return between(3, 6) ? doubleOr('stand') : between(2, 8) ? 'stand' : 'hit';
    if (total === 17) return between(3, 6) ? doubleOr('hit') : 'hit';
    if (total >= 15) return between(4, 6) ? doubleOr('hit') : 'hit';
    if (total >= 13) return between(5, 6) ? doubleOr('hit') : 'hit';
    return 'hit';
  }
  if (total >= 17) return 'stand';
  if (total >= 13) return between(2, 6) ? 'stand' : 'hit';
  if (total === 12) return between(4, 6) ? 'stand' : 'hit';
  if (total === 11) return up <= 10 ? doubleOr('hit') : 'hit';
  if (total === 10) return between(2, 9) ? doubleOr('hit') : 'hit';
  if (total === 9) return between(3, 6) ? doubleOr('hit') : 'hit';
  return 'hit';
}

/** Pair splitting with double after split allowed; `pair` is the card's points (ace 1), `up` has ace 11. */
function shouldSplit(pair: number, up: number): boolean {
  switch (pair) {
    case 1:
    case 8:
      return true;
    case 9:
      return up <= 9 && up !== 7;
    case 7:
    case 3:
    case 2:
      return up <= 7;
    case 6:
      return up <= 6;
    case 4:
      return up === 5 || up === 6;
    default:
      return false;
  }
}
