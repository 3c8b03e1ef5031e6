import { useEffect, useMemo, useRef, useState } from 'react';
import type { GameDetail } from '../../../../contract/games.ts';
import type { PlayedRound } from '../rounds.ts';
import { PLINKO_RISKS, PLINKO_TABLES, type PlinkoRisk } from '../../../../games/plinko/plinko.ts';
import { Button } from '../../../components/ui/button.tsx';
import { outcomeOf } from './round-outcome.ts';
import { describeRoundResult } from '../../../../contract/round-result.ts';
import { formatStake } from './money.ts';
import { StakePicker } from './stake-picker.tsx';
import { nearestStake, stakeLadder } from './stakes.ts';
import type { PlaySession } from './use-play-session.ts';

// Plinko (docs/decisions/0070-originals.md): the ball falls along exactly the path the server drew, one row per
// step, into the bucket the round paid.

const STEP_MS = 110;
const WIDTH = 600;

function bucketColour(hundredths: number): string {
  if (hundredths >= 1_000) return '#e5484d';
  if (hundredths >= 300) return '#f76b15';
  if (hundredths >= 150) return '#ffc53d';
  if (hundredths >= 100) return '#30a46c';
  return '#3e63dd';
}

/** A bucket's label fits its width: about 0.6 em per character. */
function labelSize(gap: number, hundredths: number): number {
  const characters = (hundredths / 100).toString().length;
  return Math.min(gap * 0.3, 15, (gap * 0.84) / (0.6 * characters));
}

export function PlinkoGame({ game, session }: { game: GameDetail; session: PlaySession }) {
  const ladder = useMemo(() => stakeLadder(game.limits), [game.limits]);
  const [stake, setStake] = useState(() => nearestStake(ladder, 1_00));
  const [rows, setRows] = useState(12);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [round, setRound] = useState<PlayedRound | null>(null);
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const money = (minor: number) => formatStake(minor, session.currency);
  const outcome = round ? outcomeOf(round, 'plinko') : null;
  const shownRows = outcome?.rows ?? rows;
  const table = PLINKO_TABLES[outcome?.risk ?? risk][shownRows]!;
  const landed = outcome !== null && step >= outcome.rows;

  useEffect(() => () => clearInterval(timer.current), []);

  async function drop() {
    setBusy(true);
    const played = await session.play({ stake, rows, risk }, stake);
    if (!played) {
      setBusy(false);
      return;
    }
    setRound(played);
    setStep(0);
    const path = outcomeOf(played, 'plinko').path;
    clearInterval(timer.current);
    timer.current = setInterval(() => {
      setStep((at) => {
        const next = at + 1;
        if (next >= path.length) {
          clearInterval(timer.current);
          session.reveal(played);
          setBusy(false);
        }
        return next;
      });
    }, STEP_MS);
  }

  // Pegs: row r (0-based) has r + 3 pegs; the ball after k rights at row r sits between pegs k and k + 1.
  const gap = WIDTH / (shownRows + 3);
  const height = (shownRows + 1.6) * gap;
  const pegX = (row: number, peg: number) => WIDTH / 2 + (peg - (row + 2) / 2) * gap;
  const ball = (() => {
    if (!outcome) return null;
    const taken = outcome.path.slice(0, Math.min(step, outcome.rows));
    const rights = taken.filter((d) => d === 'R').length;
    const row = taken.length;
    return { x: WIDTH / 2 + (rights - row / 2) * gap, y: (row + 0.5) * gap };
  })();

  return (
    <div className="mx-auto w-full max-w-3xl rounded-3xl border border-night-600 bg-[radial-gradient(120%_90%_at_50%_0%,#2a1d4a,#0a0d18)] p-3 sm:p-6">
      <svg viewBox={`0 0 ${WIDTH} ${height + gap}`} className="w-full" role="img" aria-label={`Plinko board, ${shownRows} rows`}>
        {Array.from({ length: shownRows }, (_, row) =>
          Array.from({ length: row + 3 }, (_, peg) => <circle key={`${row}-${peg}`} cx={pegX(row, peg)} cy={(row + 1) * gap} r={gap * 0.09} fill="#c9cfe4" />),
        )}
        {table.map((m, k) => {
          const x = pegX(shownRows - 1, k + 0.5) - gap * 0.46;
          const hit = landed && outcome?.bucket === k;
          return (
            <g key={k} transform={`translate(${x} ${shownRows * gap + gap * 0.4})`}>
              <rect
                width={gap * 0.92}
                height={gap * 0.8}
                rx={gap * 0.14}
                fill={bucketColour(m)}
                opacity={hit ? 1 : 0.75}
                stroke={hit ? '#fff' : 'none'}
                strokeWidth={3}
              />
              {/* On a phone these would be a few pixels high: the strip below the board says them instead. */}
              <text x={gap * 0.46} y={gap * 0.52} textAnchor="middle" fontSize={labelSize(gap, m)} fontWeight="700" fill="#0a0d18" className="max-sm:hidden">
                {(m / 100).toString()}
              </text>
            </g>
          );
        })}
        {ball ? (
          <circle
            cx={ball.x}
            cy={ball.y}
            r={gap * 0.22}
            fill="#ffd166"
            stroke="#fff"
            strokeWidth={2}
            style={{ transition: `cx ${STEP_MS}ms linear, cy ${STEP_MS}ms linear` }}
            data-testid="plinko-ball"
          />
        ) : null}
      </svg>
      {/*
        Phones (issue 34 §6): the multipliers in a strip under the buckets, one column per bucket and aligned with it,
        written upwards at a readable 12 px however many rows there are.
      */}
      <ol
        aria-label="Multipliers, left to right"
        className="grid gap-px sm:hidden"
        // Percentages of the board's width, as the drawing's units are: the strip's columns sit under the buckets, and it
        // moves up over the empty band below them.
        style={{
          gridTemplateColumns: `repeat(${table.length}, minmax(0, 1fr))`,
          paddingInline: `${(gap / WIDTH) * 100}%`,
          marginTop: `-${((gap * 1.25) / WIDTH) * 100}%`,
        }}
        data-testid="plinko-multipliers"
      >
        {table.map((m, k) => {
          const hit = landed && outcome?.bucket === k;
          return (
            <li
              key={k}
              // Dark on the warm colours, white on the blue of the buckets under 1× (each at least 4.5:1).
              className={`flex min-h-12 items-center justify-center rounded-sm py-1 text-xs font-bold ${m < 100 ? 'text-white' : 'text-night-950'} ${hit ? 'ring-2 ring-white' : ''}`}
              style={{ backgroundColor: bucketColour(m) }}
            >
              <span className="rotate-180 whitespace-nowrap [writing-mode:vertical-rl]">{`${(m / 100).toString()}×`}</span>
            </li>
          );
        })}
      </ol>
      <div role="status" aria-live="polite" className="min-h-7 text-center" data-testid="round-result">
        {round && outcome && landed ? (
          <p className={`text-lg font-bold ${round.win >= round.stake ? 'text-gold-300' : 'text-mist-100'}`}>
            {outcome.multiplier}× · {describeRoundResult({ stake: round.stake, win: round.win }, money).text}
          </p>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-center gap-3">
        <label className="flex items-center gap-2 text-sm text-mist-300">
          Rows
          <select
            value={rows}
            disabled={busy}
            onChange={(event) => setRows(Number(event.target.value))}
            className="rounded-md border border-night-600 bg-night-850 px-2 py-2 text-mist-100"
            data-testid="plinko-rows"
          >
            {Array.from({ length: 9 }, (_, i) => i + 8).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label="Risk" className="flex rounded-lg border border-night-600 p-0.5">
          {PLINKO_RISKS.map((level) => (
            <button
              key={level}
              type="button"
              aria-pressed={risk === level}
              disabled={busy}
              onClick={() => setRisk(level)}
              className={`rounded-md px-3 py-2 text-sm font-semibold capitalize ${risk === level ? 'bg-gold-400 text-night-950' : 'text-mist-300'}`}
            >
              {level}
            </button>
          ))}
        </div>
        <StakePicker ladder={ladder} stake={stake} onChange={setStake} disabled={busy} format={money} />
        <Button busy={busy} onClick={() => void drop()} className="min-w-32">
          Drop ball
        </Button>
      </div>
    </div>
  );
}
