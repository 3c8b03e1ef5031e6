// Hand totals: aces count 1, and one of them counts 11 when that does not bust the hand ("soft").

import { cardPoints, type Card } from './shoe.ts';

export type HandTotal = { total: number; soft: boolean };

export function handTotal(cards: readonly Card[]): HandTotal {
  let hard = 0;
  let aces = 0;
  for (const card of cards) {
    hard += cardPoints(card);
    if (card[0] === 'A') aces++;
  }
  return aces > 0 && hard + 10 <= 21 ? { total: hard + 10, soft: true } : { total: hard, soft: false };
}

/** Two cards making 21. Whether it pays as a blackjack also depends on the hand not coming from a split. */
export function isNatural(cards: readonly Card[]): boolean {
  return cards.length === 2 && handTotal(cards).total === 21;
}
