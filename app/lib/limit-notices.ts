// What the server said about responsible-gambling limits while the player played: a refused stake because a
// reality check is due or the session limit was reached. Games announce it; the limits watch in the root layout
// listens and shows the dialog at once, whatever page or game the player is on.

const EVENT = 'croupier:limit-notice';

export type LimitNotice = { type: string };

/** Tells the limits watch that the server refused something for a limit (403 `reality_check`, `limit` or `excluded`). */
export function announceLimitNotice(notice: LimitNotice): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<LimitNotice>(EVENT, { detail: notice }));
}

/** Listens for limit notices; returns the function that stops listening. */
export function onLimitNotice(listener: (notice: LimitNotice) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<LimitNotice>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
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
