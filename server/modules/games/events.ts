// What the games module tells the others after commit (server/modules/shared/events.ts; wired in server/subscriptions.ts).

export type GamesEvents = {
  /** A real-money round moved the player's money (a stake, a win, a refund): compliance's play rules, the clubs' tiers. */
  RoundSettled: { playerId: number };
};
