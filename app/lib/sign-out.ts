import { markLoggedOut } from './session-flags.ts';

/**
 * Logout as SPEC.md §4 says: tell the server (errors ignored; it revokes the token and clears the
 * HttpOnly cookie), forget the session flags so other tabs follow, then reload to /.
 */
export async function signOut(): Promise<void> {
  try {
    await fetch('/api/logout', { method: 'POST', headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  } catch {
    // The server may be unreachable; the player still leaves.
  }
  markLoggedOut();
  window.location.assign('/');
}
