import type { CSSProperties } from 'react';
import { chipFace } from './money.ts';
import { insideTargets, type InsideTarget, pocketColour, spotKey, spotLabel, type OutsideType, type Spot } from './roulette-spots.ts';

type Orientation = 'across' | 'down';
type Cell = { spot: Spot; text: string; tone: 'red' | 'black' | 'green' | 'plain'; place: Record<Orientation, CSSProperties> };

const area = (row: number, column: number, rows = 1, columns = 1): CSSProperties => ({
  gridRow: `${row} / span ${rows}`,
  gridColumn: `${column} / span ${columns}`,
});
const OUTSIDE: { type: OutsideType; text: string }[] = [
  { type: 'low', text: '1–18' },
  { type: 'even', text: 'Even' },
  { type: 'red', text: 'Red' },
  { type: 'black', text: 'Black' },
  { type: 'odd', text: 'Odd' },
  { type: 'high', text: '19–36' },
];

/**
 * The standard single-zero layout, drawn across (zero on the left, columns of three) on wide screens and down
 * (zero on top, rows of three, outside bets beside) on phones, where thirteen columns would not fit a thumb.
 */
const CELLS: Cell[] = [
  { spot: { type: 'straight', numbers: [0] }, text: '0', tone: 'green', place: { across: area(1, 1, 3), down: area(1, 3, 1, 3) } },
  ...Array.from({ length: 36 }, (_, i): Cell => {
    const n = i + 1;
    const column = (n - 1) % 3;
    const row = Math.ceil(n / 3);
    return {
      spot: { type: 'straight', numbers: [n] },
      text: String(n),
      tone: pocketColour(n) as 'red' | 'black',
      place: { across: area(3 - column, row + 1), down: area(row + 1, 3 + column) },
    };
  }),
  ...([1, 2, 3] as const).map(
    (index): Cell => ({
      spot: { type: 'column', index },
      text: '2:1',
      tone: 'plain',
      place: { across: area(4 - index, 14), down: area(14, 2 + index) },
    }),
  ),
  ...([1, 2, 3] as const).map(
    (index): Cell => ({
      spot: { type: 'dozen', index },
      text: ['1st 12', '2nd 12', '3rd 12'][index - 1]!,
      tone: 'plain',
      place: { across: area(4, 2 + 4 * (index - 1), 1, 4), down: area(2 + 4 * (index - 1), 2, 4) },
    }),
  ),
  ...OUTSIDE.map(
    ({ type, text }, i): Cell => ({
      spot: { type },
      text,
      tone: type === 'red' ? 'red' : type === 'black' ? 'black' : 'plain',
      place: { across: area(5, 2 + 2 * i, 1, 2), down: area(2 + 2 * i, 1, 2) },
    }),
  ),
];

// The table's corners that hold no bet, painted as felt so the grid's lines do not show through.
const CORNERS: Record<Orientation, CSSProperties[]> = {
  across: [area(4, 1, 2), area(4, 14, 2)],
  down: [area(1, 1, 1, 2), area(14, 1, 1, 2)],
};

const TONES = {
  red: 'bg-[#b3262b] text-white',
  black: 'bg-night-950 text-white',
  green: 'bg-felt-500 text-white',
  plain: 'bg-[#0f5c3f] text-mist-100 hover:bg-[#177a55]',
} as const;

/**
 * A cell's accessible name holds its visible text (WCAG 2.5.3, issue 34 §6): "Column 1, 2:1", "Dozen 1 to 12, 1st 12",
 * "Low 1–18"; the numbers and the even-money boxes already say what they show.
 */
export function cellName(cell: { spot: Spot; text: string }): string {
  if (cell.spot.type === 'low' || cell.spot.type === 'high') return `${cell.spot.type === 'low' ? 'Low' : 'High'} ${cell.text}`;
  const label = spotLabel(cell.spot);
  return label.includes(cell.text) ? label : `${label}, ${cell.text}`;
}

/** Every cell of the table with its visible text (for the names' test). */
export const TABLE_CELLS: readonly { spot: Spot; text: string }[] = CELLS;

type TableProps = {
  stacks: Map<string, number>;
  winning: number | null;
  disabled: boolean;
  onPlace: (spot: Spot) => void;
};

export function RouletteTable(props: TableProps) {
  return (
    <div className="rounded-card border-4 border-[#5a3b1a] bg-[#0f5c3f] p-2 shadow-inner sm:p-3">
      <Grid orientation="down" {...props} />
      <Grid orientation="across" {...props} />
    </div>
  );
}

function Grid({ orientation, stacks, winning, disabled, onPlace }: TableProps & { orientation: Orientation }) {
  const layout =
    orientation === 'across'
      ? 'hidden md:grid grid-cols-[1.2fr_repeat(12,minmax(0,1fr))_1.2fr] grid-rows-[repeat(3,3rem)_2.5rem_2.5rem]'
      : 'grid md:hidden grid-cols-[3.25rem_3.25rem_repeat(3,minmax(0,1fr))] grid-rows-[2.75rem_repeat(12,2.75rem)_2.5rem]';
  return (
    <div className={`${layout} gap-px bg-white/30 p-px`} role="group" aria-label="Betting table">
      {CORNERS[orientation].map((place, i) => (
        <div key={i} aria-hidden="true" style={place} className="bg-[#0f5c3f]" />
      ))}
      {CELLS.map((cell) => {
        const key = spotKey(cell.spot);
        const stake = stacks.get(key);
        const isWinner = winning !== null && cell.spot.type === 'straight' && cell.spot.numbers[0] === winning;
        // Dozens and even-money boxes run down the side on phones: their words turn with them.
        const sideways = orientation === 'down' && !('numbers' in cell.spot) && cell.spot.type !== 'column';
        return (
          <button
            key={key}
            type="button"
            style={cell.place[orientation]}
            disabled={disabled}
            onClick={() => onPlace(cell.spot)}
            aria-label={`${cellName(cell)}${stake ? `, ${chipFace(stake)} on it` : ''}`}
            className={`relative flex items-center justify-center text-sm font-bold transition-colors hover:brightness-125 disabled:cursor-not-allowed ${TONES[cell.tone]} ${isWinner ? 'z-10 ring-4 ring-gold-300' : ''}`}
          >
            <span className={sideways ? '-rotate-90 whitespace-nowrap text-xs' : ''}>{cell.text}</span>
            {stake ? <ChipMark amount={stake} className="right-0.5 top-0.5" /> : null}
          </button>
        );
      })}
      <div style={NUMBERS[orientation]} className="pointer-events-none relative">
        {TARGETS.map((target) => {
          const key = spotKey(target.spot);
          const stake = stacks.get(key);
          return (
            <button
              key={key}
              type="button"
              style={targetPlace(target, orientation)}
              disabled={disabled}
              onClick={() => onPlace(target.spot)}
              aria-label={`${spotLabel(target.spot)}${stake ? `, ${chipFace(stake)} on it` : ''}`}
              title={spotLabel(target.spot)}
              data-bet={key}
              className="group pointer-events-auto absolute z-10 flex items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-gold-300 disabled:cursor-not-allowed"
            >
              <span
                aria-hidden="true"
                className={`rounded-full bg-gold-300 transition-opacity ${target.along === 'point' ? 'h-2.5 w-2.5' : target.along === (orientation === 'down' ? 'u' : 'v') ? 'h-3/4 w-1' : 'h-1 w-3/4'} opacity-0 group-hover:opacity-90 group-focus-visible:opacity-90`}
              />
              {stake ? <ChipMark amount={stake} className="inset-0 m-auto" /> : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}

const TARGETS = insideTargets();

/** The numbers 1–36 on the grid: the inside bets' layer lies over them (zero's edge is its top or left side). */
const NUMBERS: Record<Orientation, CSSProperties> = { across: area(1, 2, 3, 12), down: area(2, 3, 12, 3) };

/** Hit areas on the lines are this thick and corners this wide (at least 24 px, a thumb's target, WCAG 2.5.8). */
const LINE_PX = 24;

/**
 * A target's box over the numbers: down, u runs top to bottom over twelve rows and v left to right over three
 * columns; across, u runs left to right and v bottom to top. A line piece covers the middle half of its cell side.
 */
function targetPlace({ u, v, along }: InsideTarget, orientation: Orientation): CSSProperties {
  const x = orientation === 'down' ? (v / 3) * 100 : (u / 12) * 100;
  const y = orientation === 'down' ? (u / 12) * 100 : ((3 - v) / 3) * 100;
  // Which screen axis the piece of line runs along.
  const horizontal = orientation === 'down' ? along === 'v' : along === 'u';
  // Half a cell side: a cell is a twelfth of the numbers along u and a third across them.
  const length = along === 'u' ? 100 / 24 : 100 / 6;
  const width = along === 'point' || !horizontal ? `${LINE_PX}px` : `${length}%`;
  const height = along === 'point' || horizontal ? `${LINE_PX}px` : `${length}%`;
  return { left: `calc(${x}% - ${width} / 2)`, top: `calc(${y}% - ${height} / 2)`, width, height };
}

function ChipMark({ amount, className }: { amount: number; className: string }) {
  return (
    <span
      aria-hidden="true"
      className={`pointer-events-none absolute flex h-5 min-w-5 items-center justify-center rounded-full border-2 border-dashed border-white bg-gold-500 px-0.5 text-[0.55rem] font-extrabold leading-none text-night-950 shadow-[0_2px_4px_rgb(0_0_0/0.6)] ${className}`}
    >
      {chipFace(amount)}
    </span>
  );
}
