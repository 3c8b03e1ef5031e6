// The game page the game URL points at: static markup, the symbol art inline, behaviour in /assets/slot.js. It loads
// nothing from elsewhere and allows nothing inline, so its CSP can be strict; the casino frames it in a sandboxed iframe
// (allow-scripts allow-same-origin), which keeps fetch() to this origin working.
import { readFileSync } from 'node:fs';
import { emblemLabel, symbolDefs } from './art.ts';
import { type DemoGame, GAMES } from './games.ts';
import { MIXED_HIGH, SYMBOL_TABLE, type SymbolId, TWO_CHERRIES } from './slot.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The game page's Content-Security-Policy: same-origin script, style and fetch only; framed only by `frameOrigins`. */
export function gamePageCsp(frameOrigins: readonly string[]): string {
  const ancestors = frameOrigins.length > 0 ? frameOrigins.join(' ') : "'none'";
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

const PLURALS: Record<SymbolId, string> = { cherry: 'cherries', lemon: 'lemons', bell: 'bells', emblem: '', star: 'stars', gem: 'gems', seven: 'sevens' };

function payRows(emblem: string): { line: SymbolId[]; label: string; pays: number }[] {
  return [
    ...(Object.entries(SYMBOL_TABLE) as [SymbolId, { threeOfAKind: number }][])
      .sort((a, b) => b[1].threeOfAKind - a[1].threeOfAKind)
      .map(([id, row]) => ({ line: [id, id, id], label: `Three ${id === 'emblem' ? `${emblem}s` : PLURALS[id]}`, pays: row.threeOfAKind })),
    { line: ['star', 'gem', 'seven'], label: 'Any mix of star, gem and seven', pays: MIXED_HIGH },
    { line: ['cherry', 'cherry', 'lemon'], label: 'Exactly two cherries', pays: TWO_CHERRIES },
  ];
}

function icon(symbol: SymbolId, label: string): string {
  return `<svg class="icon" viewBox="0 0 100 100" role="img" aria-label="${label}"><use href="#s-${symbol}"/></svg>`;
}

export function gamePage(game: DemoGame, sessionId: string, mode: 'real' | 'demo'): string {
  const emblem = emblemLabel(game.theme);
  const reel = (index: number) =>
    `<div class="reel" id="reel-${index}" aria-label="Reel ${index + 1}"><div class="strip">${['seven', 'emblem', 'gem']
      .map(
        (symbol) => `<svg class="cell" viewBox="0 0 100 100" role="img" aria-label="${symbol === 'emblem' ? emblem : symbol}"><use href="#s-${symbol}"/></svg>`,
      )
      .join('')}</div></div>`;
  const pays = payRows(emblem)
    .map(
      (row) =>
        `<li><span class="icons">${row.line.map((symbol) => icon(symbol, symbol === 'emblem' ? emblem : symbol)).join('')}</span><span>${escapeHtml(row.label)}</span><strong>${row.pays}×</strong></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(game.name)}</title>
<link rel="stylesheet" href="/assets/slot.css">
<link rel="stylesheet" href="/assets/themes.css">
<script src="/assets/slot.js" defer></script>
</head>
<body class="theme-${game.game_code}" data-session="${sessionId}" data-mode="${mode}" data-emblem="${emblem}">
<svg class="defs" aria-hidden="true" focusable="false"><defs>${symbolDefs(game.theme)}</defs></svg>
<main class="cabinet">
  <header class="marquee">
    <h1>${escapeHtml(game.name)}</h1>
    <p class="tagline">${escapeHtml(game.theme.tagline)}</p>
    ${mode === 'demo' ? '<span class="badge">Demo · fun money</span>' : ''}
  </header>
  <section class="window" aria-label="Reels">
    ${[0, 1, 2].map(reel).join('\n    ')}
    <div class="payline" aria-hidden="true"></div>
  </section>
  <div class="freebets" id="freebets" hidden>
    <span id="freebets-text"></span>
    <button type="button" id="use-free" aria-pressed="false">Use free spins</button>
  </div>
  <p class="message" id="message" role="status" aria-live="polite">Loading…</p>
  <footer class="controls">
    <div class="meter"><span class="label">Balance</span><output id="balance">–</output></div>
    <div class="bet">
      <button type="button" id="bet-down" class="step" aria-label="Lower the bet">−</button>
      <div class="meter"><span class="label">Bet</span><output id="bet">–</output></div>
      <button type="button" id="bet-up" class="step" aria-label="Raise the bet">+</button>
    </div>
    <div class="meter"><span class="label">Win</span><output id="win">–</output></div>
    <button type="button" id="spin" class="spin" disabled>Spin</button>
  </footer>
  <details class="paytable">
    <summary>Pay table</summary>
    <p>One line through the middle row. Wins are multiples of the bet; return to player 96.64 %.</p>
    <ul>${pays}</ul>
  </details>
</main>
</body>
</html>`;
}

export function notFoundPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Game session not found</title><link rel="stylesheet" href="/assets/slot.css"></head>
<body class="gone"><main class="cabinet"><h1>Game session not found</h1><p>This game link has expired. Close the game and open it again from the casino.</p></main></body></html>`;
}

/** One rule per game: the colours slot.css reads through custom properties. */
export function themesCss(): string {
  return GAMES.map(
    ({ game_code, theme }) =>
      `.theme-${game_code} { --sky-top: ${theme.sky[0]}; --sky-bottom: ${theme.sky[1]}; --frame-top: ${theme.frame[0]}; --frame-bottom: ${theme.frame[1]}; --accent: ${theme.accent}; }`,
  ).join('\n');
}

const publicDir = new URL('./public/', import.meta.url);
export const ASSETS: Record<string, { type: string; body: string }> = {
  '/assets/slot.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(new URL('slot.js', publicDir), 'utf8') },
  '/assets/slot.css': { type: 'text/css; charset=utf-8', body: readFileSync(new URL('slot.css', publicDir), 'utf8') },
  '/assets/themes.css': { type: 'text/css; charset=utf-8', body: themesCss() },
};
