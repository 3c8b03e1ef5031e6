import { useEffect, useRef } from 'react';
import { SlotSymbol, type SymbolArt } from './slot-symbol.tsx';

export type ReelState = { symbols: string[]; spinning: boolean };

type ReelsProps = {
  reels: ReelState[];
  art: Map<string, { art: SymbolArt; index: number }>;
  /** `${reel}:${row}` of the cells on winning lines. */
  winning: Set<string>;
};

/** Five reels of three rows; a spinning reel runs a blurred strip until its stop arrives, then lands with a bounce. */
export function SlotReels({ reels, art, winning }: ReelsProps) {
  const order = [...art.keys()];
  return (
    <div className="grid grid-cols-5 gap-1.5 sm:gap-2" role="group" aria-label="Reels">
      {reels.map((reel, i) => (
        <Reel key={i} reel={reel} index={i} art={art} strip={order} winning={winning} />
      ))}
    </div>
  );
}

function Reel({ reel, index, art, strip, winning }: { reel: ReelState; index: number; art: ReelsProps['art']; strip: string[]; winning: Set<string> }) {
  const spinner = useRef<HTMLDivElement>(null);
  const window_ = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = reel.spinning ? spinner.current : window_.current;
    if (!element || typeof element.animate !== 'function') return;
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
