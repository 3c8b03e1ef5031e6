import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BonusUpdated, PlayerBonus } from '../../contract/bonuses.ts';
import { callApi } from './api.ts';
import { browserQueryClient, queryKeys } from './queries.ts';

/**
 * The player's bonuses in the query cache: the Bonuses page seeds it from its loader, a slot's free-spins panel
 * reads it, and live changes (wagering progress, conversion, expiry) from the realtime listener's `BonusUpdated`
 * are merged into it, so the bonus card and the reels' counter agree.
 */
const newestFirst = (a: PlayerBonus, b: PlayerBonus) => b.created_at.localeCompare(a.created_at);

/** A later state of one bonus (a push, or this page's own cancel): it replaces the one with its id. */
export function applyBonus(bonus: PlayerBonus): void {
  const client = browserQueryClient();
  // A read on its way may predate this change: it is read again once this one is in.
  const reading = client.isFetching({ queryKey: queryKeys.bonuses }) > 0;
  client.setQueryData<PlayerBonus[]>(queryKeys.bonuses, (all) => all && [bonus, ...all.filter((b) => b.id !== bonus.id)].sort(newestFirst));
  if (reading) void client.invalidateQueries({ queryKey: queryKeys.bonuses });
}

export function receiveBonus(event: BonusUpdated): void {
  applyBonus(event.bonus);
}

async function readBonuses(): Promise<PlayerBonus[]> {
  const result = await callApi('GET', '/api/player/bonuses');
  if (!result.ok) throw new Error(result.message);
  return result.body.data;
}

/**
 * The player's bonuses: `loaded` (the page's loader) seeds the cache and each newly loaded list replaces it;
 * without one they are asked for while `enabled`. `reload` reads them again.
 */
export function useBonuses(loaded: PlayerBonus[] | null, enabled = true) {
  const client = useQueryClient();
  // Without a loader's list, a screen that opens reads them afresh, as it always did.
  const query = useQuery({
    queryKey: queryKeys.bonuses,
    queryFn: readBonuses,
    enabled: enabled && !loaded,
    refetchOnMount: 'always',
    initialData: loaded ?? undefined,
  });
  useEffect(() => {
    if (loaded) client.setQueryData(queryKeys.bonuses, loaded);
  }, [client, loaded]);
  return { bonuses: query.data ?? loaded ?? null, reload: () => query.refetch().then(() => undefined) };
}
