import { useCallback, useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import type { GameSummary } from '../../../../contract/games.ts';
import { GameTile } from './game-tile.tsx';
import { ShelfHeading } from './shelf-heading.tsx';
import { attachDragScroll } from './attach-drag-scroll.ts';
import { shelfItemWidth, shelfSpan } from './shelf-layout.ts';

/** Tile widths: about two and a bit on a phone, five on a wide screen, so a cut-off tile says the row scrolls. */
export const SHELF_ITEM = 'w-[44%] shrink-0 snap-start sm:w-[30%] md:w-[23%] lg:w-[18.6%]';
/** The row bleeds into the page's side padding, so tiles scroll out at the screen's edge rather than short of it. */
export const SHELF_ROW = 'flex gap-3 overflow-x-auto overscroll-x-contain -mx-4 px-4 py-1.5 scroll-px-4 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden';

type Ends = { start: boolean; end: boolean };

/**
 * A row of game tiles that scrolls sideways inside itself: by mouse drag (SPEC.md §9), touch, keyboard focus,
 * the shift-wheel, or the previous/next buttons.
 */
export function GameCarousel({
  id,
  title,
  seeAll,
  games,
  empty,
  fill = false,
}: {
  id: string;
  title: string;
  seeAll?: string;
  games: GameSummary[];
  empty?: ReactNode;
  /** Short shelves fill the width (tiles share it; on the home grid the shelf spans as many columns as it has tiles). */
  fill?: boolean;
}) {
  const row = useRef<HTMLUListElement | null>(null);
  // Until measured (and on the server) both ends count as reached: no buttons to offer yet.
  const [ends, setEnds] = useState<Ends>({ start: true, end: true });
  const measure = useCallback(() => {
    const element = row.current;
    if (!element) return;
    const start = element.scrollLeft <= 1;
    const end = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
    setEnds((current) => (current.start === start && current.end === end ? current : { start, end }));
  }, []);
  // The row mounts only once there are games (the favourites row may start empty), hence a ref callback.
  const attachRow = useCallback(
    (element: HTMLUListElement) => {
      row.current = element;
      const detach = attachDragScroll(element);
      const observer = new ResizeObserver(measure);
      observer.observe(element);
      return () => {
        detach();
        observer.disconnect();
        row.current = null;
      };
    },
    [measure],
  );
  // More or fewer tiles change how far the row scrolls without changing its size.
  useEffect(measure, [measure, games]);

  const page = (direction: -1 | 1) => {
    const element = row.current;
    if (element) element.scrollBy({ left: direction * element.clientWidth * 0.85, behavior: 'smooth' });
  };
  const scrolls = !(ends.start && ends.end);

  return (
    <section aria-labelledby={id} className={`min-w-0 space-y-3 ${fill ? shelfSpan(games.length) : ''}`} data-shelf-count={games.length}>
      <ShelfHeading id={id} title={title} seeAll={seeAll}>
        <div className={`flex gap-1.5 ${scrolls ? '' : 'invisible'}`}>
          <ScrollButton label={`Previous ${title}`} disabled={ends.start} onClick={() => page(-1)} direction={-1} />
          <ScrollButton label={`Next ${title}`} disabled={ends.end} onClick={() => page(1)} direction={1} />
        </div>
      </ShelfHeading>
      {games.length === 0 ? (
        empty
      ) : (
        <ul
          ref={attachRow}
          onScroll={measure}
          onFocus={revealFocusedTile}
          className={`${SHELF_ROW} cursor-grab snap-x snap-mandatory select-none data-dragging:cursor-grabbing data-dragging:snap-none`}
        >
          {games.map((game) => (
            <li key={game.id} className={fill ? `shrink-0 snap-start ${shelfItemWidth(games.length)}` : SHELF_ITEM}>
              <GameTile game={game} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Chromium leaves a keyboard-focused tile that is partly outside the row where it is; bring the whole tile in. Only
 * for keyboard focus: a mouse press focuses the link too, and the row must not jump under the pointer.
 */
function revealFocusedTile(event: FocusEvent<HTMLUListElement>) {
  const target = event.target;
  if (target instanceof Element && target.matches(':focus-visible')) target.closest('li')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

function ScrollButton({ label, disabled, onClick, direction }: { label: string; disabled: boolean; onClick: () => void; direction: -1 | 1 }) {
  return (
    <button type="button" aria-label={label} disabled={disabled} onClick={onClick} className="shelf-scroll-button">
      <svg viewBox="0 0 20 20" aria-hidden="true" className={`h-4 w-4 ${direction < 0 ? 'rotate-180' : ''}`}>
        <path d="m7.5 4 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
