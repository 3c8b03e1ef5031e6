import { Link } from 'react-router';
import type { GameSummary } from '../../../../contract/games.ts';
import { usePlayingNow } from '../../../lib/playing-now.ts';
import { FavouriteButton } from './favourite-button.tsx';
import { providerLabel } from './provider-label.ts';

/** Width and height of the tile art (public/games/*.svg), so the browser keeps its space before it loads. */
const ART = { width: 400, height: 300 } as const;

/**
 * One game: its art, name, provider and RTP, linking to its play page, with the favourites heart. The link is
 * stretched over the whole card; the heart sits above it, so no control is nested inside the link.
 */
export function GameTile({ game }: { game: GameSummary }) {
  const playing = usePlayingNow(game.slug);
  return (
    <article
      data-game={game.slug}
      className="group relative flex h-full flex-col overflow-hidden rounded-card border border-night-700 bg-night-850 transition-colors hover:border-gold-500 has-[a:focus-visible]:border-gold-400 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-gold-400"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-night-800">
        <img
          src={game.thumbnail}
          alt=""
          width={ART.width}
          height={ART.height}
          loading="lazy"
          decoding="async"
          draggable={false}
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
        />
        <span className="absolute left-2 top-2 rounded-full bg-night-950/80 px-2 py-0.5 text-[0.6875rem] font-semibold tabular-nums text-gold-300 backdrop-blur-sm">
          RTP {game.rtp.toFixed(2)}%
        </span>
      </div>
      <div className="flex flex-1 flex-col px-3 py-2.5">
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug text-mist-100">
          <Link to={`/play/${game.slug}`} draggable={false} className="after:absolute after:inset-0 focus-visible:outline-none">
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
