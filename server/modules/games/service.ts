// The games module's services, wired once: favourites, provably fair seeds, real-money rounds, their recovery
// and sweep, and demo play.

import type { Database } from '../../db/client.ts';
import type { ScheduledJob } from '../../scheduler/scheduler.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import { createDemoRounds } from './demo-rounds.ts';
import { createDemoSessions } from './demo-sessions.ts';
import { createFairnessService } from './fairness.ts';
import { createFavouritesService } from './favourites.ts';
import { createInterruptedRounds, INTERRUPTED_ROUNDS_PATTERN } from './interrupted-rounds.ts';
import { createRoundSettlement } from './round-settlement.ts';
import { createRoundsService } from './rounds.ts';

export type GamesService = ReturnType<typeof createGamesService>;

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
  return {
    currency,
    favourites: createFavouritesService({ db, catalog }),
    fairness,
    rounds: createRoundsService({ db, ledger, catalog, fairness, settlement, currency, announceBalance }),
    interrupted,
    jobs,
    demoSessions,
    demoRounds: createDemoRounds({ sessions: demoSessions }),
  };
}
