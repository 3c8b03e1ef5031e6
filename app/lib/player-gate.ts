import { data } from 'react-router';
import { playerRefusal, type Requirement } from '../../contract/player-standing.ts';
import type { Viewer } from '../../contract/site.ts';

/**
 * A loader's player guard: throws the screen the API would answer with (401, 423 `blocked`, 403 `inactive`, the same
 * rule and texts: contract/player-standing.ts) unless the viewer meets `requirement`.
 */
export function requirePlayer(viewer: Viewer | null, requirement: Requirement): void {
  const refusal = playerRefusal(viewer, requirement);
  if (refusal) throw data(refusal.body, { status: refusal.status });
}

/** The signed-in player's id for a wallet page's loader. */
export function signedInPlayerId(viewer: Viewer | null): string {
  // Unreachable through the site: the layouts' auth guard sends guests to log in before any loader runs.
  requirePlayer(viewer?.id ? viewer : null, 'signed-in');
  return viewer!.id!;
}

/** The cashier moves money, so like the payments API it shows blocked players the 423 screen and not-activated ones the 403 prompt. */
export function cashierPlayerId(viewer: Viewer | null): string {
  requirePlayer(viewer, 'active');
  return signedInPlayerId(viewer);
}
