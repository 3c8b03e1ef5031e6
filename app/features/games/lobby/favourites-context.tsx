import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { GameSummary } from '../../../../contract/games.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { BLOCKED_MESSAGE, NOT_ACTIVATED_MESSAGE } from '../../../../contract/player-standing.ts';
import { useSiteState } from '../../../lib/use-site-state.ts';
import { callApi } from '../../../lib/api.ts';
import { usePopup } from '../../../lib/popup-context.tsx';

type Favourites = {
  /** The player's favourites, latest last as the API keeps them; null when none are loaded (guests, not-activated and blocked players). */
  games: GameSummary[] | null;
  isFavourite: (gameId: number) => boolean;
  isPending: (gameId: number) => boolean;
  toggle: (game: GameSummary) => Promise<void>;
};

const FavouritesContext = createContext<Favourites | null>(null);

// SPEC.md §8: the two refusals are shown word for word; other failures are only logged.
const refusals: Record<number, string> = { 403: NOT_ACTIVATED_MESSAGE, 423: BLOCKED_MESSAGE };

/**
 * The favourites every tile's heart and the lobby's favourites row share (SPEC.md §5, §7, §8). `loaded` is what the
 * page's loader read; after a toggle the list is the one the server answered with.
 */
export function FavouritesProvider({ loaded, children }: { loaded: GameSummary[] | null; children: ReactNode }) {
  const viewer = useSiteState()?.viewer ?? null;
  const { openPopup, closePopup } = usePopup();
  const { notify } = useToast();
  // A fresh loader answer (a revalidation, another page) replaces whatever the last toggle left.
  const [state, setState] = useState({ loaded, games: loaded });
  if (state.loaded !== loaded) setState({ loaded, games: loaded });
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  const toggle = useCallback(
    async (game: GameSummary) => {
      if (!viewer) return openPopup('login');
      setPending((ids) => new Set(ids).add(game.id));
      const result = await callApi('POST', `/api/player/favourite/games/${game.id}`);
      setPending((ids) => {
        const left = new Set(ids);
        left.delete(game.id);
        return left;
      });
      if (result.ok) return setState((current) => ({ ...current, games: result.body.data }));
      const refusal = refusals[result.status];
      if (refusal) {
        closePopup();
        notify(refusal, 'error');
      } else if (result.status === 401) {
        // The session ended since the page was drawn: the server now sees a guest.
        openPopup('login');
      } else {
        console.error(`Favourite toggle for game ${game.id} failed: ${result.status} ${result.message}`);
      }
    },
    [viewer, openPopup, closePopup, notify],
  );

  const value = useMemo<Favourites>(() => {
    const ids = new Set(state.games?.map((game) => game.id));
    return { games: state.games, isFavourite: (id) => ids.has(id), isPending: (id) => pending.has(id), toggle };
  }, [state.games, pending, toggle]);
  return <FavouritesContext value={value}>{children}</FavouritesContext>;
}

export function useFavourites(): Favourites {
  const favourites = useContext(FavouritesContext);
  if (!favourites) throw new Error('useFavourites needs a FavouritesProvider above it');
  return favourites;
}
