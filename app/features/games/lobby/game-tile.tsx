import { Link } from 'react-router';
import type { GameSummary } from '../../../../contract/games.ts';
import { usePlayingNow } from '../../../lib/playing-now.ts';
import { FavouriteButton } from './favourite-button.tsx';

/** Width and height of the tile art (public/games/*.svg), so the browser keeps its space before it loads. */
const ART = { width: 400, height: 300 } as const;

/**
 * One game: its art, name, studio and RTP, linking to its play page, with the favourites heart. The link is
 * stretched over the whole card; the heart (and an aggregator's game's Demo button) sit above it, so no control is
 * nested inside the link. `eager` for tiles on screen when the page opens (a listing's first row): a lazy image there
 * is the page's largest paint, held back.
 */
export function GameTile({ game, eager = false }: { game: GameSummary; eager?: boolean }) {
  const playing = usePlayingNow(game.slug);
  const fromProvider = game.source !== 'house';
  return (
    <article
      data-game={game.slug}
      data-source={game.source}
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
          // An aggregator's art comes from its own host; no address of ours goes with the request.
          referrerPolicy={fromProvider ? 'no-referrer' : undefined}
          className="game-tile-img"
        />
        {game.rtp > 0 ? <span className="game-tile-badge">RTP {game.rtp.toFixed(2)}%</span> : null}
      </div>
      <div className="game-tile-body">
        <h3 className="game-tile-name">
          <Link to={`/play/${game.slug}`} draggable={false} className="game-tile-link">
            {game.name}
          </Link>
        </h3>
        <div className="flex items-center justify-between gap-2">
          <p className="truncate text-xs text-mist-400">{game.studio}</p>
          {fromProvider && game.demo ? (
            <Link
              to={`/play/${game.slug}?mode=demo`}
              draggable={false}
              aria-label={`Play ${game.name} in demo mode`}
              className="relative z-10 shrink-0 rounded-full border border-night-600 px-2 py-px text-[0.6875rem] font-semibold text-mist-200 hover:border-gold-400 hover:text-gold-300"
            >
              Demo
            </Link>
          ) : null}
        </div>
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
