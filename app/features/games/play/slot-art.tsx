import type { ReactNode } from 'react';

// Drawn symbols for the three slot titles, our own art on a 100 × 100 board, matching each title's tile
// (public/games/*.svg): Lantern Orchard's night market, Clockwork Comet's brass observatory, Tidebound Hoard's
// wreck. Every symbol differs from its neighbours in outline and in colour, so none needs a letter; the wild and
// the scatter also carry a ribbon saying what they do. `g` is the id prefix of the cell's shine gradient.

type Draw = (g: string) => ReactNode;

const shine = (g: string) => `url(#${g}-shine)`;

/** The glossy highlight every fruit and gem gets, as a soft ellipse. */
const Gloss = ({ cx, cy, rx, ry }: { cx: number; cy: number; rx: number; ry: number }) => (
  <ellipse cx={cx} cy={cy} rx={rx} ry={ry} fill="#ffffff" opacity="0.35" />
);

const LANTERN_ORCHARD: Record<string, Draw> = {
  plum: () => (
    <>
      <path d="M50 30 C52 22 56 16 62 12" stroke="#4a2a14" strokeWidth="4" fill="none" strokeLinecap="round" />
      <path d="M56 22 C66 10 82 12 86 18 C78 28 64 28 56 22 Z" fill="#3f8f3a" />
      <circle cx="48" cy="58" r="30" fill="#7b2d5c" stroke="#c77aa6" strokeWidth="2" />
      <path d="M48 30 C40 46 40 70 48 88" stroke="#5a1d43" strokeWidth="3" fill="none" />
      <Gloss cx={36} cy={46} rx={7} ry={10} />
    </>
  ),
  pear: () => (
    <>
      <path d="M50 22 C50 16 52 12 56 8" stroke="#4a2a14" strokeWidth="4" fill="none" strokeLinecap="round" />
      <path
        d="M50 22 C40 22 38 34 38 42 C38 50 24 56 24 70 C24 84 36 92 50 92 C64 92 76 84 76 70 C76 56 62 50 62 42 C62 34 60 22 50 22 Z"
        fill="#b5c936"
        stroke="#e6f08a"
        strokeWidth="2"
      />
      <Gloss cx={38} cy={68} rx={6} ry={10} />
      <circle cx="56" cy="80" r="2" fill="#7d8f1d" />
    </>
  ),
  fig: () => (
    <>
      <path d="M50 10 C56 22 82 40 82 62 C82 80 68 92 50 92 C32 92 18 80 18 62 C18 40 44 22 50 10 Z" fill="#5a3a6e" />
      <path d="M50 22 C55 32 74 46 74 63 C74 76 64 85 50 85 C36 85 26 76 26 63 C26 46 45 32 50 22 Z" fill="#f06a86" />
      <path d="M50 34 C54 44 64 54 64 64 C64 72 58 78 50 78 C42 78 36 72 36 64 C36 54 46 44 50 34 Z" fill="#ffd0c2" />
      {[
        [44, 58],
        [56, 60],
        [50, 68],
        [42, 70],
        [58, 71],
        [50, 50],
      ].map(([x, y]) => (
        <ellipse key={`${x}-${y}`} cx={x} cy={y} rx="1.6" ry="2.4" fill="#8a2846" />
      ))}
    </>
  ),
  quince: () => (
    <>
      <path d="M46 26 C30 10 14 18 12 26 C24 34 38 34 46 26 Z" fill="#3f8f3a" />
      <path d="M54 26 C62 12 78 10 84 16 C76 28 62 30 54 26 Z" fill="#56a34a" />
      <path d="M50 26 C70 24 86 40 84 60 C82 80 68 90 50 90 C32 90 18 80 16 60 C14 40 30 24 50 26 Z" fill="#e0b84a" stroke="#fff0a8" strokeWidth="2" />
      <path d="M36 40 C30 52 30 66 36 78 M64 40 C70 52 70 66 64 78" stroke="#b88a1e" strokeWidth="2.5" fill="none" />
      <Gloss cx={40} cy={48} rx={6} ry={9} />
    </>
  ),
  kite: () => (
    <>
      <path d="M50 66 C46 74 56 78 50 86 C44 94 54 96 52 98" stroke="#f4e9c1" strokeWidth="2" fill="none" />
      <path d="M44 76 L50 80 L44 84 Z M56 84 L50 88 L56 92 Z" fill="#f2c14e" />
      <path d="M50 6 L80 34 L50 66 L20 34 Z" fill="#d9483b" stroke="#ffd2a0" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M50 6 L50 66 M20 34 L80 34" stroke="#7a1f17" strokeWidth="2.5" />
      <path d="M50 6 L80 34 L50 34 Z M20 34 L50 66 L50 34 Z" fill="#f2c14e" opacity="0.85" />
    </>
  ),
  drum: () => (
    <>
      <path d="M14 14 L44 40 M86 14 L56 40" stroke="#e8d1a8" strokeWidth="4" strokeLinecap="round" />
      <circle cx="14" cy="14" r="5" fill="#d9483b" />
      <circle cx="86" cy="14" r="5" fill="#d9483b" />
      <path d="M18 44 L18 76 C18 86 82 86 82 76 L82 44 Z" fill="#a0522d" />
      <path d="M18 50 L34 78 L50 50 L66 78 L82 50" stroke="#f2c14e" strokeWidth="2.5" fill="none" />
      <ellipse cx="50" cy="44" rx="32" ry="10" fill="#f4e2c0" stroke="#6b3a1a" strokeWidth="3" />
      <path d="M18 76 C18 86 82 86 82 76" stroke="#6b3a1a" strokeWidth="3" fill="none" />
    </>
  ),
  lantern: () => (
    <>
      <circle cx="50" cy="52" r="40" fill="#ffd27a" opacity="0.18" />
      <path d="M50 4 L50 14" stroke="#c8a26a" strokeWidth="2.5" />
      <rect x="38" y="14" width="24" height="8" rx="2" fill="#3a2418" />
      <ellipse cx="50" cy="50" rx="30" ry="30" fill="#f08a24" stroke="#ffd27a" strokeWidth="2" />
      <path d="M50 20 C34 30 34 70 50 80 M50 20 C66 30 66 70 50 80 M50 20 L50 80" stroke="#b8431b" strokeWidth="2" fill="none" />
      <rect x="38" y="78" width="24" height="8" rx="2" fill="#3a2418" />
      <path d="M46 86 L44 98 M50 86 L50 98 M54 86 L56 98" stroke="#d9483b" strokeWidth="2.5" />
      <Gloss cx={38} cy={40} rx={5} ry={9} />
    </>
  ),
  'moon-gate': () => (
    <>
      <rect x="6" y="8" width="88" height="70" rx="6" fill="#6b4a7e" />
      <path d="M6 20 H94 M6 34 H94 M6 48 H94 M6 62 H94" stroke="#55386a" strokeWidth="1.5" />
      <circle cx="50" cy="44" r="30" fill="#1b1446" stroke="#f4e9c1" strokeWidth="4" />
      <circle cx="50" cy="44" r="17" fill="#f4e9c1" />
      <circle cx="44" cy="40" r="3" fill="#d8cc9c" />
      <circle cx="56" cy="50" r="2" fill="#d8cc9c" />
      <path d="M4 6 L50 0 L96 6 L92 12 L8 12 Z" fill="#2a1c3a" />
    </>
  ),
  firefly: () => (
    <>
      <circle cx="50" cy="58" r="34" fill="#c8f560" opacity="0.2" />
      <circle cx="50" cy="62" r="22" fill="#c8f560" opacity="0.35" />
      <ellipse cx="34" cy="34" rx="16" ry="9" fill="#e8f7ff" opacity="0.8" transform="rotate(-30 34 34)" />
      <ellipse cx="66" cy="34" rx="16" ry="9" fill="#e8f7ff" opacity="0.8" transform="rotate(30 66 34)" />
      <ellipse cx="50" cy="38" rx="8" ry="10" fill="#2b1d3a" />
      <circle cx="50" cy="26" r="7" fill="#2b1d3a" />
      <path d="M46 20 C42 12 36 10 32 10 M54 20 C58 12 64 10 68 10" stroke="#2b1d3a" strokeWidth="2" fill="none" />
      <ellipse cx="50" cy="60" rx="10" ry="14" fill="#c8f560" stroke="#f4ffc8" strokeWidth="2" />
    </>
  ),
};

const CLOCKWORK_COMET: Record<string, Draw> = {
  cog: () => (
    <>
      <g transform="translate(50 50)">
        {Array.from({ length: 10 }, (_, i) => (
          <rect key={i} x="-7" y="-44" width="14" height="16" rx="2" fill="#8c7853" transform={`rotate(${i * 36})`} />
        ))}
      </g>
      <circle cx="50" cy="50" r="32" fill="#8c7853" stroke="#d8c08a" strokeWidth="2" />
      <circle cx="50" cy="50" r="12" fill="#1b2333" stroke="#d8c08a" strokeWidth="2" />
      <circle cx="50" cy="50" r="22" fill="none" stroke="#6b5a3a" strokeWidth="2" />
    </>
  ),
  spring: () => (
    <>
      <path
        d="M30 14 H70 M70 14 C82 18 82 26 70 28 H30 C18 30 18 38 30 40 H70 C82 42 82 50 70 52 H30 C18 54 18 62 30 64 H70 C82 66 82 74 70 76 H30 C18 78 18 86 30 88 H70"
        stroke="#d4d4d4"
        strokeWidth="6"
        strokeLinecap="round"
        fill="none"
      />
      <path d="M30 28 H70 M30 52 H70 M30 76 H70" stroke="#7a7a7a" strokeWidth="6" strokeLinecap="round" opacity="0.55" />
    </>
  ),
  dial: () => (
    <>
      <circle cx="50" cy="50" r="42" fill="#c0a060" />
      <circle cx="50" cy="50" r="34" fill="#f6eedb" stroke="#7a5c24" strokeWidth="2" />
      {Array.from({ length: 12 }, (_, i) => (
        <rect key={i} x="49" y="18" width="2" height={i % 3 === 0 ? 9 : 5} fill="#3a2a10" transform={`rotate(${i * 30} 50 50)`} />
      ))}
      <path d="M50 50 L50 26" stroke="#1b2333" strokeWidth="4" strokeLinecap="round" />
      <path d="M50 50 L68 60" stroke="#b3262b" strokeWidth="3" strokeLinecap="round" />
      <circle cx="50" cy="50" r="4" fill="#1b2333" />
      <rect x="44" y="2" width="12" height="8" rx="2" fill="#c0a060" />
    </>
  ),
  key: () => (
    <>
      <path d="M50 44 C30 20 10 26 14 40 C18 54 38 52 50 44 Z M50 44 C70 20 90 26 86 40 C82 54 62 52 50 44 Z" fill="#b8860b" stroke="#f1d48a" strokeWidth="2" />
      <circle cx="28" cy="38" r="5" fill="#1b2333" />
      <circle cx="72" cy="38" r="5" fill="#1b2333" />
      <rect x="45" y="44" width="10" height="44" rx="3" fill="#b8860b" stroke="#f1d48a" strokeWidth="2" />
      <rect x="40" y="50" width="20" height="6" rx="2" fill="#8c6a2b" />
      <rect x="41" y="86" width="18" height="8" rx="2" fill="#8c6a2b" />
    </>
  ),
  sextant: () => (
    <>
      <path d="M18 30 A44 44 0 0 0 82 30 L50 86 Z" fill="#4f7a8a" opacity="0.35" />
      <path d="M18 30 L50 86 L82 30" stroke="#4f7a8a" strokeWidth="6" fill="none" strokeLinejoin="round" />
      <path d="M14 28 A46 46 0 0 0 86 28" stroke="#9fd0de" strokeWidth="6" fill="none" />
      {Array.from({ length: 9 }, (_, i) => (
        <rect key={i} x="49" y="68" width="2" height="8" fill="#e6f3f7" transform={`rotate(${-48 + i * 12} 50 30) translate(0 -24)`} />
      ))}
      <path d="M50 86 L60 22" stroke="#e6c15a" strokeWidth="4" strokeLinecap="round" />
      <rect x="40" y="8" width="26" height="10" rx="3" fill="#2e4057" stroke="#9fd0de" strokeWidth="2" />
      <circle cx="50" cy="86" r="6" fill="#e6c15a" />
    </>
  ),
  orrery: () => (
    <>
      <ellipse cx="50" cy="48" rx="42" ry="16" fill="none" stroke="#b49ad8" strokeWidth="2.5" />
      <ellipse cx="50" cy="48" rx="28" ry="10" fill="none" stroke="#b49ad8" strokeWidth="2.5" />
      <circle cx="50" cy="48" r="14" fill="#6a4c93" stroke="#e0d0ff" strokeWidth="2" />
      <circle cx="92" cy="48" r="7" fill="#e76f51" />
      <circle cx="30" cy="56" r="5" fill="#3fa9f5" />
      <path d="M50 62 L50 84 M36 92 H64 L58 84 H42 Z" stroke="#c0a060" strokeWidth="4" fill="#c0a060" strokeLinejoin="round" />
      <Gloss cx={45} cy={43} rx={4} ry={5} />
    </>
  ),
  comet: () => (
    <>
      <path d="M8 92 L58 34 L70 46 Z" fill="#3fa9f5" opacity="0.45" />
      <path d="M18 92 L60 40 L66 46 Z" fill="#bfe6ff" opacity="0.7" />
      <path d="M4 70 L56 36 L60 42 Z" fill="#3fa9f5" opacity="0.3" />
      <circle cx="66" cy="36" r="22" fill="#3fa9f5" opacity="0.3" />
      <circle cx="66" cy="36" r="14" fill="#bfe6ff" stroke="#ffffff" strokeWidth="2" />
      <circle cx="62" cy="32" r="4" fill="#ffffff" />
    </>
  ),
  'star-core': (g) => (
    <>
      <circle cx="50" cy="46" r="40" fill="#ffd23f" opacity="0.2" />
      <circle cx="50" cy="46" r="36" fill="none" stroke="#c0a060" strokeWidth="5" strokeDasharray="6 4" />
      <path
        d="M50 10 L59 35 L86 36 L65 52 L72 78 L50 63 L28 78 L35 52 L14 36 L41 35 Z"
        fill={shine(g)}
        stroke="#fff7d6"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <circle cx="50" cy="46" r="8" fill="#fff7d6" />
    </>
  ),
  telescope: () => (
    <>
      <circle cx="50" cy="50" r="44" fill="#9fd0de" opacity="0.18" />
      <path d="M50 58 L30 94 M50 58 L70 94 M50 58 L50 94" stroke="#c0a060" strokeWidth="4" strokeLinecap="round" />
      <g transform="rotate(-30 50 50)">
        <rect x="14" y="40" width="72" height="18" rx="4" fill="#2e4057" stroke="#9fd0de" strokeWidth="2.5" />
        <rect x="78" y="36" width="12" height="26" rx="3" fill="#c0a060" />
        <rect x="6" y="44" width="10" height="10" rx="2" fill="#c0a060" />
        <rect x="40" y="40" width="6" height="18" fill="#c0a060" />
      </g>
      <circle cx="84" cy="12" r="3" fill="#ffffff" />
      <circle cx="70" cy="6" r="2" fill="#ffffff" />
    </>
  ),
};

const TIDEBOUND_HOARD: Record<string, Draw> = {
  shell: () => (
    <>
      <path d="M50 88 L14 42 C20 18 80 18 86 42 Z" fill="#f2c6b4" stroke="#ffe9df" strokeWidth="2" strokeLinejoin="round" />
      {[-32, -16, 0, 16, 32].map((dx) => (
        <path key={dx} d={`M50 86 L${50 + dx} 24`} stroke="#c98b78" strokeWidth="3" />
      ))}
      <path d="M40 88 H60 L56 96 H44 Z" fill="#e0a591" />
    </>
  ),
  kelp: () => (
    <>
      <path d="M34 98 C20 78 44 64 30 44 C20 30 34 16 28 4" stroke="#3b7d4f" strokeWidth="9" fill="none" strokeLinecap="round" />
      <path d="M58 98 C74 80 50 64 66 44 C76 30 62 18 70 6" stroke="#5aa86b" strokeWidth="9" fill="none" strokeLinecap="round" />
      <ellipse cx="40" cy="56" rx="10" ry="5" fill="#2d6a3e" transform="rotate(-30 40 56)" />
      <ellipse cx="56" cy="34" rx="10" ry="5" fill="#4b9a5c" transform="rotate(30 56 34)" />
      <circle cx="30" cy="22" r="4" fill="#c9e27a" />
      <circle cx="68" cy="62" r="4" fill="#c9e27a" />
    </>
  ),
  coral: () => (
    <>
      <path
        d="M50 96 L50 60 M50 70 L30 50 L30 26 M30 40 L18 28 M50 60 L68 40 L68 14 M68 30 L84 20 M50 60 L50 30 M42 80 L34 76"
        stroke="#ff6f59"
        strokeWidth="9"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
      <circle cx="30" cy="24" r="6" fill="#ff9a85" />
      <circle cx="68" cy="12" r="6" fill="#ff9a85" />
      <circle cx="50" cy="28" r="6" fill="#ff9a85" />
      <circle cx="84" cy="20" r="5" fill="#ff9a85" />
      <circle cx="18" cy="28" r="5" fill="#ff9a85" />
    </>
  ),
  starfish: () => (
    <>
      <path
        d="M50 6 C56 28 60 34 90 36 C68 50 66 56 76 90 C56 72 44 72 24 90 C34 56 32 50 10 36 C40 34 44 28 50 6 Z"
        fill="#f29e4c"
        stroke="#ffd9a8"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      {[
        [50, 22],
        [50, 34],
        [74, 40],
        [62, 46],
        [66, 74],
        [58, 60],
        [34, 74],
        [42, 60],
        [26, 40],
        [38, 46],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="2.4" fill="#c4621e" />
      ))}
      <circle cx="50" cy="50" r="5" fill="#c4621e" />
    </>
  ),
  anchor: () => (
    <>
      <circle cx="50" cy="16" r="9" fill="none" stroke="#9aa9b1" strokeWidth="6" />
      <rect x="46" y="24" width="8" height="60" fill="#5c6b73" stroke="#9aa9b1" strokeWidth="1.5" />
      <rect x="28" y="34" width="44" height="8" rx="3" fill="#5c6b73" stroke="#9aa9b1" strokeWidth="1.5" />
      <path d="M14 58 C16 80 36 92 50 92 C64 92 84 80 86 58" stroke="#5c6b73" strokeWidth="8" fill="none" />
      <path d="M8 62 L14 50 L22 62 Z M78 62 L86 50 L92 62 Z" fill="#9aa9b1" />
      <path d="M54 30 C74 40 70 60 56 66" stroke="#c9a87a" strokeWidth="3" fill="none" />
    </>
  ),
  compass: () => (
    <>
      <circle cx="50" cy="50" r="42" fill="#c9a227" />
      <circle cx="50" cy="50" r="35" fill="#0e5a7a" stroke="#ffe27a" strokeWidth="2" />
      <path d="M50 18 L57 50 L50 82 L43 50 Z" fill="#e8f1f2" />
      <path d="M18 50 L50 43 L82 50 L50 57 Z" fill="#9fc4cf" />
      <path d="M50 18 L57 50 L43 50 Z" fill="#e5484d" />
      <circle cx="50" cy="50" r="5" fill="#ffe27a" />
    </>
  ),
  octopus: () => (
    <>
      <path
        d="M30 56 C20 70 30 84 16 92 M40 60 C36 76 44 86 36 96 M60 60 C64 76 56 86 64 96 M70 56 C80 70 70 84 84 92"
        stroke="#8e4585"
        strokeWidth="8"
        strokeLinecap="round"
        fill="none"
      />
      <ellipse cx="50" cy="38" rx="28" ry="30" fill="#a64ca6" stroke="#e2a6e2" strokeWidth="2" />
      <circle cx="40" cy="40" r="7" fill="#ffffff" />
      <circle cx="60" cy="40" r="7" fill="#ffffff" />
      <circle cx="41" cy="41" r="3.5" fill="#062238" />
      <circle cx="61" cy="41" r="3.5" fill="#062238" />
      <circle cx="38" cy="22" r="3" fill="#c77ac7" />
      <circle cx="60" cy="18" r="2.5" fill="#c77ac7" />
    </>
  ),
  crown: () => (
    <>
      <path d="M12 76 L16 30 L34 52 L50 22 L66 52 L84 30 L88 76 Z" fill="#e6b422" stroke="#fff2b0" strokeWidth="2.5" strokeLinejoin="round" />
      <rect x="12" y="74" width="76" height="14" rx="3" fill="#c98a14" stroke="#fff2b0" strokeWidth="2" />
      <circle cx="16" cy="28" r="5" fill="#fff2b0" />
      <circle cx="50" cy="20" r="6" fill="#fff2b0" />
      <circle cx="84" cy="28" r="5" fill="#fff2b0" />
      <circle cx="50" cy="81" r="5" fill="#e5484d" />
      <circle cx="30" cy="81" r="4" fill="#1f9ea3" />
      <circle cx="70" cy="81" r="4" fill="#1f9ea3" />
    </>
  ),
  'tide-pearl': (g) => (
    <>
      <path d="M10 60 C10 90 90 90 90 60 Z" fill="#8fb8c4" stroke="#e8f1f2" strokeWidth="2" />
      <path d="M10 56 C14 14 86 14 90 56 Z" fill="#6f9aa8" stroke="#e8f1f2" strokeWidth="2" />
      {[-24, -8, 8, 24].map((dx) => (
        <path key={dx} d={`M50 54 L${50 + dx} 24`} stroke="#4d7683" strokeWidth="2" />
      ))}
      <circle cx="50" cy="60" r="30" fill="#e8f1f2" opacity="0.25" />
      <circle cx="50" cy="62" r="16" fill={shine(g)} stroke="#ffffff" strokeWidth="2" />
    </>
  ),
  'sunken-chest': () => (
    <>
      <circle cx="30" cy="30" r="7" fill="#ffe27a" stroke="#c98a14" strokeWidth="2" />
      <circle cx="46" cy="22" r="7" fill="#ffe27a" stroke="#c98a14" strokeWidth="2" />
      <circle cx="64" cy="26" r="7" fill="#ffe27a" stroke="#c98a14" strokeWidth="2" />
      <path d="M14 44 C14 26 86 26 86 44 Z" fill="#8a5229" stroke="#3a200c" strokeWidth="2" />
      <rect x="14" y="44" width="72" height="40" rx="4" fill="#7a4e2d" stroke="#3a200c" strokeWidth="2" />
      <rect x="14" y="44" width="72" height="8" fill="#e6b422" />
      <rect x="44" y="50" width="12" height="16" rx="2" fill="#e6b422" stroke="#7a4e2d" strokeWidth="1.5" />
      <path d="M24 44 V84 M76 44 V84" stroke="#e6b422" strokeWidth="4" />
    </>
  ),
};

/** Each title's symbols by id; a title not drawn here falls back to the generic gem set. */
export const SYMBOL_DRAWINGS: Readonly<Record<string, Draw>> = { ...LANTERN_ORCHARD, ...CLOCKWORK_COMET, ...TIDEBOUND_HOARD };

/** The drawn titles' symbol ids per title, for tests and the spec's look at every set. */
export const DRAWN_TITLES: Readonly<Record<string, readonly string[]>> = {
  'lantern-orchard': Object.keys(LANTERN_ORCHARD),
  'clockwork-comet': Object.keys(CLOCKWORK_COMET),
  'tidebound-hoard': Object.keys(TIDEBOUND_HOARD),
};
