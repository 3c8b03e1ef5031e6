import { type ReactNode, useId } from 'react';
import { SYMBOL_DRAWINGS } from './slot-art.tsx';

export type SymbolArt = { symbol: string; name: string; kind: 'pay' | 'wild' | 'scatter'; colour: string };

// Pay symbols get a gem outline each, in paytable order (cheapest first), so a title's own colours and names
// make its set distinct while the shapes stay easy to tell apart at a glance.
const GEMS = [
  'M50 16 L84 50 L50 84 L16 50 Z',
  'M50 14 A36 36 0 1 1 49.9 14 Z',
  'M50 14 L86 80 L14 80 Z',
  'M30 16 H70 L86 50 L70 84 H30 L14 50 Z',
  'M50 12 L62 38 L90 40 L68 58 L76 86 L50 70 L24 86 L32 58 L10 40 L38 38 Z',
  'M50 86 C20 64 12 46 22 30 C32 16 46 20 50 32 C54 20 68 16 78 30 C88 46 80 64 50 86 Z',
  'M24 18 H76 L88 38 L50 88 L12 38 Z',
  'M50 12 C70 30 84 44 84 60 A34 26 0 0 1 16 60 C16 44 30 30 50 12 Z',
];

/**
 * One reel cell's art: the title's own drawing of the symbol (slot-art.tsx) on a plate tinted with its colour, the
 * wild and the scatter framed and ribboned; a symbol without a drawing gets a gem outline and its initial.
 */
export function SlotSymbol({ art, index }: { art: SymbolArt; index: number }) {
  const id = useId().replace(/:/g, '');
  const draw = SYMBOL_DRAWINGS[art.symbol];
  if (draw) return <DrawnSymbol art={art} id={id} drawing={draw(id)} />;
  const initial = art.name
    .replace(/^the\s+/i, '')
    .charAt(0)
    .toUpperCase();
  return (
    <svg viewBox="0 0 100 100" className="h-full w-full" role="img" aria-label={art.name}>
      <defs>
        <radialGradient id={`${id}-g`} cx="40%" cy="35%" r="70%">
          <stop offset="0%" stopColor="#ffffff" stopOpacity="0.85" />
          <stop offset="35%" stopColor={art.colour} />
          <stop offset="100%" stopColor={art.colour} stopOpacity="0.55" />
        </radialGradient>
      </defs>
      {art.kind === 'wild' ? (
        <>
          <path d="M50 6 L61 36 L94 38 L68 58 L78 92 L50 72 L22 92 L32 58 L6 38 L39 36 Z" fill={`url(#${id}-g)`} stroke="#fff7d6" strokeWidth="3" />
          <text x="50" y="60" textAnchor="middle" fontSize="17" fontWeight="900" fill="#1a1205" letterSpacing="1">
            WILD
          </text>
        </>
      ) : art.kind === 'scatter' ? (
        <>
          {Array.from({ length: 12 }, (_, i) => (
            <rect key={i} x="48" y="4" width="4" height="18" rx="2" fill={art.colour} opacity="0.8" transform={`rotate(${i * 30} 50 50)`} />
          ))}
          <circle cx="50" cy="50" r="28" fill={`url(#${id}-g)`} stroke="#ffffff" strokeWidth="3" />
          <text x="50" y="56" textAnchor="middle" fontSize="15" fontWeight="900" fill="#ffffff" stroke="#000" strokeWidth="0.6">
            FREE
          </text>
        </>
      ) : (
        <>
          <path d={GEMS[index % GEMS.length]} fill={`url(#${id}-g)`} stroke="#ffffff" strokeOpacity="0.7" strokeWidth="3" strokeLinejoin="round" />
          <text x="50" y="60" textAnchor="middle" fontSize="26" fontWeight="800" fill="#ffffff" stroke="#000" strokeOpacity="0.5" strokeWidth="1">
            {initial}
          </text>
        </>
      )}
    </svg>
  );
}

function DrawnSymbol({ art, id, drawing }: { art: SymbolArt; id: string; drawing: ReactNode }) {
  const special = art.kind !== 'pay';
  return (
    <svg viewBox="0 0 100 100" className="h-full w-full" role="img" aria-label={art.name} data-kind={art.kind}>
      <defs>
        <radialGradient id={`${id}-plate`} cx="50%" cy="45%" r="60%">
          <stop offset="0%" stopColor={art.colour} stopOpacity="0.38" />
          <stop offset="100%" stopColor={art.colour} stopOpacity="0.04" />
        </radialGradient>
        <radialGradient id={`${id}-shine`} cx="40%" cy="35%" r="70%">
          <stop offset="0%" stopColor="#ffffff" />
          <stop offset="45%" stopColor={art.colour} />
          <stop offset="100%" stopColor={art.colour} stopOpacity="0.7" />
        </radialGradient>
      </defs>
      <rect x="2" y="2" width="96" height="96" rx="14" fill={`url(#${id}-plate)`} />
      {special ? (
        <rect
          x="3"
          y="3"
          width="94"
          height="94"
          rx="13"
          fill="none"
          stroke={art.kind === 'wild' ? '#f7c14b' : '#7fe3ff'}
          strokeWidth="3"
          strokeDasharray={art.kind === 'scatter' ? '8 5' : undefined}
        />
      ) : null}
      <g transform={special ? 'translate(10 2) scale(0.8)' : 'translate(4 4) scale(0.92)'}>{drawing}</g>
      {special ? (
        <g>
          <path d="M8 78 H92 L86 87 L92 96 H8 L14 87 Z" fill={art.kind === 'wild' ? '#f7c14b' : '#1a6f8a'} stroke="#ffffff" strokeWidth="1.5" />
          <text
            x="50"
            y="91"
            textAnchor="middle"
            fontSize="12"
            fontWeight="900"
            letterSpacing="1.5"
            fill={art.kind === 'wild' ? '#1a1205' : '#ffffff'}
            fontFamily="system-ui, sans-serif"
          >
            {art.kind === 'wild' ? 'WILD' : 'SCATTER'}
          </text>
        </g>
      ) : null}
    </svg>
  );
}
