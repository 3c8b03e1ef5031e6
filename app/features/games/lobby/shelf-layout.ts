// How a lobby shelf fills the page (docs/decisions/0072-lobby.md). A shelf with more games than a row shows is a
// carousel (five across on a wide screen, four, three, two and a bit on a phone); a shelf with fewer is a
// full-width row whose tiles share the width. On wide screens the home page lays shelves on a five-column grid:
// a shelf of four or more spans the whole row, and two short shelves (say three slots and two table games) share
// one row, so no row ends half empty.

// Literal class names, so Tailwind finds every one of them in the source.
const BASE = ['w-full', 'w-full', 'w-[calc((100%-0.75rem)/2)]'];
const SM = ['sm:w-full', 'sm:w-full', 'sm:w-[calc((100%-0.75rem)/2)]', 'sm:w-[calc((100%-1.5rem)/3)]'];
const MD = ['md:w-full', 'md:w-full', 'md:w-[calc((100%-0.75rem)/2)]', 'md:w-[calc((100%-1.5rem)/3)]', 'md:w-[calc((100%-2.25rem)/4)]'];
const LG = [
  'lg:w-full',
  'lg:w-full',
  'lg:w-[calc((100%-0.75rem)/2)]',
  'lg:w-[calc((100%-1.5rem)/3)]',
  'lg:w-[calc((100%-2.25rem)/4)]',
  'lg:w-[calc((100%-3rem)/5)]',
];

/** The width classes of a tile on a shelf of `count` games. */
export function shelfItemWidth(count: number): string {
  return [BASE[count] ?? 'w-[44%]', SM[count] ?? 'sm:w-[30%]', MD[count] ?? 'md:w-[23%]', LG[count] ?? 'lg:w-[calc((100%-3rem)/5)]'].join(' ');
}

const SPANS = ['lg:col-span-5', 'lg:col-span-1', 'lg:col-span-2', 'lg:col-span-3'];

/** The columns a shelf of `count` games takes on the home page's five-column grid (wide screens). */
export function shelfSpan(count: number): string {
  return SPANS[count] ?? 'lg:col-span-5';
}

/** The home page's shelves: one column below `lg`, five columns there, later short shelves filling gaps. */
export const SHELVES_GRID = 'space-y-8 sm:space-y-10 lg:grid lg:grid-flow-row-dense lg:grid-cols-5 lg:gap-x-8 lg:gap-y-10 lg:space-y-0';
