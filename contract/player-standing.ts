// Who may use a player route or screen, and what a refusal says (SPEC.md §5 messages, word for word). The API's
// guards (server/http/player-guards.ts) and the site's loaders (app/lib/player-gate.ts, the play screen) both ask
// `playerRefusal`, so the rule and its texts exist once. Imports nothing of ours.

export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
export const BLOCKED_MESSAGE = 'Your account is blocked.';
export const NOT_ACTIVATED_MESSAGE = 'Your account is not activated.';

/** What the rule reads of a player: the API's authenticated player and the site's viewer both have it. */
export type PlayerStanding = { blocked: boolean; active: boolean };

/** `signed-in`: any player; `not-blocked`: not a blocked one; `active`: also one who has activated the account. */
export type Requirement = 'signed-in' | 'not-blocked' | 'active';

/** The answer to a refused player: the HTTP status and the Laravel-shaped body (`type` only for 423 and 403). */
export type Refusal =
  | { status: 401; body: { message: string } }
  | { status: 423; body: { message: string; type: 'blocked' } }
  | { status: 403; body: { message: string; type: 'inactive' } };

/** Why `player` (null: nobody signed in) may not do what needs `requirement`, or null when it may. */
export function playerRefusal(player: PlayerStanding | null | undefined, requirement: Requirement): Refusal | null {
  if (!player) return { status: 401, body: { message: UNAUTHENTICATED_MESSAGE } };
  if (requirement === 'signed-in') return null;
  if (player.blocked) return { status: 423, body: { message: BLOCKED_MESSAGE, type: 'blocked' } };
  if (requirement === 'active' && !player.active) return { status: 403, body: { message: NOT_ACTIVATED_MESSAGE, type: 'inactive' } };
  return null;
}
