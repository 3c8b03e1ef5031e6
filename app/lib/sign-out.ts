/**
 * Logout as SPEC.md §4 says: tell the server (errors ignored), forget the token, reload to /.
 * The accounts work revokes the token server-side and clears the wallet and wizard state.
 */
export async function signOut(): Promise<void> {
  try {
    await fetch('/api/logout', { method: 'POST', headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  } catch {
    // The server may be unreachable; the player still leaves.
  }
  document.cookie = 'token=; Path=/; Max-Age=0; Secure; SameSite=Strict';
  window.location.assign('/');
}
