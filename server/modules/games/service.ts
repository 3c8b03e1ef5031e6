// The games module's services, wired once: favourites, provably fair seeds, real-money rounds and demo play.

import type { Database } from '../../db/client.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import { createDemoRounds } from './demo-rounds.ts';
import { createDemoSessions } from './demo-sessions.ts';
import { createFairnessService } from './fairness.ts';
import { createFavouritesService } from './favourites.ts';
import { createRoundsService } from './rounds.ts';

export type GamesService = ReturnType<typeof createGamesService>;

export function createGamesService({ db, ledger, catalog, currency }: { db: Database; ledger: LedgerService; catalog: CatalogService; currency: string }) {
  const fairness = createFairnessService({ db });
  const demoSessions = createDemoSessions();
  return {
    currency,
    favourites: createFavouritesService({ db, catalog }),
    fairness,
    rounds: createRoundsService({ db, ledger, catalog, fairness, currency }),
    demoSessions,
    demoRounds: createDemoRounds({ sessions: demoSessions }),
  };
}
