import { useEffect, useRef } from 'react';
import { SlotSymbol, type SymbolArt } from './slot-symbol.tsx';

export type ReelState = { symbols: string[]; spinning: boolean };

type ReelsProps = {
  reels: ReelState[];
  art: Map<string, { art: SymbolArt; index: number }>;
  /** `${reel}:${row}` of the cells on winning lines. */
  winning: Set<string>;
  /** The spin's winning lines: the line's row on each reel and how many reels, from the left, it won on. */
  lines?: { line: number; rows: readonly number[]; count: number }[];
};

const LINE_COLOURS = ['#f7c14b', '#7fe3ff', '#ff8fa3', '#a6f08a', '#c9a7ff'];

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Five reels of three rows; a spinning reel runs a blurred strip until its stop arrives, then lands with a bounce. */
export function SlotReels({ reels, art, winning, lines = [] }: ReelsProps) {
  const order = [...art.keys()];
  return (
    <div className="relative">
      <div className="grid grid-cols-5 gap-1.5 sm:gap-2" role="group" aria-label="Reels">
        {reels.map((reel, i) => (
          <Reel key={i} reel={reel} index={i} art={art} strip={order} winning={winning} />
        ))}
      </div>
      {lines.length ? <WinLines lines={lines} /> : null}
    </div>
  );
}

/**
 * The winning lines drawn across the reels, each through its winning cells and on, fainter, to the last reel. They
 * flash in one after another, then keep pulsing; with reduced motion they are simply there.
 */
function WinLines({ lines }: { lines: NonNullable<ReelsProps['lines']> }) {
  const group = useRef<SVGGElement>(null);
  useEffect(() => {
    const paths = [...(group.current?.querySelectorAll<SVGPathElement>('[data-draw]') ?? [])];
    if (reducedMotion() || !paths.every((path) => typeof path.animate === 'function')) return;
    const animations = paths.flatMap((path, i) => [
      path.animate([{ opacity: 0, strokeWidth: '14px' }, { opacity: 1 }], { duration: 450, delay: i * 350, fill: 'backwards', easing: 'ease-out' }),
      path.animate([{ opacity: 1 }, { opacity: 0.5 }, { opacity: 1 }], { duration: 1400, delay: 450 + i * 350, iterations: Infinity }),
    ]);
    return () => animations.forEach((animation) => animation.cancel());
  }, [lines]);
  const point = (reel: number, row: number) => `${reel * 20 + 10} ${row * 33.33 + 16.67}`;
  return (
    <svg viewBox="0 0 100 100" preserveAspectRatio="none" className="pointer-events-none absolute inset-0 h-full w-full" aria-hidden="true">
      <g ref={group}>
        {lines.map(({ line, rows, count }, i) => {
          const colour = LINE_COLOURS[i % LINE_COLOURS.length];
          const won = rows.slice(0, count).map((row, reel) => point(reel, row));
          const all = rows.map((row, reel) => point(reel, row));
          return (
            <g key={line} data-testid="win-line" data-line={line}>
              <path d={`M${all.join(' L')}`} stroke={colour} strokeOpacity="0.3" strokeWidth="2" fill="none" vectorEffect="non-scaling-stroke" />
              <path
                data-draw
                d={`M${won.join(' L')}`}
                stroke={colour}
                strokeWidth="6"
                strokeLinecap="round"
                strokeLinejoin="round"
                fill="none"
                vectorEffect="non-scaling-stroke"
                style={{ filter: `drop-shadow(0 0 4px ${colour})` }}
              />
            </g>
          );
        })}
      </g>
    </svg>
  );
}

function Reel({ reel, index, art, strip, winning }: { reel: ReelState; index: number; art: ReelsProps['art']; strip: string[]; winning: Set<string> }) {
  const spinner = useRef<HTMLDivElement>(null);
  const window_ = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = reel.spinning ? spinner.current : window_.current;
    if (!element || typeof element.animate !== 'function') return;
    // With reduced motion the reels still blur while spinning (the wait must show) but land without a bounce.
    if (!reel.spinning && reducedMotion()) return;
    const animation = reel.spinning
      ? element.animate([{ transform: 'translateY(-50%)' }, { transform: 'translateY(0)' }], { duration: 260 + index * 20, iterations: Infinity })
      : element.animate([{ transform: 'translateY(-18%)' }, { transform: 'translateY(4%)', offset: 0.7 }, { transform: 'translateY(0)' }], {
          duration: 260,
          easing: 'ease-out',
        });
    return () => animation.cancel();
  }, [reel.spinning, index]);
  // Twice the title's symbols, shifted per reel, so the loop from -50% to 0 is seamless and reels differ.
  const blur = [...strip.slice(index), ...strip.slice(0, index)];
  return (
    <div className="relative aspect-[1/3] overflow-hidden rounded-lg border border-white/10 bg-gradient-to-b from-night-950 via-night-850 to-night-950 shadow-inner">
      {reel.spinning ? (
        <div ref={spinner} className="absolute inset-x-0 top-0 blur-[1.5px]" aria-hidden="true">
          {[...blur, ...blur].map((symbol, i) => (
            <div key={i} className="aspect-square p-1.5">
              <SlotSymbol art={art.get(symbol)!.art} index={art.get(symbol)!.index} />
            </div>
          ))}
        </div>
      ) : (
        <div ref={window_} className="flex h-full flex-col">
          {reel.symbols.map((symbol, row) => {
            const entry = art.get(symbol);
            const hit = winning.has(`${index}:${row}`);
            return (
              <div
                key={row}
                data-symbol={symbol}
                data-hit={hit || undefined}
                className={`aspect-square p-1 sm:p-1.5 ${hit ? 'rounded-md bg-gold-400/25 ring-2 ring-gold-300 ring-inset' : winning.size ? 'opacity-45' : ''}`}
              >
                {entry ? <SlotSymbol art={entry.art} index={entry.index} /> : null}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
