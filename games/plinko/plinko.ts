// Plinko (docs/decisions/0070-originals.md): 8 to 16 rows of pegs and three risk levels. Row i's direction comes
// from float i: right when f ≥ 0.5, left otherwise, so the ball lands in bucket k (0 … rows, left to right) = the
// number of rights, with probability C(rows, k) / 2^rows. The bucket pays the table's multiplier (in hundredths)
// times the stake, rounded down to the minor unit. Every table is ours; its RTP Σ C(rows, k) × m_k / 2^rows is
// exactly 99 % (tests compute it in integers), before the payout is rounded down.

export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];
export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;
export const PLINKO_RTP = 0.99;

/** Bucket multipliers in hundredths (557 = 5.57×), left to right, for every risk and row count. */
export const PLINKO_TABLES: Readonly<Record<PlinkoRisk, Readonly<Record<number, readonly number[]>>>> = {
  low: {
    8: [557, 271, 138, 78, 49, 78, 138, 271, 557],
    9: [618, 322, 170, 97, 60, 60, 97, 170, 322, 618],
    10: [894, 432, 220, 119, 72, 49, 72, 119, 220, 432, 894],
    11: [935, 481, 257, 145, 89, 60, 60, 89, 145, 257, 481, 935],
    12: [1006, 556, 315, 182, 110, 71, 51, 71, 110, 182, 315, 556, 1006],
    13: [1152, 642, 369, 214, 131, 85, 60, 60, 85, 131, 214, 369, 642, 1152],
    14: [1338, 771, 451, 265, 162, 103, 69, 50, 69, 103, 162, 265, 451, 771, 1338],
    15: [1498, 871, 510, 305, 187, 121, 82, 60, 60, 82, 121, 187, 305, 510, 871, 1498],
    16: [1602, 972, 594, 368, 230, 148, 98, 68, 50, 68, 98, 148, 230, 368, 594, 972, 1602],
  },
  medium: {
    8: [1300, 382, 129, 59, 40, 59, 129, 382, 1300],
    9: [1797, 523, 171, 76, 50, 50, 76, 171, 523, 1797],
    10: [2203, 731, 259, 106, 56, 40, 56, 106, 259, 731, 2203],
    11: [2398, 873, 335, 142, 74, 50, 50, 74, 142, 335, 873, 2398],
    12: [3297, 1312, 528, 219, 97, 49, 30, 49, 97, 219, 528, 1312, 3297],
    13: [4298, 1713, 691, 286, 129, 64, 40, 40, 64, 129, 286, 691, 1713, 4298],
    14: [5799, 2459, 1044, 445, 192, 85, 39, 20, 39, 85, 192, 445, 1044, 2459, 5799],
    15: [8799, 3577, 1460, 600, 251, 109, 54, 30, 30, 54, 109, 251, 600, 1460, 3577, 8799],
    16: [10999, 4513, 1859, 772, 329, 147, 73, 42, 31, 42, 73, 147, 329, 772, 1859, 4513, 10999],
  },
  high: {
    8: [2904, 528, 107, 33, 20, 33, 107, 528, 2904],
    9: [4302, 870, 185, 48, 20, 20, 48, 185, 870, 4302],
    10: [7598, 1426, 280, 67, 27, 20, 27, 67, 280, 1426, 7598],
    11: [12001, 2350, 471, 104, 34, 20, 20, 34, 104, 471, 2350, 12001],
    12: [17003, 3567, 760, 175, 51, 25, 20, 25, 51, 175, 760, 3567, 17003],
    13: [25995, 5673, 1247, 284, 76, 30, 20, 20, 30, 76, 284, 1247, 5673, 25995],
    14: [41995, 9137, 1997, 448, 113, 39, 23, 21, 23, 39, 113, 448, 1997, 9137, 41995],
    15: [61994, 14074, 3204, 740, 183, 54, 27, 20, 20, 27, 54, 183, 740, 3204, 14074, 61994],
    16: [100000, 22651, 5143, 1178, 283, 79, 33, 22, 20, 22, 33, 79, 283, 1178, 5143, 22651, 100000],
  },
};

export type PlinkoBet = { rows: number; risk: PlinkoRisk };

export type PlinkoRound = {
  rows: number;
  risk: PlinkoRisk;
  /** One step per row: 'L' or 'R'. */
  path: ('L' | 'R')[];
  /** 0 … rows, left to right. */
  bucket: number;
  /** The bucket's multiplier, e.g. 5.57. */
  multiplier: number;
  stake: number;
  win: number;
};

export function plinkoBetProblem(bet: { rows: unknown; risk: unknown }): { field: 'rows' | 'risk'; message: string } | null {
  if (typeof bet.rows !== 'number' || !Number.isInteger(bet.rows) || bet.rows < PLINKO_MIN_ROWS || bet.rows > PLINKO_MAX_ROWS) {
    return { field: 'rows', message: 'Choose from 8 to 16 rows.' };
  }
  if (!PLINKO_RISKS.includes(bet.risk as PlinkoRisk)) return { field: 'risk', message: 'The risk must be low, medium or high.' };
  return null;
}

export function plinkoTable(bet: PlinkoBet): readonly number[] {
  const table = PLINKO_TABLES[bet.risk][bet.rows];
  if (!table) throw new RangeError(`No plinko table for ${bet.rows} rows`);
  return table;
}

export function playPlinkoRound(stake: number, bet: PlinkoBet, floats: readonly number[]): PlinkoRound {
  if (floats.length < bet.rows) throw new RangeError(`A plinko drop over ${bet.rows} rows needs ${bet.rows} floats`);
  const path = floats.slice(0, bet.rows).map((float) => {
    if (!(float >= 0 && float < 1)) throw new RangeError('Plinko floats must lie in [0, 1)');
    return float >= 0.5 ? ('R' as const) : ('L' as const);
  });
  const bucket = path.filter((step) => step === 'R').length;
  const hundredths = plinkoTable(bet)[bucket]!;
  return { rows: bet.rows, risk: bet.risk, path, bucket, multiplier: hundredths / 100, stake, win: Math.floor((stake * hundredths) / 100) };
}

/** Σ C(rows, k) × m_k over 100 × 2^rows as an exact fraction [numerator, denominator]. */
export function plinkoRtpFraction(bet: PlinkoBet): [bigint, bigint] {
  const table = plinkoTable(bet);
  let numerator = 0n;
  let choose = 1n;
  for (let k = 0; k <= bet.rows; k++) {
    numerator += choose * BigInt(table[k]!);
    choose = (choose * BigInt(bet.rows - k)) / BigInt(k + 1);
  }
  return [numerator, 100n * 2n ** BigInt(bet.rows)];
}
