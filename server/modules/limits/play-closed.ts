import type { PlayClosed } from '../../../contract/play-closed.ts';
import { Problem } from '../../problem.ts';

/**
 * Why the player may not deposit, claim or play now, for the screens to say before any form (issue 34 §2): the very
 * refusal `assertMayPlay` gives the API (403 `excluded`, its message and `excluded_until`), read without refusing.
 */
export async function playClosedOf(limits: { assertMayPlay(playerId: number): Promise<void> }, playerId: number): Promise<PlayClosed | null> {
  try {
    await limits.assertMayPlay(playerId);
    return null;
  } catch (error) {
    if (!(error instanceof Problem) || error.type !== 'excluded') throw error;
    const until = error.body?.excluded_until;
    return { kind: 'excluded', message: error.message, until: typeof until === 'string' ? until : null };
  }
}
