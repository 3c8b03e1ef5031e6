import { browserQueryClient, queryKeys } from './queries.ts';

// What the server said about responsible-gambling limits while the player played: a refused stake because a
// reality check is due or the session limit was reached. Games announce it; the limits watch in the root layout
// reads the session again and shows the dialog at once, whatever page or game the player is on.

/** Tells the limits watch that the server refused something for a limit (403 `reality_check` or `limit`). */
export function announceLimitNotice(): void {
  if (typeof window === 'undefined') return;
  // The session the watch shows is out of date: it is read again (the watch's query is the one that is active).
  void browserQueryClient().invalidateQueries({ queryKey: queryKeys.limitSessions });
}

/** Whether a refused answer is one the limits watch should hear of. */
export function isLimitRefusal(status: number, type: string | undefined): boolean {
  return status === 403 && (type === 'reality_check' || type === 'limit');
}

/** Only stakes the player may make: a slot's ladder cut at the player's per-spin cap (the lowest rung stays when all are above). */
export function capLadder(ladder: readonly number[], cap: number | null): number[] {
  if (cap === null) return [...ladder];
  const allowed = ladder.filter((stake) => stake <= cap);
  return allowed.length > 0 ? allowed : ladder.slice(0, 1);
}
