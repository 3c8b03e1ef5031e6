import type { CSSProperties } from 'react';
import { chipFace } from './money.ts';
import { pocketColour, spotKey, spotLabel, type OutsideType, type Spot } from './roulette-spots.ts';

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
      : 'grid md:hidden grid-cols-[3.25rem_3.25rem_repeat(3,minmax(0,1fr))] grid-rows-[2.5rem_repeat(12,2.25rem)_2.5rem]';
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
            aria-label={`${spotLabel(cell.spot)}${stake ? `, ${chipFace(stake)} on it` : ''}`}
            className={`relative flex items-center justify-center text-sm font-bold transition-colors hover:brightness-125 disabled:cursor-not-allowed ${TONES[cell.tone]} ${isWinner ? 'z-10 ring-4 ring-gold-300' : ''}`}
          >
            <span className={sideways ? '-rotate-90 whitespace-nowrap text-xs' : ''}>{cell.text}</span>
            {stake ? <ChipMark amount={stake} /> : null}
          </button>
        );
      })}
    </div>
  );
}

function ChipMark({ amount }: { amount: number }) {
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 m-auto flex h-7 w-7 items-center justify-center rounded-full border-2 border-dashed border-white bg-gold-500 text-[0.625rem] font-extrabold text-night-950 shadow-[0_2px_4px_rgb(0_0_0/0.6)]"
    >
      {chipFace(amount)}
    </span>
  );
}
