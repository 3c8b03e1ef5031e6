// The six-deck shoe, shuffled afresh for every round from the round's fair floats.

/** A card is rank then suit: ranks A 2 3 4 5 6 7 8 9 T J Q K, suits c d h s (e.g. 'Ah', 'Td'). */
export type Card = string;

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
export const SUITS = ['c', 'd', 'h', 's'] as const;
export const DECKS = 6;
export const SHOE_SIZE = DECKS * SUITS.length * RANKS.length;

/** Fisher–Yates over the 312-card shoe takes one float per step for i = 311 down to 1. */
export const SHUFFLE_FLOATS = SHOE_SIZE - 1;

const validCards = new Set<string>(RANKS.flatMap((rank) => SUITS.map((suit) => rank + suit)));

export function isCard(value: unknown): value is Card {
  return typeof value === 'string' && validCards.has(value);
}

/** The unshuffled shoe: deck 1 to 6, each in suit order c d h s, each suit A to K. */
export function orderedShoe(): Card[] {
  const shoe: Card[] = [];
  for (let deck = 0; deck < DECKS; deck++) for (const suit of SUITS) for (const rank of RANKS) shoe.push(rank + suit);
  return shoe;
}

/**
 * The shoe in dealing order (index 0 is dealt first). Fisher–Yates on the ordered shoe: for i from 311
 * down to 1, j = floor(f × (i + 1)) with f = floats[311 − i], then swap positions i and j.
 */
export function shuffleShoe(floats: readonly number[]): Card[] {
  if (floats.length < SHUFFLE_FLOATS) throw new RangeError(`Shuffling the shoe needs ${SHUFFLE_FLOATS} floats`);
  return fisherYates(orderedShoe(), floats);
}

/** Shuffles `items` in place, taking floats[0] for the last position, floats[1] for the one before, and so on. */
export function fisherYates<T>(items: T[], floats: readonly number[]): T[] {
  for (let i = items.length - 1, k = 0; i > 0; i--, k++) {
    const float = floats[k];
    if (float === undefined || !(float >= 0 && float < 1)) throw new RangeError('Shuffle floats must lie in [0, 1)');
    const j = Math.floor(float * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Points of a card with aces as 1 (hand totals decide when an ace counts 11). */
export function cardPoints(card: Card): number {
  const rank = card[0]!;
  if (rank === 'A') return 1;
  return 'TJQK'.includes(rank) ? 10 : Number(rank);
}
