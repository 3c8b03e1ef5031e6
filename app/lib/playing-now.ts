import { useQuery } from '@tanstack/react-query';
import { callApi } from './api.ts';
import { browserQueryClient, queryKeys } from './queries.ts';

// "N playing now" on the lobby's tiles: the players on each game's play page (its presence channel,
// docs/decisions/0087). Read once from /api/playing-now after the page loads, then kept current by the
// realtime connection's PlayingNow events where there is one. Nothing is rendered on the server.

type Counts = Record<string, number>;
const none: Counts = {};

/** The counts with one game's changed (a game nobody plays is left out). */
function withCount(counts: Counts, slug: string, count: number): Counts {
  if ((counts[slug] ?? 0) === count) return counts;
  const { [slug]: _left, ...others } = counts;
  return count > 0 ? { ...others, [slug]: count } : others;
}

/**
 * A game's players now, as a PlayingNow event tells it. Before the counts are first asked for there is nothing to
 * update: the read, when a lobby asks, is newer than the event.
 */
export function setPlayingNow(slug: string, count: number): void {
  const client = browserQueryClient();
  const state = client.getQueryState<Counts>(queryKeys.playingNow);
  if (state?.data === undefined && state?.fetchStatus !== 'fetching') return;
  client.setQueryData<Counts>(queryKeys.playingNow, (counts = none) => withCount(counts, slug, count));
}

/** The API's counts over whatever events told while it was asked: a game the answer leaves out keeps its pushed count. */
async function readPlayingNow(): Promise<Counts> {
  const result = await callApi('GET', '/api/playing-now');
  const pushed = browserQueryClient().getQueryData<Counts>(queryKeys.playingNow) ?? none;
  if (!result.ok) return pushed;
  return Object.entries(result.body.data).reduce((counts, [game, count]) => withCount(counts, game, count), pushed);
}

/** The count for one game; 0 until known (and always on the server, which reads nothing). */
export function usePlayingNow(slug: string): number {
  const { data = 0 } = useQuery({ queryKey: queryKeys.playingNow, queryFn: readPlayingNow, select: (counts) => counts[slug] ?? 0 });
  return data;
}
