// The info panel in the API's words (snake_case), from the engine's own description of the game in games/.

import type { GameInfo } from '../../../contract/games.ts';
import type { GameInfo as EngineInfo } from '../../../games/game-info.ts';

export function toGameInfo(info: EngineInfo): GameInfo {
  const base = { rules: [...info.rules], rtp: info.rtpPercent, rtp_source: info.rtpSource, volatility: info.volatility };
  switch (info.kind) {
    case 'roulette':
      return { ...base, kind: 'roulette', paytable: info.paytable.map((row) => ({ ...row })) };
    case 'blackjack':
      return { ...base, kind: 'blackjack', paytable: info.paytable.map((row) => ({ ...row })) };
    case 'slot':
      return {
        ...base,
        kind: 'slot',
        paytable: info.paytable.map(({ paysOn, pays, ...row }) => ({ ...row, pays: { ...pays }, pays_on: paysOn })),
        lines: info.lines,
        paylines: info.paylines.map((line) => [...line]),
        hit_frequency: info.hitFrequencyPercent,
        free_spins: {
          award: info.freeSpins.award,
          multiplier: info.freeSpins.multiplier,
          max_per_round: info.freeSpins.maxPerRound,
          trigger_one_in: info.freeSpins.triggerOneIn,
        },
      };
    case 'dice':
    case 'mines':
    case 'plinko':
    case 'crash':
      return { ...base, kind: info.kind, paytable: info.paytable.map((row) => ({ ...row })) };
  }
}
