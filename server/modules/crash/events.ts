// What the crash module tells the others after commit (server/modules/shared/events.ts; wired in server/subscriptions.ts).

export type CrashEvents = {
  /** A crash bet moved the player's money (taken, cashed out, refunded): compliance's play rules. */
  RoundSettled: { playerId: number };
};
