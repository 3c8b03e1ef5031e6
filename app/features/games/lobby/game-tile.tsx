import { Link } from 'react-router';
import type { GameSummary } from '../../../../contract/games.ts';
import { usePlayingNow } from '../../../lib/playing-now.ts';
import { FavouriteButton } from './favourite-button.tsx';
import { providerLabel } from './provider-label.ts';

/** Width and height of the tile art (public/games/*.svg), so the browser keeps its space before it loads. */
const ART = { width: 400, height: 300 } as const;

/**
 * One game: its art, name, provider and RTP, linking to its play page, with the favourites heart. The link is
 * stretched over the whole card; the heart sits above it, so no control is nested inside the link. `eager` for tiles
 * on screen when the page opens (a listing's first row): a lazy image there is the page's largest paint, held back.
 */
export function GameTile({ game, eager = false }: { game: GameSummary; eager?: boolean }) {
  const playing = usePlayingNow(game.slug);
  return (
    <article
      data-game={game.slug}
      // The classes are named in app.css (a shelf repeats them on every tile).
      className="game-tile"
    >
      <div className="game-tile-art">
        <img
          src={game.thumbnail}
          alt=""
          width={ART.width}
          height={ART.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          draggable={false}
          className="game-tile-img"
        />
        <span className="game-tile-badge">RTP {game.rtp.toFixed(2)}%</span>
      </div>
      <div className="game-tile-body">
        <h3 className="game-tile-name">
          <Link to={`/play/${game.slug}`} draggable={false} className="game-tile-link">
            {game.name}
          </Link>
        </h3>
        <p className="truncate text-xs text-mist-400">{providerLabel(game.provider)}</p>
        {playing > 0 ? (
          <p className="truncate text-xs text-mist-300" data-testid="playing-now">
            <span aria-hidden="true" className="mr-1 inline-block size-1.5 rounded-full bg-felt-500 align-middle" />
            {playing} playing now
          </p>
        ) : null}
      </div>
      <FavouriteButton game={game} className="absolute right-2 top-2 z-10" />
    </article>
  );
}
