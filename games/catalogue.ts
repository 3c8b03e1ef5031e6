// Every game the house offers, as the lobby's info panel describes it.

import { blackjackInfo } from './blackjack/info.ts';
import { crashInfo } from './crash/info.ts';
import { diceInfo } from './dice/info.ts';
import type { GameInfo } from './game-info.ts';
import { minesInfo } from './mines/info.ts';
import { plinkoInfo } from './plinko/info.ts';
import { rouletteInfo } from './roulette/info.ts';
import { SLOT_TITLES } from './slots/catalogue.ts';
import { slotInfo } from './slots/info.ts';

let catalogue: GameInfo[] | undefined;

/** Built on first use: the slots' exact maths takes tens of milliseconds per title. */
export function gameCatalogue(): readonly GameInfo[] {
  catalogue ??= [rouletteInfo, blackjackInfo, ...SLOT_TITLES.map(slotInfo), diceInfo, minesInfo, plinkoInfo, crashInfo];
  return catalogue;
}

export function gameInfo(slug: string): GameInfo | undefined {
  return gameCatalogue().find((game) => game.slug === slug);
}
