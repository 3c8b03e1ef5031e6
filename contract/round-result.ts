// What a finished round did to the player's money, in plain words, net result first (issue 17 §8,
// docs/decisions/0073-honest-results-and-game-info.md). Every game screen says it through this one function, so a
// push never reads as a win and a losing spin with one winning bet never reads "You won". Imports nothing of ours.
// One rule for the words (issue 34 §6): "won" and "lost" are always net (what the round added to or took from the
// balance); "paid" and "paid back" are always gross (what came back, stake included). Every game says it this way:
// slots, roulette, blackjack, dice, plinko, mines and crash.

/** One bet of a round that holds several (roulette bets, split blackjack hands): its stake, what it paid back (stake included) and its name. */
export type ResultBet = { label: string; amount: number; payout: number };

export type RoundResult = {
  /** win: more came back than was staked; push: exactly the stake; loss: less (or nothing). */
  kind: 'win' | 'push' | 'loss';
  /** What came back minus what was staked, in minor units. */
  net: number;
  /** The sentence for the player, e.g. "You lost €4.50 (won €2.00 on red, lost €6.50)". */
  text: string;
};

/** At most this many winning bets are named one by one; the rest are summed as "on N more bets". */
const NAMED_WINS = 3;

/**
 * The round's result from everything staked (`stake`) and everything credited back (`win`, returned stakes
 * included), with `money` formatting minor units for the round's currency. With `bets` (several bets on one
 * round) the sentence also says which bets won what and how much the losing ones lost; "won" there is a bet's
 * profit, its payout less its stake, so the parts add up to the net.
 */
export function describeRoundResult(
  { stake, win, bets, hands }: { stake: number; win: number; bets?: readonly ResultBet[]; hands?: readonly ResultBet[] },
  money: (minor: number) => string,
): RoundResult {
  if (!Number.isSafeInteger(stake) || !Number.isSafeInteger(win) || stake < 0 || win < 0) throw new RangeError('Stake and win must be whole minor units');
  const net = win - stake;
  const kind = net > 0 ? 'win' : net === 0 ? 'push' : 'loss';
  const detail = hands && hands.length > 1 ? handsDetail(hands, money) : bets && bets.length > 1 ? betsDetail(bets, money) : singleDetail(stake, win, money);
  const headline = kind === 'win' ? `You won ${money(net)}` : kind === 'push' ? `Push: your ${money(stake)} stake is returned` : `You lost ${money(-net)}`;
  return { kind, net, text: detail ? `${headline} (${detail})` : headline };
}

/** One stake: a loss with something paid back says so; a plain loss, a plain push and a win say no more. */
function singleDetail(stake: number, win: number, money: (minor: number) => string): string {
  if (win > 0 && win < stake) return `${money(win)} paid back on a ${money(stake)} stake`;
  if (win > stake) return `${money(win)} paid on a ${money(stake)} stake`;
  return '';
}

/** Split hands (blackjack): every hand is named in order with what it did, so two results never blur into one. */
function handsDetail(hands: readonly ResultBet[], money: (minor: number) => string): string {
  return hands
    .map((hand) =>
      hand.payout > hand.amount
        ? `${hand.label} won ${money(hand.payout - hand.amount)}`
        : hand.payout === hand.amount
          ? `${hand.label} pushed`
          : `${hand.label} lost ${money(hand.amount - hand.payout)}`,
    )
    .join(', ');
}

function betsDetail(bets: readonly ResultBet[], money: (minor: number) => string): string {
  // A bet that paid exactly its stake back (none on a roulette table today) is neither won nor lost.
  const winners = bets.filter((bet) => bet.payout > bet.amount);
  if (!winners.length) return '';
  const lost = bets.filter((bet) => bet.payout < bet.amount).reduce((sum, bet) => sum + bet.amount - bet.payout, 0);
  const parts = winners.slice(0, NAMED_WINS).map((bet) => `won ${money(bet.payout - bet.amount)} on ${bet.label}`);
  const rest = winners.slice(NAMED_WINS);
  if (rest.length)
    parts.push(`won ${money(rest.reduce((sum, bet) => sum + bet.payout - bet.amount, 0))} on ${rest.length} more bet${rest.length === 1 ? '' : 's'}`);
  if (lost > 0) parts.push(`lost ${money(lost)}`);
  return parts.join(', ');
}
