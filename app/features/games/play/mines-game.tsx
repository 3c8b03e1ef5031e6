import { useEffect, useMemo, useState } from 'react';
import type { GameDetail } from '../../../../contract/games.ts';
import type { PlayedRound } from '../rounds.ts';
import { Button } from '../../../components/ui/button.tsx';
import { outcomeOf } from './round-outcome.ts';
import { describeRoundResult } from '../../../../contract/round-result.ts';
import { formatStake } from './money.ts';
import { StakePicker } from './stake-picker.tsx';
import { nearestStake, stakeLadder } from './stakes.ts';
import type { PlaySession } from './use-play-session.ts';

// Mines (docs/decisions/0070-originals.md): a 5×5 board; the mines stay on the server until the round ends.

export function MinesGame({ game, session }: { game: GameDetail; session: PlaySession }) {
  const ladder = useMemo(() => stakeLadder(game.limits), [game.limits]);
  const [stake, setStake] = useState(() => nearestStake(ladder, 1_00));
  const [mines, setMines] = useState(3);
  const [round, setRound] = useState<PlayedRound | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (minor: number) => formatStake(minor, session.currency);

  // A board left open (a reload, a restart of ours) is picked up again where it stopped.
  const open = session.rounds.find((candidate) => candidate.status === 'open' && candidate.kind === 'mines');
  useEffect(() => {
    if (!round && open) setRound({ ...open, balance: session.balance ?? 0 });
  }, [open, round, session.balance]);

  const board = round ? outcomeOf(round, 'mines') : null;
  const playing = board?.phase === 'player';

  async function start() {
    setBusy(true);
    const played = await session.play({ stake, mines }, stake);
    setBusy(false);
    if (!played) return;
    setRound(played);
    session.reveal(played);
  }

  async function act(body: { action: 'reveal'; tile: number } | { action: 'cashout' }) {
    if (!round) return;
    setBusy(true);
    const played = await session.move(round.round_id, body, 0);
    setBusy(false);
    if (!played) return;
    setRound(played);
    session.reveal(played);
  }

  const result = (() => {
    if (!board || !round || board.phase !== 'finished' || !board.settlement) return null;
    if (board.settlement.reason === 'mine') return { text: `Boom: you lost ${money(round.stake)}`, good: false };
    // The one wording of every game (contract/round-result.ts): "won" is what the round added, "paid" what came back.
    return { text: `${describeRoundResult({ stake: round.stake, win: round.win }, money).text} · ${board.settlement.multiplier.toFixed(4)}×`, good: true };
  })();

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4 rounded-3xl border border-night-600 bg-[radial-gradient(120%_90%_at_50%_0%,#12343a,#0a0d18)] p-3 sm:grid-cols-[1fr_16rem] sm:p-6">
      <div className="mx-auto grid w-full max-w-md grid-cols-5 gap-1.5 sm:gap-2" role="grid" aria-label="Mines board">
        {Array.from({ length: 25 }, (_, tile) => {
          const revealed = board?.revealed.includes(tile) ?? false;
          const mine = board?.minePositions?.includes(tile) ?? false;
          const hit = board?.hitMine === tile;
          const face = revealed ? 'gem' : board?.phase === 'finished' ? (mine ? 'mine' : 'hidden') : 'hidden';
          return (
            <button
              key={tile}
              type="button"
              aria-label={`Tile ${tile + 1}${revealed ? ', safe' : mine && board?.phase === 'finished' ? ', mine' : ''}`}
              disabled={!playing || revealed || busy}
              onClick={() => void act({ action: 'reveal', tile })}
              data-testid="mines-tile"
              data-state={face}
              className={`flex aspect-square items-center justify-center rounded-xl border text-2xl transition ${
                hit
                  ? 'border-ruby-500 bg-ruby-500/70'
                  : revealed
                    ? 'border-emerald-400/60 bg-emerald-500/25'
                    : face === 'mine'
                      ? 'border-night-600 bg-night-800'
                      : playing
                        ? 'border-night-600 bg-night-700 hover:-translate-y-0.5 hover:border-gold-400'
                        : 'border-night-700 bg-night-800/70'
              }`}
            >
              {face === 'gem' ? <Gem /> : face === 'mine' ? <Mine /> : null}
            </button>
          );
        })}
      </div>
      <div className="flex flex-col gap-3">
        <div role="status" aria-live="polite" className="min-h-14 rounded-xl bg-night-850 p-3 text-center" data-testid="round-result">
          {result ? (
            <p className={`font-bold ${result.good ? 'text-gold-300' : 'text-ruby-500'}`}>{result.text}</p>
          ) : playing && board ? (
            <p className="text-sm text-mist-300">
              {board.revealed.length === 0 ? 'Pick a tile.' : `Cash out now for ${money(board.cashOutValue)}`}
              {board.nextMultiplier ? <span className="block text-xs text-mist-400">Next safe tile: {board.nextMultiplier.toFixed(4)}×</span> : null}
            </p>
          ) : (
            <p className="text-sm text-mist-300">Choose how many mines hide among the 25 tiles, then start.</p>
          )}
        </div>
        {playing ? (
          <Button busy={busy} disabled={board!.revealed.length === 0} onClick={() => void act({ action: 'cashout' })} data-testid="mines-cashout">
            {board!.revealed.length === 0 ? 'Cash out' : `Cash out ${money(board!.cashOutValue)}`}
          </Button>
        ) : (
          <>
            <label className="flex items-center justify-between gap-2 text-sm text-mist-300">
              Mines
              <select
                value={mines}
                disabled={busy}
                onChange={(event) => setMines(Number(event.target.value))}
                className="rounded-md border border-night-600 bg-night-850 px-2 py-2 text-mist-100"
                data-testid="mines-count"
              >
                {Array.from({ length: 24 }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <StakePicker ladder={ladder} stake={stake} onChange={setStake} disabled={busy} format={money} />
            <Button busy={busy} onClick={() => void start()}>
              {round ? 'Play again' : 'Start'}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

function Gem() {
  return (
    <svg viewBox="0 0 32 32" className="h-3/5 w-3/5" aria-hidden="true">
      <path d="M8 5h16l6 8-14 15L2 13z" fill="#3dd68c" />
      <path d="M2 13h28M8 5l8 23M24 5l-8 23M12 5l4 8 4-8" stroke="#0d5c3a" strokeWidth="1.2" fill="none" />
    </svg>
  );
}

function Mine() {
  return (
    <svg viewBox="0 0 32 32" className="h-3/5 w-3/5" aria-hidden="true">
      <g stroke="#f2555a" strokeWidth="2.5" strokeLinecap="round">
        <path d="M16 3v5M16 24v5M3 16h5M24 16h5M6.8 6.8l3.5 3.5M21.7 21.7l3.5 3.5M6.8 25.2l3.5-3.5M21.7 10.3l3.5-3.5" />
      </g>
      <circle cx="16" cy="16" r="8.5" fill="#2b2f3a" stroke="#f2555a" strokeWidth="2" />
      <circle cx="13" cy="13" r="2.2" fill="#fff" opacity=".7" />
    </svg>
  );
}
