import { Suspense } from 'react';
import { Await, useRevalidator } from 'react-router';
import type { GamesPage } from '../../../../contract/games.ts';
import type { GameCategory } from '../../../../contract/site.ts';
import { GameCarousel, SHELF_ITEM, SHELF_ROW } from './game-carousel.tsx';
import { GameTileSkeleton } from './game-tile-skeleton.tsx';
import { useLobbyProvider } from './provider-filter.tsx';
import { ShelfHeading } from './shelf-heading.tsx';

/** How many tiles a shelf shows before "See all". */
export const SHELF_SIZE = 12;

/** One category's row in the lobby: the carousel (skeleton tiles while games still stream in), or a retry. */
export function CategoryShelf({ category, games }: { category: GameCategory; games: GamesPage | Promise<GamesPage> }) {
  const provider = useLobbyProvider();
  const id = `shelf-${category.slug}`;
  const seeAll = `/${category.slug}`;
  const carousel = (page: GamesPage) => (
    <GameCarousel
      id={id}
      title={category.name}
      seeAll={seeAll}
      games={provider ? page.data.filter((game) => game.provider === provider) : page.data}
      fill
      empty={
        <p className="rounded-card border border-dashed border-night-600 px-4 py-8 text-center text-sm text-mist-400">
          No games in {category.name.toLowerCase()} yet.
        </p>
      }
    />
  );
  // Games already loaded render in place: inside a Suspense boundary React may still send a large row as its
  // skeleton first and the row itself in a hidden block after it, which sent the home page's rows twice.
  if (!(games instanceof Promise)) return carousel(games);
  return (
    // The skeleton's heading has an id of its own: streamed HTML holds both until React swaps them, and ids must be unique.
    <Suspense fallback={<ShelfSkeleton id={`${id}-loading`} title={category.name} seeAll={seeAll} />}>
      <Await resolve={games} errorElement={<ShelfError id={id} title={category.name} seeAll={seeAll} />}>
        {carousel}
      </Await>
    </Suspense>
  );
}

function ShelfSkeleton({ id, title, seeAll }: { id: string; title: string; seeAll: string }) {
  return (
    <section aria-labelledby={id} aria-busy="true" className="space-y-3 lg:col-span-5">
      <ShelfHeading id={id} title={title} seeAll={seeAll} />
      <ul className={SHELF_ROW}>
        {Array.from({ length: 5 }, (_, index) => (
          <li key={index} className={SHELF_ITEM}>
            <GameTileSkeleton />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ShelfError({ id, title, seeAll }: { id: string; title: string; seeAll: string }) {
  const revalidator = useRevalidator();
  return (
    <section aria-labelledby={id} className="space-y-3 lg:col-span-5">
      <ShelfHeading id={id} title={title} seeAll={seeAll} />
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-card border border-ruby-500/40 bg-night-850 px-4 py-8 text-center sm:flex-row sm:justify-center"
      >
        <p className="text-sm text-mist-300">These games could not be loaded.</p>
        <button type="button" className="btn btn-ghost" disabled={revalidator.state === 'loading'} onClick={() => void revalidator.revalidate()}>
          Try again
        </button>
      </div>
    </section>
  );
}
