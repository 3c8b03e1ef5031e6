// The slot's symbols, drawn for this project as SVG (viewBox 0 0 100 100). Colours are presentation attributes, not
// style attributes, so the game page's strict CSP (no inline styles) allows them.
import type { Theme } from './games.ts';
import type { SymbolId } from './slot.ts';

const GRADIENTS = `
<linearGradient id="g-red" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff6b6b"/><stop offset="1" stop-color="#b3122e"/></linearGradient>
<linearGradient id="g-gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe58a"/><stop offset="0.55" stop-color="#f4b400"/><stop offset="1" stop-color="#a86b00"/></linearGradient>
<linearGradient id="g-lemon" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff59a"/><stop offset="1" stop-color="#f2c200"/></linearGradient>
<linearGradient id="g-leaf" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7ee08a"/><stop offset="1" stop-color="#1e8f3e"/></linearGradient>
<linearGradient id="g-gem" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b8f3ff"/><stop offset="0.5" stop-color="#39b6e8"/><stop offset="1" stop-color="#1650a8"/></linearGradient>
<linearGradient id="g-seven" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff8a5c"/><stop offset="1" stop-color="#d0102e"/></linearGradient>
<linearGradient id="g-shell" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffd9c2"/><stop offset="1" stop-color="#f08a7a"/></linearGradient>
<radialGradient id="g-glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffe9a8" stop-opacity="0.9"/><stop offset="1" stop-color="#ffe9a8" stop-opacity="0"/></radialGradient>`;

const EMBLEMS: Record<Theme['emblem'], { label: string; art: string }> = {
  clover: {
    label: 'clover',
    art: `<g fill="url(#g-leaf)" stroke="#0f5a26" stroke-width="2.5">
  <path d="M50 48 C38 30 22 38 30 50 C22 62 38 70 50 52 Z"/>
  <path d="M52 50 C70 38 62 22 50 30 C38 22 30 38 48 50 Z"/>
  <path d="M50 52 C62 70 78 62 70 50 C78 38 62 30 50 48 Z"/>
  <path d="M48 50 C30 62 38 78 50 70 C62 78 70 62 52 50 Z"/>
</g>
<path d="M50 60 Q56 78 68 88" fill="none" stroke="#0f5a26" stroke-width="4" stroke-linecap="round"/>
<circle cx="50" cy="50" r="4" fill="#d08a3c"/>`,
  },
  lantern: {
    label: 'lantern',
    art: `<circle cx="50" cy="52" r="44" fill="url(#g-glow)"/>
<line x1="50" y1="4" x2="50" y2="16" stroke="#6b3b00" stroke-width="3"/>
<rect x="36" y="14" width="28" height="8" rx="3" fill="url(#g-gold)"/>
<path d="M30 24 Q22 52 30 78 L70 78 Q78 52 70 24 Z" fill="url(#g-red)" stroke="#7d1f3a" stroke-width="2.5"/>
<path d="M42 24 Q37 52 42 78 M58 24 Q63 52 58 78" fill="none" stroke="#7d1f3a" stroke-width="2" opacity="0.7"/>
<rect x="36" y="78" width="28" height="8" rx="3" fill="url(#g-gold)"/>
<path d="M46 86 L46 96 M50 86 L50 98 M54 86 L54 96" stroke="#f4b400" stroke-width="2.5" stroke-linecap="round"/>`,
  },
  shell: {
    label: 'shell',
    art: `<path d="M50 86 L14 44 Q50 2 86 44 Z" fill="url(#g-shell)" stroke="#b5534a" stroke-width="3" stroke-linejoin="round"/>
<path d="M50 86 L24 34 M50 86 L37 22 M50 86 L50 18 M50 86 L63 22 M50 86 L76 34" stroke="#b5534a" stroke-width="2.5" fill="none"/>
<path d="M40 86 L60 86 L56 94 L44 94 Z" fill="#f08a7a" stroke="#b5534a" stroke-width="2.5" stroke-linejoin="round"/>`,
  },
};

const SYMBOL_ART: Record<Exclude<SymbolId, 'emblem'>, string> = {
  cherry: `<path d="M34 60 Q44 30 66 14 M68 62 Q64 36 66 14" fill="none" stroke="#2f7a2f" stroke-width="4" stroke-linecap="round"/>
<path d="M66 14 Q82 8 88 22 Q74 26 66 14 Z" fill="url(#g-leaf)" stroke="#1e5e22" stroke-width="2"/>
<circle cx="32" cy="68" r="20" fill="url(#g-red)" stroke="#7a0c1f" stroke-width="2.5"/>
<circle cx="68" cy="70" r="20" fill="url(#g-red)" stroke="#7a0c1f" stroke-width="2.5"/>
<ellipse cx="25" cy="61" rx="6" ry="4" fill="#fff" opacity="0.6"/><ellipse cx="61" cy="63" rx="6" ry="4" fill="#fff" opacity="0.6"/>`,
  lemon: `<path d="M10 52 Q14 40 22 36 Q50 14 78 36 Q86 40 90 52 Q86 62 78 66 Q50 88 22 66 Q14 62 10 52 Z" fill="url(#g-lemon)" stroke="#b08a00" stroke-width="2.5"/>
<ellipse cx="40" cy="40" rx="14" ry="6" fill="#fff" opacity="0.55" transform="rotate(-12 40 40)"/>
<circle cx="62" cy="58" r="1.6" fill="#c9a200"/><circle cx="52" cy="64" r="1.6" fill="#c9a200"/><circle cx="70" cy="48" r="1.6" fill="#c9a200"/>`,
  bell: `<path d="M50 12 Q30 14 28 44 Q27 62 16 72 L84 72 Q73 62 72 44 Q70 14 50 12 Z" fill="url(#g-gold)" stroke="#8a5a00" stroke-width="2.5" stroke-linejoin="round"/>
<rect x="12" y="70" width="76" height="9" rx="4.5" fill="#f4b400" stroke="#8a5a00" stroke-width="2.5"/>
<circle cx="50" cy="86" r="8" fill="url(#g-gold)" stroke="#8a5a00" stroke-width="2.5"/>
<circle cx="50" cy="10" r="5" fill="#f4b400" stroke="#8a5a00" stroke-width="2"/>
<path d="M38 26 Q34 40 35 56" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity="0.55"/>`,
  star: `<path d="M50 6 L62 36 L94 38 L69 58 L78 90 L50 72 L22 90 L31 58 L6 38 L38 36 Z" fill="url(#g-gold)" stroke="#a0522d" stroke-width="3" stroke-linejoin="round"/>
<path d="M50 20 L57 40 L50 60 L43 40 Z" fill="#fff" opacity="0.45"/>`,
  gem: `<path d="M28 16 L72 16 L92 40 L50 92 L8 40 Z" fill="url(#g-gem)" stroke="#0c3a7a" stroke-width="2.5" stroke-linejoin="round"/>
<path d="M8 40 L92 40 M28 16 L38 40 L50 92 L62 40 L72 16 M38 40 L50 16 L62 40" fill="none" stroke="#0c3a7a" stroke-width="2" stroke-linejoin="round" opacity="0.8"/>
<path d="M30 20 L36 38 L14 38 Z" fill="#fff" opacity="0.5"/>`,
  seven: `<path d="M16 14 L86 14 L86 30 Q62 54 54 90 L32 90 Q38 58 60 32 L16 32 Z" fill="url(#g-seven)" stroke="#6e0a1c" stroke-width="3.5" stroke-linejoin="round"/>
<path d="M22 19 L78 19" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity="0.5"/>`,
};

export function emblemLabel(theme: Theme): string {
  return EMBLEMS[theme.emblem].label;
}

/** <defs> content: the gradients and one <symbol id="s-..."> per slot symbol, the emblem drawn for this theme. */
export function symbolDefs(theme: Theme): string {
  const symbols = Object.entries(SYMBOL_ART).map(([id, art]) => `<symbol id="s-${id}" viewBox="0 0 100 100">${art}</symbol>`);
  symbols.push(`<symbol id="s-emblem" viewBox="0 0 100 100">${EMBLEMS[theme.emblem].art}</symbol>`);
  return `${GRADIENTS}\n${symbols.join('\n')}`;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The game list's url_thumb (4:3) and url_background (16:9): self-contained SVG images of the game's cabinet. */
export function gameImage(theme: Theme, name: string, kind: 'thumb' | 'background'): string {
  const [w, h] = kind === 'thumb' ? [400, 300] : [1280, 720];
  const cell = kind === 'thumb' ? 92 : 180;
  const gap = kind === 'thumb' ? 14 : 28;
  const top = kind === 'thumb' ? 70 : 230;
  const left = (w - (cell * 3 + gap * 2)) / 2;
  const symbols = ['seven', 'emblem', 'gem']
    .map((id, i) => {
      const x = left + i * (cell + gap);
      return `<rect x="${x}" y="${top}" width="${cell}" height="${cell}" rx="${cell / 8}" fill="#fffaf0" stroke="${theme.frame[1]}" stroke-width="4"/>
<use href="#s-${id}" x="${x + cell * 0.1}" y="${top + cell * 0.1}" width="${cell * 0.8}" height="${cell * 0.8}"/>`;
    })
    .join('\n');
  const title =
    kind === 'thumb'
      ? `<text x="${w / 2}" y="${h - 40}" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="34" font-weight="700" fill="${theme.accent}" stroke="#000" stroke-opacity="0.35" stroke-width="1">${escapeXml(name)}</text>`
      : `<text x="${w / 2}" y="150" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="72" font-weight="700" fill="${theme.accent}">${escapeXml(name)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(name)}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${theme.sky[0]}"/><stop offset="1" stop-color="${theme.sky[1]}"/></linearGradient>
<linearGradient id="frame" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${theme.frame[0]}"/><stop offset="1" stop-color="${theme.frame[1]}"/></linearGradient>
${symbolDefs(theme)}
</defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="${w * 0.82}" cy="${h * 0.18}" r="${h * 0.12}" fill="${theme.accent}" opacity="0.18"/>
<circle cx="${w * 0.12}" cy="${h * 0.85}" r="${h * 0.2}" fill="${theme.frame[0]}" opacity="0.12"/>
<rect x="${left - gap}" y="${top - gap}" width="${cell * 3 + gap * 4}" height="${cell + gap * 2}" rx="${gap}" fill="url(#frame)"/>
${symbols}
${title}
</svg>`;
}
