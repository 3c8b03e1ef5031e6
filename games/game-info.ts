// What the lobby's info panel shows for a game: plain data, no behaviour.

export type Volatility = 'low' | 'medium' | 'high';

/** Stake suggestions in minor units per round (the operator's own limits may be narrower). */
export type StakeRange = { min: number; max: number };

export type RoulettePaytableRow = { bet: string; type: string; covers: string; payout: string; multiplier: number };

export type SlotPaytableRow = {
  symbol: string;
  name: string;
  kind: 'pay' | 'wild' | 'scatter';
  colour: string;
  /** Count of a kind → multiple of `paysOn`. */
  pays: Record<3 | 4 | 5, number>;
  paysOn: 'line bet' | 'total stake';
};

export type BlackjackPaytableRow = { hand: string; payout: string };

type InfoBase = {
  slug: string;
  name: string;
  /** Rules, one paragraph each, in the player's words. */
  rules: string[];
  /** Return to player in percent, rounded to 2 decimals. */
  rtpPercent: number;
  /** How the RTP figure was obtained. */
  rtpSource: string;
  volatility: Volatility;
  stake: StakeRange;
};

export type GameInfo =
  | (InfoBase & { kind: 'roulette'; paytable: RoulettePaytableRow[] })
  | (InfoBase & {
      kind: 'slot';
      paytable: SlotPaytableRow[];
      lines: number;
      paylines: number[][];
      /** Probability that a paid spin wins anything or awards free spins, in percent, 2 decimals. */
      hitFrequencyPercent: number;
      freeSpins: { award: number; multiplier: number; maxPerRound: number; triggerOneIn: number };
    })
  | (InfoBase & { kind: 'blackjack'; paytable: BlackjackPaytableRow[] })
  | (InfoBase & { kind: OriginalKind; paytable: OriginalPaytableRow[] });

/** The house's provably fair originals (docs/decisions/0070-originals.md). */
export const ORIGINAL_KINDS = ['dice', 'mines', 'plinko', 'crash'] as const;
export type OriginalKind = (typeof ORIGINAL_KINDS)[number];
/** One line of an original's paytable: what is played and what it pays. */
export type OriginalPaytableRow = { label: string; value: string };

export function roundPercent(fraction: number): number {
  return Math.round(fraction * 10_000) / 100;
}
