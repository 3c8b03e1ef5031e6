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

/** An aggregator's game has no maths of ours: its panel says what the aggregator's list told us. */
export function providerGameInfo(game: { rtp: number; volatility: string; providerName: string; freebets: boolean; demo: boolean }): GameInfo {
  return {
    kind: 'provider',
    rules: [
      `${game.providerName} runs this game; the rules and the pay table are in the game itself (its menu or its "i" button).`,
      'Stakes and wins move your Croupier balance as you play, and count toward your limits like any other game.',
    ],
    rtp: game.rtp,
    rtp_source: `as published by ${game.providerName}`,
    volatility: game.volatility as GameInfo['volatility'],
    paytable: [
      { label: 'Studio', value: game.providerName },
      { label: 'Demo', value: game.demo ? 'Yes, with fun money' : 'No' },
      { label: 'Free rounds', value: game.freebets ? 'Can be awarded by bonuses' : 'No' },
    ],
  };
}
