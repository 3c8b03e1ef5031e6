import { CHUNK_RELOAD_TTL_MS } from './constants.ts';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * After a deploy, an open page may ask for a code chunk that no longer exists. Reloading fetches the
 * new build; this decides whether to, at most once per 10 s per path so a truly missing chunk
 * cannot cause a reload loop.
 */
export function shouldReloadAfterChunkError(path: string, now: number, store: Store): boolean {
  const key = `chunk-reload:${path}`;
  const stored = store.getItem(key);
  if (stored !== null && now - Number(stored) < CHUNK_RELOAD_TTL_MS) return false;
  store.setItem(key, String(now));
  return true;
}

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? '');
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** Installs the rule in the browser: Vite's preload errors and failed dynamic imports reload the page. */
export function installChunkReload(win: Window = window): void {
  const reload = () => {
    if (shouldReloadAfterChunkError(win.location.pathname, Date.now(), win.sessionStorage)) win.location.reload();
  };
  win.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reload();
  });
  win.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reload();
  });
}
