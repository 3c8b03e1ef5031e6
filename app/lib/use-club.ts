import { useEffect, useSyncExternalStore } from 'react';
import type { Loyalty, Vip } from '../../contract/clubs.ts';
import { callApi } from './api.ts';
import { useWallet } from './use-wallet.ts';

/**
 * The browser's latest copy of the player's clubs standing (points and VIP tier). Every change of points comes with
 * a change of money (a round's stake, an exchange's cash), so a new wallet (BalanceUpdated) asks for it again; the
 * account menu and the two club pages show whatever arrived last.
 */
export type ClubState = { loyalty: Loyalty; vip: Vip };

const CLUB_UPDATED_EVENT = 'croupier:club-updated';
let latest: ClubState | null = null;
let asked = 0;

export function applyClub(state: ClubState): void {
  latest = state;
  window.dispatchEvent(new Event(CLUB_UPDATED_EVENT));
}

/** Reads points (with the first page of history) and tier; an answer overtaken by a newer request is dropped. */
export async function refreshClub(): Promise<ClubState | null> {
  const mine = ++asked;
  const [loyalty, vip] = await Promise.all([
    callApi<{ data: Loyalty }>('GET', '/api/player/loyalty?per_page=20'),
    callApi<{ data: Vip }>('GET', '/api/player/vip'),
  ]);
  if (!loyalty.ok || !vip.ok) return null;
  if (mine === asked) applyClub({ loyalty: loyalty.body.data, vip: vip.body.data });
  return latest;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CLUB_UPDATED_EVENT, onChange);
  return () => window.removeEventListener(CLUB_UPDATED_EVENT, onChange);
}

/**
 * The standing to show: the latest read, else `loaded` (the page's loader). `follow`: read it again whenever the
 * wallet changes (after a round, an exchange, a deposit…), and once on mount when nothing was loaded.
 */
export function useClub(loaded: ClubState | null = null): ClubState | null {
  const live = useSyncExternalStore(
    subscribe,
    () => latest,
    () => null,
  );
  const wallet = useWallet();
  useEffect(() => {
    if (loaded) applyClub(loaded);
  }, [loaded]);
  useEffect(() => {
    if (!wallet && latest) return;
    void refreshClub();
  }, [wallet]);
  return live ?? loaded;
}
