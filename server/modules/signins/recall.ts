import type { CrashPlayerBet } from '../../../contract/crash.ts';
import type { GameRound } from '../../../contract/games.ts';
import { formatMoney } from '../../../contract/money.ts';
import { describeRoundResult } from '../../../contract/round-result.ts';
import type { RecallStep, RecalledRound } from '../../../contract/signins.ts';

// Game-round recall for players (issue 33 §7, GLI-19 §4.16, AGCO: the last game and the nine before it;
// docs/decisions/0113): each game module answers with its own newest rounds through a read function, and this file
// merges them newest first and puts every round's steps into words. It owns no table.

export const RECALLED_ROUNDS = 10;

/** An aggregator's round as the providers module reads it. */
export type ProviderRound = {
  provider: string;
  round: string;
  gameCode: string | null;
  gameName: string | null;
  currency: string;
  stake: number;
  win: number;
  startedAt: Date;
  steps: { kind: 'bet' | 'win' | 'rollback'; amount: number; state: string; free: boolean }[];
};

export type RecallSources = {
  gameRounds: (playerId: number, limit: number) => Promise<GameRound[]>;
  crashBets: (playerId: number, limit: number) => Promise<CrashPlayerBet[]>;
  providerRounds: (playerId: number, limit: number) => Promise<ProviderRound[]>;
  /** The catalogue's names of our games, by slug. */
  gameNames: (slugs: string[]) => Promise<Map<string, string>>;
};

const ACTION_WORDS: Record<string, string> = { hit: 'You hit', stand: 'You stood', double: 'You doubled down', split: 'You split' };
const OUTCOME_WORDS: Record<string, string> = { blackjack: 'blackjack', win: 'won', push: 'push', lose: 'lost' };
const RANK_WORDS: Record<string, string> = { T: '10', J: 'J', Q: 'Q', K: 'K', A: 'A' };
const SUIT_SIGNS: Record<string, string> = { c: '♣', d: '♦', h: '♥', s: '♠' };
const cardText = (card: unknown) =>
  typeof card === 'string' && card.length === 2 ? `${RANK_WORDS[card[0]!] ?? card[0]}${SUIT_SIGNS[card[1]!] ?? card[1]}` : 'a hidden card';
const multiplier = (hundredths: number) => `${(hundredths / 100).toFixed(2)}×`;
const step = (text: string, amount: number | null = null): RecallStep => ({ text, amount });

type Hand = { cards: unknown[]; total: number; stake: number; outcome: string | null; payout: number | null };

/** A blackjack hand's steps: the deal, each action in order, the hands and the dealer's as they ended. */
export function blackjackSteps(outcome: Record<string, unknown>, money: (minor: number) => string): RecallStep[] {
  const hands = (outcome.hands as Hand[] | undefined) ?? [];
  const dealer = outcome.dealer as { cards: unknown[]; total: number } | undefined;
  const moves = (outcome.moves as string[] | undefined) ?? [];
  const steps = [step(`Dealt: your ${hands[0]?.cards.slice(0, 2).map(cardText).join(' ') ?? '—'}; dealer shows ${cardText(dealer?.cards[0])}`)];
  for (const move of moves) steps.push(step(ACTION_WORDS[move] ?? `You chose ${move}`));
  hands.forEach((hand, i) => {
    const label = hands.length > 1 ? `Hand ${i + 1}` : 'Your hand';
    const result = hand.outcome ? ` – ${OUTCOME_WORDS[hand.outcome] ?? hand.outcome}${hand.payout ? `, paid ${money(hand.payout)}` : ''}` : '';
    steps.push(step(`${label}: ${hand.cards.map(cardText).join(' ')} (${hand.total})${result}`, hand.stake));
  });
  if (dealer?.cards.every((card) => card !== null)) steps.push(step(`Dealer: ${dealer.cards.map(cardText).join(' ')} (${dealer.total})`));
  return steps;
}

function minesSteps(outcome: Record<string, unknown>): RecallStep[] {
  const steps = [step(`${String(outcome.mines ?? '?')} mines on the board`)];
  for (const tile of (outcome.revealed as number[] | undefined) ?? []) steps.push(step(`You picked tile ${tile + 1}: safe`));
  if (typeof outcome.hitMine === 'number') steps.push(step(`You picked tile ${outcome.hitMine + 1}: a mine`));
  else if (outcome.phase === 'finished') steps.push(step('You cashed out'));
  return steps;
}

function gameRound(round: GameRound, names: Map<string, string>): RecalledRound {
  const money = (minor: number) => formatMoney(minor, round.currency);
  const outcome = round.outcome ?? {};
  const steps = [step('Stake', round.stake)];
  if (round.kind === 'blackjack') steps.push(...blackjackSteps(outcome, money));
  else if (round.kind === 'mines') steps.push(...minesSteps(outcome));
  if (round.status !== 'open') steps.push(step(describeRoundResult({ stake: round.stake, win: round.win }, money).text, round.win - round.stake));
  return {
    id: round.round_id,
    source: 'game',
    game_name: names.get(round.game) ?? round.game,
    played_at: round.created_at,
    status: round.status === 'open' ? 'open' : 'settled',
    currency: round.currency,
    stake: round.stake,
    win: round.win,
    provider_round: null,
    steps,
  };
}

function crashRound(bet: CrashPlayerBet): RecalledRound {
  const money = (minor: number) => formatMoney(minor, bet.currency);
  const steps = [step(`Bet placed${bet.auto_cashout ? `, automatic cash-out at ${multiplier(bet.auto_cashout)}` : ''}`, bet.stake)];
  if (bet.cashout) steps.push(step(`You cashed out at ${multiplier(bet.cashout)}`, bet.win));
  if (bet.crash_point !== null) steps.push(step(`The round crashed at ${multiplier(bet.crash_point)}`));
  if (bet.status === 'refunded') steps.push(step('The round was interrupted: your stake was returned', bet.win));
  if (bet.status !== 'active') steps.push(step(describeRoundResult({ stake: bet.stake, win: bet.win }, money).text, bet.win - bet.stake));
  return {
    id: `crash-${bet.id}`,
    source: 'crash',
    game_name: 'Crash',
    played_at: bet.created_at,
    status: bet.status === 'active' ? 'open' : 'settled',
    currency: bet.currency,
    stake: bet.stake,
    win: bet.win,
    provider_round: null,
    steps,
  };
}

function providerRound(round: ProviderRound): RecalledRound {
  const money = (minor: number) => formatMoney(minor, round.currency);
  const steps = round.steps.map((item) => {
    if (item.kind === 'win') return step('Win', item.amount);
    if (item.kind === 'rollback') return step('Bet cancelled by the game', item.amount);
    if (item.free) return step('Free round', 0);
    return step(item.state === 'accepted' ? 'Bet' : item.state === 'rolled_back' ? 'Bet (returned)' : 'Bet (refused)', item.amount);
  });
  steps.push(step(describeRoundResult({ stake: round.stake, win: round.win }, money).text, round.win - round.stake));
  return {
    id: `provider-${round.provider}-${round.round}`,
    source: 'provider',
    game_name: round.gameName ?? round.gameCode ?? 'Game',
    played_at: round.startedAt.toISOString(),
    status: 'settled',
    currency: round.currency,
    stake: round.stake,
    win: round.win,
    provider_round: round.round,
    steps,
  };
}

export function createRecall(sources: RecallSources) {
  return {
    /** The player's last `limit` rounds over every game, newest first, each with its steps in words. */
    async lastRounds(playerId: number, limit = RECALLED_ROUNDS): Promise<RecalledRound[]> {
      const [games, crash, providers] = await Promise.all([
        sources.gameRounds(playerId, limit),
        sources.crashBets(playerId, limit),
        sources.providerRounds(playerId, limit),
      ]);
      const names = await sources.gameNames([...new Set(games.map((round) => round.game))]);
      return [...games.map((round) => gameRound(round, names)), ...crash.map(crashRound), ...providers.map(providerRound)]
        .sort((a, b) => b.played_at.localeCompare(a.played_at))
        .slice(0, limit);
    },
  };
}
