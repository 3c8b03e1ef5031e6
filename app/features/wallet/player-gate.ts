import { data } from 'react-router';
import type { Viewer } from '../../../contract/site.ts';
import { BLOCKED_MESSAGE, NOT_ACTIVATED_MESSAGE } from '../../lib/messages.ts';

/** The signed-in player's id for a wallet page's loader. */
export function signedInPlayerId(viewer: Viewer | null): string {
  // Unreachable through the site: the layouts' auth guard sends guests to log in before any loader runs.
  if (!viewer?.id) throw data({ message: 'Unauthenticated.' }, { status: 401 });
  return viewer.id;
}

/** The cashier moves money, so like the payments API it shows blocked players the 423 screen and not-activated ones the 403 prompt. */
export function cashierPlayerId(viewer: Viewer | null): string {
  if (viewer?.blocked) throw data({ message: BLOCKED_MESSAGE, type: 'blocked' }, { status: 423 });
  if (viewer && !viewer.active) throw data({ message: NOT_ACTIVATED_MESSAGE, type: 'inactive' }, { status: 403 });
  return signedInPlayerId(viewer);
}
