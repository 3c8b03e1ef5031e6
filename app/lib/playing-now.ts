import { useEffect, useSyncExternalStore } from 'react';
import { callApi } from './api.ts';

// "N playing now" on the lobby's tiles: the players on each game's play page (its presence channel,
// docs/decisions/0087). Read once from /api/playing-now after the page loads, then kept current by the
// realtime connection's PlayingNow events where there is one. Nothing is rendered on the server.

const counts = new Map<string, number>();
const listeners = new Set<() => void>();
let fetched = false;

function notify(): void {
  for (const listener of listeners) listener();
}

/** A game's players now, as a PlayingNow event or the API tells it. */
export function setPlayingNow(slug: string, count: number): void {
  if (counts.get(slug) === count) return;
  if (count > 0) counts.set(slug, count);
  else counts.delete(slug);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The count for one game; 0 until known (and always on the server). */
export function usePlayingNow(slug: string): number {
  useEffect(() => {
    if (fetched) return;
    fetched = true;
    void callApi<{ data: Record<string, number> }>('GET', '/api/playing-now').then((result) => {
      if (!result.ok) return;
      for (const [game, count] of Object.entries(result.body.data)) setPlayingNow(game, count);
    });
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => counts.get(slug) ?? 0,
    () => 0,
  );
}
