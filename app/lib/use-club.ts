import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Loyalty, Vip } from '../../contract/clubs.ts';
import { callApi } from './api.ts';
import { browserQueryClient, fetchFresh, queryKeys } from './queries.ts';
import { useWallet } from './use-wallet.ts';

/**
 * The player's clubs standing (points and VIP tier) in the query cache. Every change of points comes with a change
 * of money (a round's stake, an exchange's cash), so a new wallet (BalanceUpdated) asks for it again; the account
 * menu and the two club pages show whatever arrived last.
 */
export type ClubState = { loyalty: Loyalty; vip: Vip };

/** Reads points (with the first page of history) and tier. */
async function readClub(): Promise<ClubState> {
  const [loyalty, vip] = await Promise.all([callApi('GET', '/api/player/loyalty?per_page=20'), callApi('GET', '/api/player/vip')]);
  if (!loyalty.ok || !vip.ok) throw new Error(loyalty.ok ? (vip.ok ? '' : vip.message) : loyalty.message);
  return { loyalty: loyalty.body.data, vip: vip.body.data };
}

/**
 * Reads the standing again; a read already on its way is dropped for this newer one (so an answer overtaken by a
 * later request never lands). Null when it could not be read.
 */
export function refreshClub(client = browserQueryClient()): Promise<ClubState | null> {
  return fetchFresh(client, queryKeys.club, readClub).catch(() => null);
}

/**
 * The standing to show: the latest read, else `loaded` (the page's loader), which seeds the cache. Read again
 * whenever the wallet changes (after a round, an exchange, a deposit…), and once on mount when nothing was loaded.
 */
export function useClub(loaded: ClubState | null = null): ClubState | null {
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: queryKeys.club, queryFn: readClub, enabled: false, initialData: loaded ?? undefined });
  const wallet = useWallet();
  useEffect(() => {
    if (loaded) client.setQueryData(queryKeys.club, loaded);
  }, [client, loaded]);
  useEffect(() => {
    if (!wallet && client.getQueryData(queryKeys.club)) return;
    void refreshClub(client);
  }, [client, wallet]);
  return data ?? loaded;
}
