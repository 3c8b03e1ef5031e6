import { useId, useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/card.tsx';
import { GameGrid, GameGridSkeleton } from './game-grid.tsx';
import { SEARCH_MAX_LENGTH, useGameSearch } from './use-game-search.ts';

/** The lobby's search box. While it holds a query its results take the place of the rows (`children`). */
export function LobbySearch({ children }: { children: ReactNode }) {
  const [query, setQuery] = useState('');
  const { answer, searching, retry } = useGameSearch(query);
  const inputId = useId();
  const active = query.trim() !== '';

  return (
    <>
      <form role="search" className="relative max-w-xl" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} className="sr-only">
          Search games
        </label>
        <svg viewBox="0 0 20 20" aria-hidden="true" className="pointer-events-none absolute left-3.5 top-1/2 h-5 w-5 -translate-y-1/2 text-mist-400">
          <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m13 13 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={inputId}
          type="search"
          value={query}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search games"
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setQuery('');
          }}
          className="h-12 w-full rounded-xl border border-night-600 bg-night-850 pl-11 pr-4 text-base text-mist-100 placeholder:text-mist-400 focus:border-gold-400 focus:outline-none"
        />
      </form>
      {active ? (
        <section aria-labelledby="search-results-heading" aria-busy={searching} className="space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 id="search-results-heading" className="font-display text-xl font-bold text-mist-100 sm:text-2xl">
              Search results
            </h2>
            <p role="status" className="text-sm text-mist-400">
              {answer && 'page' in answer ? matchCount(answer.page.meta.total, answer.query) : null}
            </p>
          </div>
          <SearchResults answer={answer} searching={searching} retry={retry} />
        </section>
      ) : (
        children
      )}
    </>
  );
}

function SearchResults({ answer, searching, retry }: ReturnType<typeof useGameSearch>) {
  if (!answer) return <GameGridSkeleton />;
  if ('failed' in answer) {
    return (
      <div role="alert">
        <EmptyState
          title="The search did not go through"
          text="We could not reach the games catalogue. Check your connection and try again."
          action={
            <button type="button" className="btn btn-ghost" onClick={retry}>
              Try again
            </button>
          }
        />
      </div>
    );
  }
  return (
    <div className={`transition-opacity ${searching ? 'opacity-60' : ''}`}>
      {answer.page.data.length === 0 ? (
        <EmptyState title="Nothing found" text="Try a shorter word or part of a game's name, or clear the search to browse the lobby." />
      ) : (
        <GameGrid games={answer.page.data} label={`Games matching “${answer.query}”`} />
      )}
    </div>
  );
}

function matchCount(total: number, query: string): string {
  if (total === 0) return `No games match “${query}”.`;
  return `${total} ${total === 1 ? 'game matches' : 'games match'} “${query}”.`;
}
