// Blackjack as a serialisable state machine: the server keeps the state (JSON) between the player's
// actions, debits additionalStakeFor(state, action) before applying a double or split, and credits
// settlement.win when the round is finished. Rules (docs/decisions/0040-games-maths.md): six decks shuffled
// for every round, dealer stands on soft 17 and peeks for blackjack, blackjack pays 3:2 rounded down,
// double on any first two cards (also after a split, except split aces), one split of equal-value cards,
// split aces take one card each, no insurance, no surrender.
//
// Dealing order: shoe cards 0 and 2 to the player, 1 (face up) and 3 (the hole card) to the dealer; then
// every card in the order the play asks for it: on a split the next card completes the first hand and the
// one after completes the second; the dealer draws after all the player's hands are done.

import { handTotal, isNatural } from './hand.ts';
import { cardPoints, isCard, shuffleShoe, type Card } from './shoe.ts';

export const BLACKJACK_ACTIONS = ['hit', 'stand', 'double', 'split'] as const;
export type BlackjackAction = (typeof BLACKJACK_ACTIONS)[number];

export type HandOutcome = 'blackjack' | 'win' | 'push' | 'lose';

export type PlayerHand = {
  cards: Card[];
  /** This hand's stake, doubled when the hand was doubled. */
  stake: number;
  doubled: boolean;
  fromSplit: boolean;
  /** No more cards for this hand: stood, doubled, busted, reached 21, or a split ace. */
  done: boolean;
};

export type BlackjackSettlement = {
  /** Everything staked on the round: the first stake plus doubles and the split. */
  totalStake: number;
  /** Everything credited: winnings plus returned stakes. */
  win: number;
  hands: { outcome: HandOutcome; payout: number }[];
};

export type BlackjackState = {
  version: 1;
  stake: number;
  /** The whole shuffled shoe in dealing order; never shown to the player before the round ends. */
  shoe: Card[];
  /** Cards dealt so far: shoe[drawn] is the next card. */
  drawn: number;
  /** dealer[1] is the hole card. */
  dealer: Card[];
  hands: PlayerHand[];
  /** The hand being played; hands.length once the player is done. */
  active: number;
  phase: 'player' | 'finished';
  /** What the player may do now; empty when finished. */
  actions: BlackjackAction[];
  settlement: BlackjackSettlement | null;
};

/** A refused action: a 4xx with this message, and the state is unchanged. */
export class BlackjackActionError extends Error {
  override name = 'BlackjackActionError';
}

/** Shuffles the round's shoe from its fair floats (311 of them, see shoe.ts) and deals. */
export function startHand(request: { stake: number; floats: readonly number[] }): BlackjackState {
  return startHandFromShoe({ stake: request.stake, shoe: shuffleShoe(request.floats) });
}

/** Deals from a given shoe in dealing order (tests use short fixed shoes; a shoe that runs out throws). */
export function startHandFromShoe(request: { stake: number; shoe: readonly Card[] }): BlackjackState {
  const { stake, shoe } = request;
  if (!Number.isSafeInteger(stake) || stake <= 0) throw new BlackjackActionError('The stake must be a positive whole number of minor units.');
  if (!Number.isSafeInteger(stake * 4)) throw new BlackjackActionError('The stake is too large.');
  if (!shoe.every(isCard)) throw new RangeError('The shoe holds something that is not a card');
  const state: BlackjackState = {
    version: 1,
    stake,
    shoe: [...shoe],
    drawn: 0,
    dealer: [],
    hands: [],
    active: 0,
    phase: 'player',
    actions: [],
    settlement: null,
  };
  const first = draw(state);
  state.dealer.push(draw(state));
  const second = draw(state);
  state.dealer.push(draw(state));
  state.hands.push({ cards: [first, second], stake, doubled: false, fromSplit: false, done: false });
  // The dealer peeks: with a dealer blackjack the round ends before the player can add to the stake.
  if (isNatural(state.dealer) || isNatural(state.hands[0]!.cards)) {
    state.hands[0]!.done = true;
    finish(state);
    return state;
  }
  advance(state);
  return state;
}

export function legalActions(state: BlackjackState): BlackjackAction[] {
  return [...state.actions];
}

/** What the server must debit before applying `action`: the hand's stake for a double or a split, else 0. */
export function additionalStakeFor(state: BlackjackState, action: unknown): number {
  const legal = checkAction(state, action);
  const hand = state.hands[state.active]!;
  return legal === 'double' || legal === 'split' ? hand.stake : 0;
}

export function applyAction(state: BlackjackState, action: unknown): BlackjackState {
  const legal = checkAction(state, action);
  const next: BlackjackState = {
    ...state,
    dealer: [...state.dealer],
    hands: state.hands.map((hand) => ({ ...hand, cards: [...hand.cards] })),
  };
  const hand = next.hands[next.active]!;
  switch (legal) {
    case 'hit':
      hand.cards.push(draw(next));
      if (handTotal(hand.cards).total >= 21) hand.done = true;
      break;
    case 'stand':
      hand.done = true;
      break;
    case 'double':
      hand.stake *= 2;
      hand.doubled = true;
      hand.cards.push(draw(next));
      hand.done = true;
      break;
    case 'split': {
      const [left, right] = hand.cards as [Card, Card];
      const splitAces = left[0] === 'A';
      next.hands = [left, right].map((card) => ({ cards: [card], stake: state.stake, doubled: false, fromSplit: true, done: splitAces }));
      for (const split of next.hands) {
        split.cards.push(draw(next));
        if (handTotal(split.cards).total === 21) split.done = true;
      }
      break;
    }
  }
  advance(next);
  return next;
}

/**
 * Completes a hand the player left: they stand on every hand still open, then the dealer plays out as usual
 * (docs/decisions/0041-games-api.md). `stands` is how many stand moves that took, so the stored moves
 * replay to the same table.
 */
export function standOnEveryHand(state: BlackjackState): { state: BlackjackState; stands: number } {
  let next = state;
  let stands = 0;
  while (next.phase === 'player') {
    next = applyAction(next, 'stand');
    stands++;
  }
  return { state: next, stands };
}

function checkAction(state: BlackjackState, action: unknown): BlackjackAction {
  if (state.phase === 'finished') throw new BlackjackActionError('This round is over; start a new one.');
  if (typeof action !== 'string' || !(BLACKJACK_ACTIONS as readonly string[]).includes(action)) {
    throw new BlackjackActionError(`The action must be one of: ${BLACKJACK_ACTIONS.join(', ')}.`);
  }
  if (!state.actions.includes(action as BlackjackAction)) {
    throw new BlackjackActionError(`You cannot ${action} now; you may ${state.actions.join(' or ')}.`);
  }
  return action as BlackjackAction;
}

function draw(state: BlackjackState): Card {
  const card = state.shoe[state.drawn];
  if (card === undefined) throw new RangeError('The shoe ran out of cards');
  state.drawn++;
  return card;
}

/** Moves play to the next unfinished hand, or plays the dealer and settles when there is none. */
function advance(state: BlackjackState): void {
  while (state.active < state.hands.length && state.hands[state.active]!.done) state.active++;
  if (state.active < state.hands.length) {
    state.actions = actionsFor(state, state.hands[state.active]!);
    return;
  }
  if (state.hands.some((hand) => handTotal(hand.cards).total <= 21)) {
    while (handTotal(state.dealer).total < 17) state.dealer.push(draw(state));
  }
  finish(state);
}

function actionsFor(state: BlackjackState, hand: PlayerHand): BlackjackAction[] {
  const actions: BlackjackAction[] = ['hit', 'stand'];
  if (hand.cards.length === 2) {
    actions.push('double');
    const [a, b] = hand.cards as [Card, Card];
    if (state.hands.length === 1 && cardPoints(a) === cardPoints(b)) actions.push('split');
  }
  return actions;
}

function finish(state: BlackjackState): void {
  const dealer = handTotal(state.dealer).total;
  const dealerNatural = isNatural(state.dealer);
  const hands = state.hands.map((hand) => {
    const player = handTotal(hand.cards).total;
    const natural = !hand.fromSplit && isNatural(hand.cards);
    let outcome: HandOutcome;
    if (natural) outcome = dealerNatural ? 'push' : 'blackjack';
    else if (dealerNatural || player > 21) outcome = 'lose';
    else if (dealer > 21 || player > dealer) outcome = 'win';
    else outcome = player === dealer ? 'push' : 'lose';
    return { outcome, payout: payoutFor(outcome, hand.stake) };
  });
  state.active = state.hands.length;
  state.phase = 'finished';
  state.actions = [];
  state.settlement = {
    totalStake: state.hands.reduce((sum, hand) => sum + hand.stake, 0),
    win: hands.reduce((sum, hand) => sum + hand.payout, 0),
    hands,
  };
}

function payoutFor(outcome: HandOutcome, stake: number): number {
  switch (outcome) {
    case 'blackjack':
      // 3:2 in whole minor units, rounded down (the house keeps an odd stake's half unit).
      return stake + Math.floor((stake * 3) / 2);
    case 'win':
      return stake * 2;
    case 'push':
      return stake;
    case 'lose':
      return 0;
  }
}
