import { ANALYTICS_IDENTIFY_DELAY_MS } from './constants.ts';
import { analytics } from './analytics.ts';

// SPEC.md §3: a session flag marks "just logged in"; a stored authentication flag is shared across tabs.
const JUST_LOGGED_IN_KEY = 'just-logged-in';
const AUTHENTICATED_KEY = 'authenticated';
// The previous session's notice is due once after each sign-in (issue 33 §1): not tied to the analytics flag above.
const PREVIOUS_SESSION_KEY = 'previous-session-due';

export function markLoggedIn(): void {
  window.sessionStorage.setItem(JUST_LOGGED_IN_KEY, 'true');
  window.sessionStorage.setItem(PREVIOUS_SESSION_KEY, 'true');
  window.localStorage.setItem(AUTHENTICATED_KEY, 'true');
}

export function markLoggedOut(): void {
  window.sessionStorage.removeItem(JUST_LOGGED_IN_KEY);
  window.localStorage.setItem(AUTHENTICATED_KEY, 'false');
}

/** Whether this sign-in's previous-session notice is still to be shown; true only once. */
export function takePreviousSessionDue(): boolean {
  const due = window.sessionStorage.getItem(PREVIOUS_SESSION_KEY) === 'true';
  window.sessionStorage.removeItem(PREVIOUS_SESSION_KEY);
  return due;
}

export function storedAsAuthenticated(): boolean {
  return window.localStorage.getItem(AUTHENTICATED_KEY) === 'true';
}

/**
 * Seven seconds after a fresh login the player is identified to analytics, and the flag is reset.
 * Other tabs reload when this one logs out. Returns a cleanup function.
 */
export function watchSession(player: { id: string | null; email: string | null } | null): () => void {
  let timer: number | undefined;
  if (player?.id && window.sessionStorage.getItem(JUST_LOGGED_IN_KEY) === 'true') {
    timer = window.setTimeout(() => {
      analytics().track({ event: 'identify', user_id: player.id ?? '', email: player.email ?? '' });
      window.sessionStorage.removeItem(JUST_LOGGED_IN_KEY);
    }, ANALYTICS_IDENTIFY_DELAY_MS);
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTHENTICATED_KEY && event.newValue === 'false') window.location.reload();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    window.clearTimeout(timer);
    window.removeEventListener('storage', onStorage);
  };
}
