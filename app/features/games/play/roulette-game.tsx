import { useEffect, useMemo, useRef, useState } from 'react';
import type { GameDetail } from '../../../../contract/games.ts';
import type { PlayedRound } from '../rounds.ts';
import { describeRoundResult } from '../../../../contract/round-result.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { outcomeOf } from './round-outcome.ts';
import { chipFace, formatStake } from './money.ts';
import { RouletteTable } from './roulette-table.tsx';
import { RouletteWheel, WHEEL_SPIN_MS } from './roulette-wheel.tsx';
import { betName, betsFromChips, chipProblem, pocketColour, spotKey, spotLabel, stackedChips, type Chip, type Spot } from './roulette-spots.ts';
import type { PlaySession } from './use-play-session.ts';

const CHIP_VALUES = [10, 50, 100, 500, 2_500];
const CHIP_COLOURS = ['#8d97ad', '#e5484d', '#1f9d6b', '#3b6fd8', '#f7c14b'];

export function RouletteGame({ game, session }: { game: GameDetail; session: PlaySession }) {
  const { notify } = useToast();
  const chipValues = CHIP_VALUES.filter((value) => value >= game.limits.min_stake && value <= game.limits.max_stake);
  const [chipValue, setChipValue] = useState(chipValues[0] ?? game.limits.min_stake);
  const [chips, setChips] = useState<Chip[]>([]);
  const [spinning, setSpinning] = useState(false);
  const [spin, setSpin] = useState(0);
  const [round, setRound] = useState<PlayedRound | null>(null);
  const [shown, setShown] = useState<PlayedRound | null>(null);
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const stacks = useMemo(() => stackedChips(chips), [chips]);
  const total = chips.reduce((sum, chip) => sum + chip.amount, 0);
  const money = (minor: number) => formatStake(minor, session.currency);

  function place(spot: Spot) {
    const chip = { spot: spotKey(spot), amount: chipValue };
    const problem = chipProblem(chips, chip, game.limits);
    if (problem === 'position') {
      notify(`${spotLabel(spot)} takes at most ${money(game.limits.bet_limits[spot.type] ?? 0)}.`, 'error');
      return;
    }
    if (problem === 'total') {
      notify(`A spin takes at most ${money(game.limits.max_stake)} in all.`, 'error');
      return;
    }
    setShown(null);
    setChips((list) => [...list, chip]);
  }

  async function spinWheel() {
    setSpinning(true);
    setShown(null);
    const played = await session.play({ bets: betsFromChips(chips) }, total);
    if (!played) {
      setSpinning(false);
      return;
    }
    setRound(played);
    setSpin((count) => count + 1);
    timer.current = window.setTimeout(() => {
      setSpinning(false);
      setShown(played);
      session.reveal(played);
    }, WHEEL_SPIN_MS + 150);
  }

  const pocket = shown ? Number(shown.outcome.pocket) : null;
  const result = shown
    ? describeRoundResult(
        {
          stake: shown.stake,
          win: shown.win,
          bets: outcomeOf(shown, 'roulette').perBet.map(({ bet, payout }) => ({ label: betName(bet), amount: bet.amount, payout })),
        },
        money,
      )
    : null;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)] lg:items-center">
      <div className="flex flex-col items-center gap-3">
        <div className="aspect-square w-full max-w-[15rem] sm:max-w-[17rem]">
          <RouletteWheel pocket={round ? Number(round.outcome.pocket) : null} spin={spin} settled={shown !== null} />
        </div>
        <div role="status" aria-live="polite" className="min-h-14 text-center" data-testid="round-result">
          {shown && pocket !== null ? (
            <>
              <p className="text-lg font-bold">
                <span
                  className={`mr-2 inline-flex h-8 min-w-8 items-center justify-center rounded-full px-2 ${pocketColour(pocket) === 'red' ? 'bg-[#b3262b]' : pocketColour(pocket) === 'green' ? 'bg-felt-500' : 'bg-night-950 ring-1 ring-night-600'}`}
                >
                  {pocket}
                </span>
                {pocketColour(pocket) === 'green' ? 'Zero' : pocketColour(pocket) === 'red' ? 'Red' : 'Black'}
              </p>
              <p className={result?.kind === 'win' ? 'font-semibold text-gold-300' : 'text-mist-300'}>{result?.text}</p>
            </>
          ) : spinning ? (
            <p className="text-mist-300">No more bets…</p>
          ) : (
            <p className="text-mist-400">Pick a chip and place it on a number, or on the line or corner between numbers to cover them all.</p>
          )}
        </div>
      </div>
      <div className="min-w-0">
        <RouletteTable stacks={stacks} winning={pocket} disabled={spinning} onPlace={place} />
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <div role="radiogroup" aria-label="Chip value" className="flex gap-1.5">
            {chipValues.map((value, i) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={value === chipValue}
                aria-label={`Chip ${money(value)}`}
                onClick={() => setChipValue(value)}
                className={`flex h-10 w-10 items-center justify-center rounded-full border-[3px] border-dashed text-xs font-extrabold text-night-950 transition-transform ${value === chipValue ? '-translate-y-1 border-white shadow-glow' : 'border-white/60 opacity-80'}`}
                style={{ background: CHIP_COLOURS[i] }}
              >
                {chipFace(value)}
              </button>
            ))}
          </div>
          <div className="ml-auto flex gap-2">
            <Button variant="ghost" disabled={spinning || chips.length === 0} onClick={() => setChips((list) => list.slice(0, -1))}>
              Undo
            </Button>
            <Button variant="ghost" disabled={spinning || chips.length === 0} onClick={() => setChips([])}>
              Clear
            </Button>
          </div>
        </div>
        <div className="mt-3 flex items-center justify-between gap-3">
          <p className="text-sm text-mist-300">
            Total bet{' '}
            <strong className="text-mist-100" data-testid="total-bet">
              {money(total)}
            </strong>
          </p>
          <Button busy={spinning} disabled={chips.length === 0 || total < game.limits.min_stake} onClick={() => void spinWheel()} className="min-w-32">
            Spin
          </Button>
        </div>
      </div>
    </div>
  );
}
