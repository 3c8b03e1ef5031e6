import { useMemo, useState } from 'react';
import type { GameDetail } from '../../../../contract/games.ts';
import type { PlayedRound } from '../rounds.ts';
import { Button } from '../../../components/ui/button.tsx';
import { outcomeOf } from './round-outcome.ts';
import { describeRoundResult } from '../../../../contract/round-result.ts';
import { formatStake } from './money.ts';
import { StakePicker } from './stake-picker.tsx';
import { nearestStake, stakeLadder } from './stakes.ts';
import type { PlaySession } from './use-play-session.ts';

// Dice (docs/decisions/0070-originals.md): a slider for the target, over or under, instant results (no spin time).

/** Win chance in hundredths of a percent for a target in hundredths. */
const chanceOf = (target: number, direction: 'over' | 'under') => (direction === 'over' ? 10_000 - target : target);
const clampTarget = (target: number, direction: 'over' | 'under') =>
  direction === 'over' ? Math.min(9_999, Math.max(200, target)) : Math.min(9_800, Math.max(1, target));

export function DiceGame({ game, session }: { game: GameDetail; session: PlaySession }) {
  const ladder = useMemo(() => stakeLadder(game.limits), [game.limits]);
  const [stake, setStake] = useState(() => nearestStake(ladder, 1_00));
  const [target, setTarget] = useState(5_050);
  const [direction, setDirection] = useState<'over' | 'under'>('over');
  const [round, setRound] = useState<PlayedRound | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (minor: number) => formatStake(minor, session.currency);
  const chance = chanceOf(target, direction);
  const multiplier = 9_900 / chance;
  const outcome = round ? outcomeOf(round, 'dice') : null;

  async function roll() {
    setBusy(true);
    const played = await session.play({ stake, target: target / 100, direction }, stake);
    setBusy(false);
    if (!played) return;
    setRound(played);
    session.reveal(played);
  }

  const flip = (next: 'over' | 'under') => {
    setDirection(next);
    // The same win chance on the other side: over 50.50 ↔ under 49.50.
    setTarget(clampTarget(10_000 - target, next));
  };

  return (
    <div className="mx-auto w-full max-w-3xl rounded-3xl border border-night-600 bg-[radial-gradient(120%_90%_at_50%_0%,#1d2b4a,#0a0d18)] p-4 sm:p-6">
      <div role="status" aria-live="polite" className="flex min-h-24 flex-col items-center justify-center" data-testid="round-result">
        {outcome ? (
          <>
            <p
              className={`font-display text-5xl font-bold tabular-nums sm:text-6xl ${outcome.won ? 'text-gold-300' : 'text-ruby-500'}`}
              data-testid="dice-roll"
            >
              {outcome.roll.toFixed(2)}
            </p>
            <p className="mt-1 text-sm text-mist-300">
              {outcome.won
                ? `${describeRoundResult({ stake: round!.stake, win: round!.win }, money).text} · ${outcome.multiplier.toFixed(4)}×`
                : `You lost ${money(round!.stake)}: the roll had to be ${outcome.direction} ${outcome.target.toFixed(2)}`}
            </p>
          </>
        ) : (
          <p className="text-mist-300">Set a target, pick over or under, and roll.</p>
        )}
      </div>
      <div className="relative mt-4 px-1">
        <div
          className="relative h-4 rounded-full"
          style={{
            background:
              direction === 'over'
                ? `linear-gradient(90deg,#e5484d ${target / 100}%,#30a46c ${target / 100}%)`
                : `linear-gradient(90deg,#30a46c ${target / 100}%,#e5484d ${target / 100}%)`,
          }}
        >
          {outcome ? (
            <span
              aria-hidden="true"
              className="absolute -top-7 -translate-x-1/2 rounded bg-night-950 px-1.5 py-0.5 text-xs font-bold text-mist-100 shadow"
              style={{ left: `${outcome.roll}%` }}
            >
              {outcome.roll.toFixed(2)}
            </span>
          ) : null}
        </div>
        <label className="sr-only" htmlFor="dice-target">
          Target
        </label>
        <input
          id="dice-target"
          type="range"
          min={direction === 'over' ? 200 : 1}
          max={direction === 'over' ? 9_999 : 9_800}
          step={1}
          value={target}
          disabled={busy}
          onChange={(event) => setTarget(clampTarget(Number(event.target.value), direction))}
          className="absolute inset-x-0 -top-1 h-6 w-full cursor-pointer opacity-0"
          data-testid="dice-slider"
        />
        <div className="mt-1 flex justify-between text-xs text-mist-400">
          <span>0</span>
          <span>25</span>
          <span>50</span>
          <span>75</span>
          <span>100</span>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        <div className="rounded-xl bg-night-850 p-2">
          <dt className="text-[0.6875rem] uppercase tracking-wide text-mist-400">Roll {direction}</dt>
          <dd>
            <input
              aria-label="Target"
              type="number"
              min={0.01}
              max={99.99}
              step={0.01}
              value={(target / 100).toFixed(2)}
              disabled={busy}
              onChange={(event) => {
                const value = Math.round(Number(event.target.value) * 100);
                if (Number.isFinite(value)) setTarget(clampTarget(value, direction));
              }}
              className="w-full bg-transparent text-center font-bold tabular-nums text-mist-100"
              data-testid="dice-target"
            />
          </dd>
        </div>
        <div className="rounded-xl bg-night-850 p-2">
          <dt className="text-[0.6875rem] uppercase tracking-wide text-mist-400">Win chance</dt>
          <dd className="font-bold tabular-nums text-mist-100" data-testid="dice-chance">
            {(chance / 100).toFixed(2)}%
          </dd>
        </div>
        <div className="rounded-xl bg-night-850 p-2">
          <dt className="text-[0.6875rem] uppercase tracking-wide text-mist-400">Multiplier</dt>
          <dd className="font-bold tabular-nums text-gold-300" data-testid="dice-multiplier">
            {multiplier.toFixed(4)}×
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap items-center justify-center gap-3">
        <div role="group" aria-label="Direction" className="flex rounded-lg border border-night-600 p-0.5">
          {(['under', 'over'] as const).map((side) => (
            <button
              key={side}
              type="button"
              aria-pressed={direction === side}
              disabled={busy}
              onClick={() => flip(side)}
              className={`rounded-md px-3 py-2 text-sm font-semibold ${direction === side ? 'bg-gold-400 text-night-950' : 'text-mist-300'}`}
            >
              Roll {side}
            </button>
          ))}
        </div>
        <StakePicker
          ladder={ladder}
          stake={stake}
          onChange={setStake}
          disabled={busy}
          format={money}
          note={`pays ${money(Math.floor((stake * 9_900) / chance))}`}
        />
        <Button busy={busy} onClick={() => void roll()} className="min-w-32">
          Roll
        </Button>
      </div>
    </div>
  );
}
