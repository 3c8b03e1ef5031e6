import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { Wallet } from '../../contract/wallet.ts';
import { callApi } from './api.ts';
import { browserQueryClient, queryKeys, writeQuery } from './queries.ts';

/**
 * The player's wallet is one entry of the query cache. Loaders that read the wallet, the cashier after a payment
 * and the realtime `BalanceUpdated` listener all hand it to `applyWallet`; the header and the wallet pages show
 * whatever arrived last.
 */
// Loader answers already applied: a header mounted again on another layout must not bring back an older one.
const appliedFromLoaders = new WeakSet<Wallet>();

/** A wallet from elsewhere (a push, a round's or a payment's answer); a read still on its way is dropped for it. */
export function applyWallet(wallet: Wallet): void {
  writeQuery(queryKeys.wallet, wallet);
}

async function readWallet(): Promise<Wallet> {
  const result = await callApi('GET', '/api/player/wallet');
  if (!result.ok) throw new Error(result.message);
  return result.body.data;
}

/** Asks the server for the wallet and applies it; null when it could not be read. */
export async function refreshWallet(): Promise<Wallet | null> {
  const client = browserQueryClient();
  // A push that lands while this read is on its way cancels it, and the read then answers with the pushed wallet.
  return client.fetchQuery({ queryKey: queryKeys.wallet, queryFn: readWallet, staleTime: 0 }).catch(() => null);
}

/**
 * The wallet to show: the latest in the cache, else `loaded` (what this page's loader read), which seeds the cache
 * when it is empty. Each newly loaded wallet is applied once, so the header follows a page that read a fresher one.
 * The server render and hydration start from `loaded` only, so both draw the same thing.
 */
export function useWallet(loaded: Wallet | null = null): Wallet | null {
  const { data } = useQuery<Wallet>({ queryKey: queryKeys.wallet, queryFn: skipToken, initialData: loaded ?? undefined });
  useEffect(() => {
    if (!loaded || appliedFromLoaders.has(loaded)) return;
    appliedFromLoaders.add(loaded);
    applyWallet(loaded);
  }, [loaded]);
  // A wallet this page's loader just read is newer than the cache's until the effect above applies it.
  if (loaded && !appliedFromLoaders.has(loaded)) return loaded;
  return data ?? loaded;
}

/** The wallet the root loader read with the page, for the header. */
export function useRootWallet(): Wallet | null {
  return (useRouteLoaderData('root') as { wallet?: Wallet | null } | undefined)?.wallet ?? null;
}
