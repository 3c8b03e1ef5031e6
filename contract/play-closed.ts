// Why a signed-in player may not deposit, claim a bonus or play now, as the screens say it instead of showing forms
// and Claim buttons that would only be refused on submit (issue 34 §2, docs/decisions/0118). The words of a time-out
// or self-exclusion are the limits module's own refusal (403 `excluded`), so the screen and the API say the same.
// Imports nothing of ours.
import { BLOCKED_MESSAGE } from './player-standing.ts';

export type PlayClosed = {
  /** `excluded`: a time-out, a self-exclusion or the wait to return; `blocked`: the operator blocked the account. */
  kind: 'excluded' | 'blocked';
  /** The sentence for the player, with when it ends where it ends. */
  message: string;
  /** When play opens again (ISO 8601), null when not known (a blocked account, an exclusion waiting for a return request). */
  until: string | null;
};

/** A blocked account: the SPEC's 423 wording, with what the player can do. */
export const BLOCKED_CLOSED: PlayClosed = {
  kind: 'blocked',
  message: `${BLOCKED_MESSAGE} Deposits, games and bonuses are closed; please contact support.`,
  until: null,
};
