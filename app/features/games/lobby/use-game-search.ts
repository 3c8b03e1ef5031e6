import { useEffect, useRef, useState } from 'react';
import type { GamesPage } from '../../../../contract/games.ts';
import { callApi } from '../../../lib/api.ts';

/** Typing pauses this long before the catalogue is asked, so a word is one request, not one per letter. */
const SEARCH_DEBOUNCE_MS = 300;
/** The API's longest name search. */
export const SEARCH_MAX_LENGTH = 100;
const SEARCH_PAGE_SIZE = 24;

type SearchAnswer = { query: string; page: GamesPage } | { query: string; failed: true };

/**
 * The catalogue's answer for `query` (trimmed; empty means no search). While a newer answer is on its way the
 * last one stays, with `searching` set, so results do not blink between keystrokes; answers to queries the
 * player has already typed past are dropped.
 */
export function useGameSearch(query: string): { answer: SearchAnswer | null; searching: boolean; retry: () => void } {
  const wanted = query.trim();
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(wanted);
  latest.current = wanted;

  useEffect(() => {
    if (!wanted) return setAnswer(null);
    const timer = window.setTimeout(async () => {
      const params = new URLSearchParams({ q: wanted, per_page: String(SEARCH_PAGE_SIZE) });
      const result = await callApi('GET', `/api/games?${params}`);
      if (latest.current !== wanted) return;
      setAnswer(result.ok ? { query: wanted, page: result.body } : { query: wanted, failed: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [wanted, attempt]);

  const searching = wanted !== '' && (answer === null || answer.query !== wanted);
  return {
    answer: wanted ? answer : null,
    searching,
    retry: () => {
      setAnswer(null);
      setAttempt((count) => count + 1);
    },
  };
}
