import { GameCarousel } from './game-carousel.tsx';
import { useFavourites } from './favourites-context.tsx';

/**
 * The player's favourites as a lobby row, most recently added first: the API keeps them latest last, but a row
 * shows its start, and on a phone only two tiles fit, so the game just hearted must come first to be seen.
 * Shown only to players whose favourites were loaded (active and not blocked).
 */
export function FavouritesShelf() {
  const { games } = useFavourites();
  if (!games) return null;
  return (
    <GameCarousel
      id="shelf-favourites"
      title="Your favourites"
      games={[...games].reverse()}
      empty={
        <p className="rounded-card border border-dashed border-night-600 px-4 py-8 text-center text-sm text-mist-400">
          Tap the heart on any game to keep it here.
        </p>
      }
    />
  );
}
