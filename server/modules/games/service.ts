// The games module's services, wired once: favourites, provably fair seeds, real-money rounds, their recovery
// and sweep, and demo play.

import type { PlayedRound, RoundMode } from '../../../contract/games.ts';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import type { ScheduledJob } from '../../scheduler/scheduler.ts';
import { type CatalogService, GAME_UNAVAILABLE_MESSAGE } from '../catalog/service.ts';
import type { RoundFunding } from '../bonuses/funding.ts';
import type { LedgerService } from '../ledger/service.ts';
import { createDemoRounds } from './demo-rounds.ts';
import { createDemoSessions, type DemoSession } from './demo-sessions.ts';
import { prepareRound, type RoundInput } from './engines.ts';
import { createFairnessService } from './fairness.ts';
import { createFavouritesService } from './favourites.ts';
import { createInterruptedRounds, INTERRUPTED_ROUNDS_PATTERN } from './interrupted-rounds.ts';
import { createRoundGameNames } from './round-game-names.ts';
import { createRoundSettlement } from './round-settlement.ts';
import { createRoundsService, type StakeCarry, type StakeGuard, type StakeHook } from './rounds.ts';
import { createRoundTotals } from './totals.ts';
import { type Publish, publishNowhere } from '../shared/events.ts';
import type { GamesEvents } from './events.ts';

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
  funding,
  announceBalance,
  guardStake,
  onStake,
  carry,
  publish = publishNowhere,
}: {
  db: Database;
  ledger: LedgerService;
  catalog: CatalogService;
  currency: string;
  /** How stakes are paid and wins credited while a bonus is active (bonuses module); cash only without it. */
  funding?: RoundFunding;
  /** A round's one balance read and BalanceUpdated (rounds.ts; the wallet's balances decide when it reads). */
  announceBalance?: (playerId: number, known: number | null) => Promise<number>;
  /** Responsible-gambling limits in front of every real-money stake (rounds.ts). */
  guardStake?: StakeGuard;
  /** Called inside the transaction that takes a real-money stake (the clubs' points, decision 0065). */
  onStake?: StakeHook;
  /** How an instant round played as one statement earns the points onStake would (rounds.ts, decision 0091). */
  carry?: StakeCarry;
  /** Tells the others what happened (games/events.ts); no one hears when omitted. */
  publish?: Publish<GamesEvents>;
}) {
  const fairness = createFairnessService({ db });
  const demoSessions = createDemoSessions();
  const settlement = createRoundSettlement({ db, ledger, currency, funding });
  const interrupted = createInterruptedRounds({ db, settlement });
  const jobs: ScheduledJob[] = [{ name: 'games:interrupted-rounds', pattern: INTERRUPTED_ROUNDS_PATTERN, run: () => interrupted.sweep() }];
  // Each round that moved money is announced once (rounds.ts), and told to the others as RoundSettled.
  const settled =
    announceBalance &&
    (async (playerId: number, known: number | null) => {
      void publish('RoundSettled', { playerId });
      return announceBalance(playerId, known);
    });
  const rounds = createRoundsService({ db, ledger, catalog, fairness, settlement, currency, announceBalance: settled, funding, guardStake, onStake, carry });
  const demoRounds = createDemoRounds({ sessions: demoSessions });

  /**
   * A game that can be played now, or a 404 (anything that is not a slug names no game); a game an operator
   * disabled refuses new rounds with a 409 (rounds already in progress still take their moves and finish).
   */
  async function playableGame(slug: string, { inProgress = false }: { inProgress?: boolean } = {}) {
    const game = SLUG_PATTERN.test(slug) ? await catalog.playableGame(slug) : null;
    if (!game) throw new Problem(404, 'No game with that slug.');
    if (!game.enabled && !inProgress) throw new Problem(409, GAME_UNAVAILABLE_MESSAGE, { type: 'game_unavailable' });
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
      // A free spin is played at its bonus's fixed stake, paid by the house (bonuses module).
      if (input.free_spin) {
        if (!funding) throw new Problem(400, 'You have no free spins on this game.', { type: 'bonus' });
        const stake = await funding.freeSpinStake(player.id, game);
        return rounds.play(player.id, game, prepareRound(game, { stake }, currency), key, { freeSpin: true });
      }
      return rounds.play(player.id, game, prepareRound(game, input, currency), key);
    }
    if (input.free_spin) throw new Problem(400, 'Free spins are played for real, from an active bonus.', { type: 'bonus' });
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
    /** The game's name of each real-money round id (the wallet history's bet and win rows). */
    roundGameNames: createRoundGameNames(db, catalog),
    /** Stakes and wins since each instant, for the limits module. */
    roundTotals: createRoundTotals(db),
    /** Settled real-money rounds' stakes and wins per player over a period (the clubs' cashback). */
  };
}
