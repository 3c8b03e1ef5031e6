// The games module's services, wired once: favourites, provably fair seeds, real-money rounds, their recovery
// and sweep, and demo play.

import type { PlayedRound, RoundMode } from '../../../contract/games.ts';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import type { ScheduledJob } from '../../scheduler/scheduler.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import { createDemoRounds } from './demo-rounds.ts';
import { createDemoSessions, type DemoSession } from './demo-sessions.ts';
import { prepareRound, type RoundInput } from './engines.ts';
import { createFairnessService } from './fairness.ts';
import { createFavouritesService } from './favourites.ts';
import { createInterruptedRounds, INTERRUPTED_ROUNDS_PATTERN } from './interrupted-rounds.ts';
import { createRoundSettlement } from './round-settlement.ts';
import { createRoundsService } from './rounds.ts';

export type GamesService = ReturnType<typeof createGamesService>;

const SLUG_PATTERN = /^[a-z0-9-]{1,64}$/;

/**
 * What a round needs from the HTTP door, asked for in the order the answers depend on: who plays real money
 * (the player guard: 401, 423 or 403), whether a guest may play (a blocked player's token: 423), the
 * Idempotency-Key (400 where required) and the demo session the cookie names.
 */
export type RoundDoor = {
  player: () => Promise<{ id: number }>;
  guest: () => Promise<void>;
  key: (required: boolean) => string | null;
  demoSession: () => Promise<DemoSession>;
};

export function createGamesService({
  db,
  ledger,
  catalog,
  currency,
  announceBalance,
}: {
  db: Database;
  ledger: LedgerService;
  catalog: CatalogService;
  currency: string;
  /** A round's one balance read and BalanceUpdated (rounds.ts). */
  announceBalance?: (playerId: number) => Promise<number>;
}) {
  const fairness = createFairnessService({ db });
  const demoSessions = createDemoSessions();
  const settlement = createRoundSettlement({ db, ledger, currency });
  const interrupted = createInterruptedRounds({ db, settlement });
  const jobs: ScheduledJob[] = [{ name: 'games:interrupted-rounds', pattern: INTERRUPTED_ROUNDS_PATTERN, run: () => interrupted.sweep() }];
  const rounds = createRoundsService({ db, ledger, catalog, fairness, settlement, currency, announceBalance });
  const demoRounds = createDemoRounds({ sessions: demoSessions });

  /** A game that can be played now, or a 404 (anything that is not a slug names no game). */
  async function playableGame(slug: string) {
    const game = SLUG_PATTERN.test(slug) ? await catalog.playableGame(slug) : null;
    if (!game) throw new Problem(404, 'No game with that slug.');
    return game;
  }

  /**
   * One round of a game, real money or demo: the game (404), then the guard of the mode, the key, the engine's
   * check of the bets or stake against the limits (422) and the play itself.
   */
  async function playRound(slug: string, { mode, ...input }: RoundInput & { mode: RoundMode }, door: RoundDoor): Promise<PlayedRound> {
    const game = await playableGame(slug);
    if (mode === 'real') {
      const player = await door.player();
      const key = door.key(true)!;
      return rounds.play(player.id, game, prepareRound(game, input, currency), key);
    }
    await door.guest();
    const key = door.key(false);
    const prepared = prepareRound(game, input, currency);
    return demoRounds.play(await door.demoSession(), game, prepared, key);
  }

  return {
    currency,
    favourites: createFavouritesService({ db, catalog }),
    fairness,
    rounds,
    interrupted,
    jobs,
    demoSessions,
    demoRounds,
    playableGame,
    playRound,
  };
}
