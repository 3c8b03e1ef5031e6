import { useEffect, useRef } from 'react';

const SUITS = {
  c: { glyph: '♣', name: 'clubs', red: false },
  d: { glyph: '♦', name: 'diamonds', red: true },
  h: { glyph: '♥', name: 'hearts', red: true },
  s: { glyph: '♠', name: 'spades', red: false },
} as const;
const RANKS: Record<string, string> = { A: 'A', T: '10', J: 'J', Q: 'Q', K: 'K' };
const RANK_NAMES: Record<string, string> = { A: 'Ace', T: '10', J: 'Jack', Q: 'Queen', K: 'King' };

/** "Th" → 10 of hearts, face up; null is a card face down. Each card slides in from the shoe when dealt. */
export function PlayingCard({ card, order }: { card: string | null; order: number }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    element.current?.animate?.(
      [
        { transform: 'translate(40vw, -30vh) rotate(-20deg)', opacity: 0 },
        { transform: 'none', opacity: 1 },
      ],
      {
        duration: 380,
        delay: order * 120,
        easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)',
        fill: 'backwards',
      },
    );
  }, [order]);
  const frame = 'relative h-[5.25rem] w-[3.75rem] shrink-0 rounded-lg shadow-[0_6px_14px_rgb(0_0_0/0.5)] sm:h-28 sm:w-20';
  if (card === null) {
    return (
      <div
        ref={element}
        role="img"
        aria-label="Face-down card"
        className={`${frame} border-2 border-white bg-[repeating-linear-gradient(45deg,#c98a0f_0_6px,#0b0e17_6px_12px)]`}
      />
    );
  }
  const rank = card.slice(0, -1);
  const suit = SUITS[card.slice(-1) as keyof typeof SUITS];
  const face = RANKS[rank] ?? rank;
  return (
    <div
      ref={element}
      role="img"
      aria-label={`${RANK_NAMES[rank] ?? rank} of ${suit.name}`}
      className={`${frame} bg-[#fbfaf6] ${suit.red ? 'text-[#c4232a]' : 'text-night-950'}`}
    >
      <span className="absolute left-1.5 top-1 text-sm font-bold leading-none sm:text-base">
        {face}
        <br />
        {suit.glyph}
      </span>
      <span className="absolute inset-0 flex items-center justify-center text-3xl sm:text-4xl" aria-hidden="true">
        {suit.glyph}
      </span>
      <span className="absolute bottom-1 right-1.5 rotate-180 text-sm font-bold leading-none sm:text-base" aria-hidden="true">
        {face}
        <br />
        {suit.glyph}
      </span>
    </div>
  );
}
