import { useEffect, useMemo, useState } from 'react';
import type { BlackjackMove, BlackjackOutcome, GameDetail } from '../../../../contract/games.ts';
import type { PlayedRound } from '../rounds.ts';
import { describeRoundResult } from '../../../../contract/round-result.ts';
import { Button } from '../../../components/ui/button.tsx';
import { outcomeOf } from './round-outcome.ts';
import { formatStake } from './money.ts';
import { PlayingCard } from './playing-card.tsx';
import { StakePicker } from './stake-picker.tsx';
import { nearestStake, stakeLadder } from './stakes.ts';
import type { PlaySession } from './use-play-session.ts';

// The table as decision 0041 answers it (games/blackjack/view.ts plus the moves taken), checked against the contract.

const MOVE_LABELS: Record<BlackjackMove, string> = { hit: 'Hit', stand: 'Stand', double: 'Double', split: 'Split' };
const OUTCOME_LABELS = { blackjack: 'Blackjack!', win: 'Win', push: 'Push', lose: 'Lose' } as const;

/**
 * The moves to offer: the server's legal moves, less a double or split the balance cannot pay for (issue 34 §6:
 * offering Double and then refusing it is worse than not offering it). An unknown balance hides nothing.
 */
export function offeredMoves(table: Pick<BlackjackOutcome, 'actions' | 'hands' | 'active'>, balance: number | null): BlackjackMove[] {
  const extra = table.hands[table.active ?? 0]?.stake ?? 0;
  return table.actions.filter((action) => (action !== 'double' && action !== 'split') || balance === null || balance >= extra);
}

export function BlackjackGame({ game, session }: { game: GameDetail; session: PlaySession }) {
  const ladder = useMemo(() => stakeLadder(game.limits), [game.limits]);
  const [stake, setStake] = useState(() => nearestStake(ladder, 5_00));
  const [round, setRound] = useState<PlayedRound | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (minor: number) => formatStake(minor, session.currency);

  // A hand left open (a reload, another tab) is picked up again rather than stranded.
  const open = session.rounds.find((candidate) => candidate.status === 'open' && candidate.kind === 'blackjack');
  useEffect(() => {
    if (!round && open) setRound({ ...open, balance: session.balance ?? 0 });
  }, [open, round, session.balance]);

  async function deal() {
    setBusy(true);
    const played = await session.play({ stake }, stake);
    setBusy(false);
    if (!played) return;
    setRound(played);
    session.reveal(played);
  }

  async function act(action: BlackjackMove, table: BlackjackOutcome) {
    if (!round) return;
    const extra = action === 'double' || action === 'split' ? (table.hands[table.active ?? 0]?.stake ?? 0) : 0;
    setBusy(true);
    const played = await session.move(round.round_id, action, extra);
    setBusy(false);
    if (!played) return;
    setRound(played);
    session.reveal(played);
  }

  const table = round ? outcomeOf(round, 'blackjack') : null;
  const finished = !table || table.phase === 'finished';
  return (
    <div className="mx-auto w-full max-w-3xl overflow-hidden rounded-[2rem] border-4 border-[#5a3b1a] bg-[radial-gradient(120%_80%_at_50%_0%,#177a55,#0b3d2a)] p-4 sm:p-6">
      <section aria-label="Dealer" className="flex flex-col items-center">
        <p className="mb-2 text-xs font-semibold uppercase tracking-widest text-white/70">
          Dealer
          {table ? (
            <span className="ml-2 rounded bg-black/40 px-1.5 py-0.5 text-white" data-testid="dealer-total">
              {table.dealer.total}
            </span>
          ) : null}
        </p>
        <div className="flex min-h-[5.25rem] -space-x-6 sm:min-h-28">
          {table?.dealer.cards.map((card, i) => (
            <PlayingCard key={`${i}-${card ?? 'down'}`} card={card} order={i} />
          ))}
        </div>
      </section>
      <p className="my-3 text-center font-display text-xs uppercase tracking-[0.3em] text-gold-300/80">Blackjack pays 3 to 2 · Dealer stands on soft 17</p>
      <section aria-label="Your hands" className="flex flex-wrap justify-center gap-6">
        {table ? (
          table.hands.map((hand, i) => (
            <div
              key={i}
              className={`flex flex-col items-center rounded-xl p-2 ${table.active === i && table.hands.length > 1 ? 'ring-2 ring-gold-300' : ''}`}
              data-testid="player-hand"
            >
              <div className="flex min-h-[5.25rem] -space-x-6 sm:min-h-28">
                {hand.cards.map((card, c) => (
                  <PlayingCard key={`${c}-${card}`} card={card} order={c} />
                ))}
              </div>
              <p className="mt-2 text-sm text-white">
                <span className="rounded bg-black/40 px-1.5 py-0.5 font-bold">
                  {hand.soft && hand.total < 21 ? `${hand.total - 10}/${hand.total}` : hand.total}
                </span>
                <span className="ml-2 text-white/70">
                  {money(hand.stake)}
                  {hand.doubled ? ' (doubled)' : ''}
                </span>
              </p>
              {hand.outcome ? (
                <p
                  className={`mt-1 rounded-full px-3 py-0.5 text-sm font-bold ${hand.outcome === 'lose' ? 'bg-ruby-500/80 text-white' : hand.outcome === 'push' ? 'bg-night-600 text-white' : 'bg-gold-400 text-night-950'}`}
                >
                  {OUTCOME_LABELS[hand.outcome]}
                </p>
              ) : null}
            </div>
          ))
        ) : (
          <p className="py-8 text-white/70">Choose a stake and deal.</p>
        )}
      </section>
      <div role="status" aria-live="polite" className="mt-3 min-h-7 text-center" data-testid="round-result">
        {round && table?.phase === 'finished' ? (
          <p className={`text-lg font-bold ${round.win > round.stake ? 'text-gold-300' : 'text-white/80'}`}>
            {
              describeRoundResult(
                {
                  stake: round.stake,
                  win: round.win,
                  hands: table.hands.map((hand, i) => ({ label: `hand ${i + 1}`, amount: hand.stake, payout: hand.payout ?? 0 })),
                },
                money,
              ).text
            }
          </p>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-center gap-2">
        {finished ? (
          <>
            <StakePicker ladder={ladder} stake={stake} onChange={setStake} disabled={busy} format={money} />
            <Button busy={busy} onClick={() => void deal()} className="min-w-32">
              {round ? 'Deal again' : 'Deal'}
            </Button>
          </>
        ) : (
          offeredMoves(table, session.balance).map((action) => (
            <Button
              key={action}
              variant={action === 'stand' ? 'primary' : 'ghost'}
              disabled={busy}
              onClick={() => void act(action, table)}
              className="min-w-20 bg-night-950/40"
            >
              {MOVE_LABELS[action]}
            </Button>
          ))
        )}
      </div>
    </div>
  );
}
