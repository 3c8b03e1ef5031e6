import type { GameDetail, RoundMode } from '../../../../contract/games.ts';
import type { GamePayload } from '../../../lib/analytics.ts';

/** SPEC.md §3's game payload for one launch of a game. */
export function launchPayload(
  game: Pick<GameDetail, 'id' | 'name' | 'provider'>,
  mode: RoundMode,
  screen: { width: number; coarsePointer: boolean },
  sessionId: string,
): GamePayload {
  return {
    id: String(game.id),
    name: game.name,
    mode,
    // A touch screen or a phone-width window is what "mobile" means to the people reading the reports.
    device: screen.coarsePointer || screen.width < 768 ? 'mobile' : 'desktop',
    session_id: sessionId,
    provider: game.provider,
  };
}

/**
 * A play session's id: one per launch (opening the game or switching its mode), random so it says nothing
 * about the player. crypto.randomUUID exists only in secure contexts, hence the fallback.
 */
export function newPlaySessionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
