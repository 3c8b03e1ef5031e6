import type { GameSummary } from '../../../../contract/games.ts';
import { GameTile } from './game-tile.tsx';
import { GameTileSkeleton } from './game-tile-skeleton.tsx';

/** The tiles a phone shows without scrolling (two rows of two): their art loads at once, the rest as it scrolls in. */
const EAGER_TILES = 4;

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5';

/** Games in a responsive grid: listings and search results. */
export function GameGrid({ games, label }: { games: GameSummary[]; label: string }) {
  return (
    <ul aria-label={label} className={GRID}>
      {games.map((game, index) => (
        <li key={game.id}>
          <GameTile game={game} eager={index < EAGER_TILES} />
        </li>
      ))}
    </ul>
  );
}

export function GameGridSkeleton({ count = 5 }: { count?: number }) {
  return (
    <ul aria-hidden="true" className={GRID}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <GameTileSkeleton />
        </li>
      ))}
    </ul>
  );
}
