// What the accounts module tells the others after commit (server/modules/shared/events.ts; wired in server/subscriptions.ts).

/** A new player as registration's listeners hear of it. */
export type RegisteredPlayer = { id: number; email: string; maToken: string | null; createdAt: Date };

/** A token in use again (`ended` false, at most once a minute) or signed out (`ended` true): the sign-ins' sessions. */
export type TokenActivity = { tokenId: number; at: Date; ended: boolean };

export type AccountsEvents = {
  /** A player's row is committed: screening, limits' defaults, compliance, sign-in links and affiliates follow. */
  PlayerRegistered: RegisteredPlayer;
  /** Profile fields changed, named as the contract names them: screening and re-verification follow. */
  ProfileChanged: { playerId: number; fields: string[] };
  /** A session token was used again or ended; awaited before the request answers. */
  TokenActivity: TokenActivity;
};
