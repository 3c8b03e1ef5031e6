// Crash (docs/decisions/0071-crash.md): shared rounds whose crash points come from a pre-committed hash chain.
//
// The chain: a secret 64-hex seed s; h_L = s and h_{i−1} = SHA-256(h_i) (of its 64 hex characters, UTF-8, like
// the server seed commitment in games/fairness.ts), so the terminating hash h_0 is published before the first
// game and game i (1 … L) reveals h_i. Anyone checks a revealed hash by hashing it i times back to h_0, or once to
// the previous game's hash. Game i's crash point comes from h_i alone:
//   r = the first 13 hex digits of h_i (52 bits), C = floor(99 × 2^52 / (2^52 − r)) hundredths.
// A cash-out at multiplier M (hundredths, at least 1.01×) wins when M ≤ C: that happens for ⌊99 × 2^52 / M⌋ of
// the 2^52 values of r, so the return M/100 × ⌊99 × 2^52 / M⌋ / 2^52 is 99 % less at most M/100 × 2^−52: a 1 %
// edge for every cash-out target. C below 100 (1 in 100 games) is an instant crash at 1.00×.
//
// The multiplier t milliseconds after a game starts is floor(100 × e^(GROWTH × t)) hundredths, GROWTH = 6e-5 per
// ms (2× after 11.6 s, 10× after 38.4 s); the server's clock decides when a cash-out lands.

const encoder = new TextEncoder();
const TWO_52 = 2n ** 52n;

export const CRASH_RTP = 0.99;
/** Per millisecond: m(t) = e^(GROWTH × t). */
export const CRASH_GROWTH = 0.00006;
/** The lowest cash-out, manual or automatic: 1.01×. */
export const CRASH_MIN_CASHOUT = 101;
/** The highest automatic cash-out that may be set: 10,000.00×. */
export const CRASH_MAX_AUTO_CASHOUT = 1_000_000;

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text)));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** The previous link of the chain: SHA-256 of the hash's 64 hex characters. */
export function previousHash(hash: string): Promise<string> {
  return sha256Hex(hash);
}

/** Crash point in hundredths from a game's hash; below 100 means the game crashes at once, at 1.00×. */
export function crashPointFromHash(hash: string): number {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new RangeError('A crash hash is 64 lowercase hex characters');
  const r = BigInt(`0x${hash.slice(0, 13)}`);
  return Number((99n * TWO_52) / (TWO_52 - r));
}

/** The crash point as shown: at least 1.00×. */
export function shownCrashPoint(point: number): number {
  return Math.max(point, 100) / 100;
}

/** The multiplier in hundredths `elapsedMs` after the game started. */
export function multiplierAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  return Math.floor(100 * Math.exp(CRASH_GROWTH * elapsedMs) + 1e-9);
}

/** The first millisecond after the start at which the multiplier reaches `point` hundredths (0 for 1.00× or less). */
export function msToReach(point: number): number {
  if (point <= 100) return 0;
  let ms = Math.max(0, Math.floor(Math.log(point / 100) / CRASH_GROWTH) - 2);
  while (multiplierAt(ms) < point) ms++;
  return ms;
}

/** What a bet of `stake` cashed out at `multiplier` hundredths pays, rounded down to the minor unit. */
export function crashPayout(stake: number, multiplier: number): number {
  return Number((BigInt(stake) * BigInt(multiplier)) / 100n);
}

/** Whether a cash-out at `multiplier` (hundredths) wins in a game crashing at `point`. */
export function cashOutWins(multiplier: number, point: number): boolean {
  return multiplier >= CRASH_MIN_CASHOUT && multiplier <= point;
}

/** Exact return of always cashing out at M hundredths: [numerator, denominator]. */
export function crashRtpFraction(multiplier: number): [bigint, bigint] {
  const wins = (99n * TWO_52) / BigInt(multiplier);
  return [BigInt(multiplier) * wins, 100n * TWO_52];
}

/** Checks a revealed game hash against the chain: hashing it `steps` times must give `anchor`. */
export async function chainLinks(hash: string, steps: number, anchor: string): Promise<boolean> {
  let current = hash;
  for (let i = 0; i < steps; i++) current = await sha256Hex(current);
  return current === anchor;
}
