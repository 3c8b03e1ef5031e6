import { useEffect, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { Wallet } from '../../contract/wallet.ts';
import { callApi } from './api.ts';

/**
 * The browser's latest copy of the player's wallet. Loaders that read the wallet, the cashier after a
 * payment and the realtime `BalanceUpdated` listener all hand it to `applyWallet`; the header and the
 * wallet pages show whatever arrived last. Announced as a window event so code outside React can listen.
 */
const WALLET_UPDATED_EVENT = 'croupier:wallet-updated';

let latest: Wallet | null = null;
// Counts applied wallets, so an answer to a request that a newer wallet overtook is dropped.
let version = 0;
// Loader answers already applied: a header mounted again on another layout must not bring back an older one.
const appliedFromLoaders = new WeakSet<Wallet>();

export function applyWallet(wallet: Wallet): void {
  latest = wallet;
  version += 1;
  window.dispatchEvent(new CustomEvent<Wallet>(WALLET_UPDATED_EVENT, { detail: wallet }));
}

/** Asks the server for the wallet and applies it; null when it could not be read. */
export async function refreshWallet(): Promise<Wallet | null> {
  const asked = version;
  const result = await callApi<{ data: Wallet }>('GET', '/api/player/wallet');
  if (!result.ok) return null;
  if (version === asked) applyWallet(result.body.data);
  return latest;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(WALLET_UPDATED_EVENT, onChange);
  return () => window.removeEventListener(WALLET_UPDATED_EVENT, onChange);
}

/**
 * The wallet to show: the latest applied one, else `loaded` (what this page's loader read). Each newly
 * loaded wallet is applied once, so the header follows a page that read a fresher one. The server render and
 * hydration use `loaded` only, so both draw the same thing.
 */
export function useWallet(loaded: Wallet | null = null): Wallet | null {
  const live = useSyncExternalStore(
    subscribe,
    () => latest,
    () => null,
  );
  useEffect(() => {
    if (!loaded || appliedFromLoaders.has(loaded)) return;
    appliedFromLoaders.add(loaded);
    applyWallet(loaded);
  }, [loaded]);
  // A wallet this page's loader just read is newer than the store's until the effect above applies it.
  if (loaded && !appliedFromLoaders.has(loaded)) return loaded;
  return live ?? loaded;
}

/** The wallet the root loader read with the page, for the header. */
export function useRootWallet(): Wallet | null {
  return (useRouteLoaderData('root') as { wallet?: Wallet | null } | undefined)?.wallet ?? null;
}
