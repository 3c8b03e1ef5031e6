// The demo slot's maths: three reels, one pay line through the middle row. Pure and synchronous; the RNG is passed in.
import { createHmac, randomInt } from 'node:crypto';

export const SYMBOLS = ['cherry', 'lemon', 'bell', 'emblem', 'star', 'gem', 'seven'] as const;
export type SymbolId = (typeof SYMBOLS)[number];

/** How often each symbol stands on a reel (of 32 stops) and what three of it on the line pay, in times the bet. */
export const SYMBOL_TABLE: Record<SymbolId, { stops: number; threeOfAKind: number }> = {
  cherry: { stops: 9, threeOfAKind: 6 },
  lemon: { stops: 7, threeOfAKind: 12 },
  bell: { stops: 6, threeOfAKind: 20 },
  emblem: { stops: 4, threeOfAKind: 40 },
  star: { stops: 3, threeOfAKind: 60 },
  gem: { stops: 2, threeOfAKind: 150 },
  seven: { stops: 1, threeOfAKind: 500 },
};
/** Exactly two cherries on the line pay this many times the bet. */
export const TWO_CHERRIES = 2;
/** Three high symbols (star, gem, seven) on the line that are not all the same pay this many times the bet. */
export const MIXED_HIGH = 10;
const HIGH: readonly SymbolId[] = ['star', 'gem', 'seven'];

/**
 * The reel strip, 32 stops, the same on every reel. Symbols are spread out so the rows above and below the line look
 * like a real strip rather than runs of one symbol.
 */
// biome-ignore format: one reel stop per cell, eight to a row
export const REEL_STRIP: readonly SymbolId[] = [
  'cherry', 'lemon', 'bell', 'cherry', 'emblem', 'lemon', 'star', 'cherry',
  'bell', 'lemon', 'gem', 'cherry', 'emblem', 'bell', 'lemon', 'seven',
  'cherry', 'bell', 'lemon', 'star', 'cherry', 'emblem', 'lemon', 'bell',
  'cherry', 'gem', 'lemon', 'cherry', 'star', 'bell', 'emblem', 'cherry',
];

/** A source of uniform integers in [0, max). */
export interface Rng {
  int(max: number): number;
  /** How the numbers are made, for the round record: 'crypto' or 'seeded'. */
  readonly kind: string;
}

export function cryptoRng(): Rng {
  return { kind: 'crypto', int: (max) => randomInt(max) };
}

/**
 * A reproducible RNG for tests and demos: HMAC-SHA256(seed, counter) read 32 bits at a time, with rejection sampling so
 * every value in [0, max) is equally likely.
 */
export function seededRng(seed: string): Rng {
  let counter = 0;
  let pool: Buffer = Buffer.alloc(0);
  let offset = 0;
  const next32 = () => {
    if (offset + 4 > pool.length) {
      pool = createHmac('sha256', seed).update(String(counter++)).digest();
      offset = 0;
    }
    const value = pool.readUInt32BE(offset);
    offset += 4;
    return value;
  };
  return {
    kind: 'seeded',
    int(max) {
      if (!Number.isInteger(max) || max <= 0 || max > 2 ** 32) throw new RangeError(`bad range ${max}`);
      const limit = 2 ** 32 - (2 ** 32 % max);
      for (;;) {
        const value = next32();
        if (value < limit) return value % max;
      }
    },
  };
}

export interface SpinOutcome {
  /** The three reels, each top to bottom (above the line, on the line, below the line). */
  reels: [SymbolId, SymbolId, SymbolId][];
  /** The symbols on the pay line. */
  line: SymbolId[];
  /** Times the bet won (0 for a loss). */
  multiplier: number;
  /** What paid, for the player: 'three:bell', 'two-cherries', 'mixed-high'. */
  combination: string | null;
}

export function lineMultiplier(line: readonly SymbolId[]): { multiplier: number; combination: string | null } {
  const [a, b, c] = line;
  if (a === b && b === c && a) return { multiplier: SYMBOL_TABLE[a].threeOfAKind, combination: `three:${a}` };
  if (line.every((symbol) => HIGH.includes(symbol))) return { multiplier: MIXED_HIGH, combination: 'mixed-high' };
  if (line.filter((symbol) => symbol === 'cherry').length === 2) return { multiplier: TWO_CHERRIES, combination: 'two-cherries' };
  return { multiplier: 0, combination: null };
}

export function spinReels(rng: Rng): SpinOutcome {
  const n = REEL_STRIP.length;
  const reels = [0, 1, 2].map(() => {
    const stop = rng.int(n);
    return [REEL_STRIP[(stop + n - 1) % n]!, REEL_STRIP[stop]!, REEL_STRIP[(stop + 1) % n]!] as [SymbolId, SymbolId, SymbolId];
  });
  const line = reels.map((reel) => reel[1]);
  return { reels, line, ...lineMultiplier(line) };
}

/** The exact return to player and hit rate, by walking every combination of stops. */
export function exactRtp(): { rtp: number; hitRate: number } {
  const n = REEL_STRIP.length;
  let paid = 0;
  let hits = 0;
  for (const a of REEL_STRIP)
    for (const b of REEL_STRIP)
      for (const c of REEL_STRIP) {
        const { multiplier } = lineMultiplier([a, b, c]);
        paid += multiplier;
        if (multiplier > 0) hits++;
      }
  return { rtp: paid / n ** 3, hitRate: hits / n ** 3 };
}
