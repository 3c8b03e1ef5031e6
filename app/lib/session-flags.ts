import { ANALYTICS_IDENTIFY_DELAY_MS } from './constants.ts';
import { analytics } from './analytics.ts';

// SPEC.md §3: a session flag marks "just logged in"; a stored authentication flag is shared across tabs.
const JUST_LOGGED_IN_KEY = 'just-logged-in';
const AUTHENTICATED_KEY = 'authenticated';

export function markLoggedIn(): void {
  window.sessionStorage.setItem(JUST_LOGGED_IN_KEY, 'true');
  window.localStorage.setItem(AUTHENTICATED_KEY, 'true');
}

export function markLoggedOut(): void {
  window.sessionStorage.removeItem(JUST_LOGGED_IN_KEY);
  window.localStorage.setItem(AUTHENTICATED_KEY, 'false');
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
