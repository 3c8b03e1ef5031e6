// The info panel's data for a slot title, derived from its data and its exact maths.

import { roundPercent, type GameInfo } from '../game-info.ts';
import { slotMaths } from './maths.ts';
import type { SlotTitle } from './title.ts';

export function slotInfo(title: SlotTitle): GameInfo {
  const maths = slotMaths(title);
  const lines = title.paylines.length;
  const name = (kind: 'wild' | 'scatter') => title.symbols.find((symbol) => symbol.kind === kind)!.name;
  const [three, four, five] = title.symbols.find((symbol) => symbol.kind === 'scatter')!.pays;
  const { award, multiplier, maxPerRound } = title.freeSpins;
  return {
    kind: 'slot',
    slug: title.slug,
    name: title.name,
    rules: [
      title.theme,
      `5 reels, 3 rows and ${lines} fixed paylines. Your stake is shared equally by the lines, so it must be a multiple of ${lines}.`,
      'Line wins pay for 3, 4 or 5 of a kind on a line, left to right from the first reel, in multiples of the line bet. Each line pays its highest win; wins on different lines add up.',
      `${name('wild')} is wild: it stands in for every symbol except ${name('scatter')}, and pays on its own.`,
      `${name('scatter')} pays anywhere on the reels, on the total stake: 3 pay ${three}×, 4 pay ${four}×, 5 pay ${five}×.`,
      `3 or more ${name('scatter')} award ${award} free spins at the same stake, played on their own reels with every win multiplied by ${multiplier}. Free spins can award ${award} more, up to ${maxPerRound} free spins in one round.`,
      `The theoretical return to player is ${roundPercent(maths.rtp).toFixed(2)}%, calculated exactly from the reel strips and pays.`,
    ],
    paytable: title.symbols.map((symbol) => ({
      symbol: symbol.id,
      name: symbol.name,
      kind: symbol.kind,
      colour: symbol.colour,
      pays: { 3: symbol.pays[0], 4: symbol.pays[1], 5: symbol.pays[2] },
      paysOn: symbol.kind === 'scatter' ? 'total stake' : 'line bet',
    })),
    lines,
    paylines: title.paylines.map((line) => [...line]),
    hitFrequencyPercent: roundPercent(maths.hitFrequency),
    freeSpins: { award, multiplier, maxPerRound, triggerOneIn: Math.round(1 / maths.freeSpinsTrigger) },
    rtpPercent: roundPercent(maths.rtp),
    rtpSource:
      'Calculated exactly, not simulated: every combination of reel stops is counted with what it pays, and the free spins are added by their exact expected value.',
    volatility: title.volatility,
    stake: title.stake,
  };
}
