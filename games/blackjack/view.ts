// What the player's browser may see of a blackjack round: the dealer's hole card and the shoe stay hidden
// until the round is finished.

import type { BlackjackAction, BlackjackSettlement, BlackjackState, HandOutcome } from './engine.ts';
import { handTotal } from './hand.ts';
import type { Card } from './shoe.ts';

export type BlackjackView = {
  phase: 'player' | 'finished';
  stake: number;
  /** `null` stands for the face-down hole card. */
  dealer: { cards: (Card | null)[]; total: number; soft: boolean };
  hands: {
    cards: Card[];
    total: number;
    soft: boolean;
    stake: number;
    doubled: boolean;
    outcome: HandOutcome | null;
    payout: number | null;
  }[];
  /** Index of the hand in play, null when none is. */
  active: number | null;
  actions: BlackjackAction[];
  settlement: BlackjackSettlement | null;
};

export function blackjackView(state: BlackjackState): BlackjackView {
  const finished = state.phase === 'finished';
  const visibleDealer = finished ? state.dealer : state.dealer.slice(0, 1);
  const dealerTotal = handTotal(visibleDealer);
  return {
    phase: state.phase,
    stake: state.stake,
    dealer: { cards: finished ? [...state.dealer] : [state.dealer[0]!, null], total: dealerTotal.total, soft: dealerTotal.soft },
    hands: state.hands.map((hand, i) => {
      const { total, soft } = handTotal(hand.cards);
      const settled = state.settlement?.hands[i];
      return {
        cards: [...hand.cards],
        total,
        soft,
        stake: hand.stake,
        doubled: hand.doubled,
        outcome: settled?.outcome ?? null,
        payout: settled?.payout ?? null,
      };
    }),
    active: finished ? null : state.active,
    actions: [...state.actions],
    settlement: state.settlement,
  };
}
