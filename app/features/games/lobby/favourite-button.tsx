import type { GameSummary } from '../../../../contract/games.ts';
import { useFavourites } from './favourites-context.tsx';

/** The heart on a tile: adds the game to the player's favourites or takes it out (a guest is asked to log in). */
export function FavouriteButton({ game, className = '' }: { game: GameSummary; className?: string }) {
  const { isFavourite, isPending, toggle } = useFavourites();
  const pressed = isFavourite(game.id);
  const pending = isPending(game.id);
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-busy={pending || undefined}
      aria-label={pressed ? `Remove ${game.name} from favourites` : `Add ${game.name} to favourites`}
      // Not `disabled` while the answer is awaited: that would drop keyboard focus from the button.
      onClick={() => void (pending ? undefined : toggle(game))}
      // Its look follows aria-pressed and aria-busy (app.css), so the markup names one class.
      className={`favourite-button ${className}`}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5">
        <path
          d="M12 20.3 4.6 13a4.6 4.6 0 0 1 0-6.6 4.7 4.7 0 0 1 6.6 0l.8.8.8-.8a4.7 4.7 0 0 1 6.6 0 4.6 4.6 0 0 1 0 6.6Z"
          fill={pressed ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
