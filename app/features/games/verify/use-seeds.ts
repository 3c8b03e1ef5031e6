import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { FairnessSeeds, RoundMode, SeedRotation } from '../../../../contract/games.ts';
import { callApi } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queries.ts';

async function readSeeds(mode: RoundMode): Promise<FairnessSeeds> {
  const result = await callApi('GET', `/api/fairness?mode=${mode}`);
  if (!result.ok) throw new Error(result.message);
  return result.body.data;
}

/** The player's seed pair for one mode: read, change the client seed, rotate (which reveals the old server seed). */
export function useSeeds(mode: RoundMode) {
  const client = useQueryClient();
  const key = queryKeys.fairnessSeeds(mode);
  // Read afresh whenever the panel opens or the mode changes: the pair moves on with every round played.
  const seedsQuery = useQuery({ queryKey: key, queryFn: () => readSeeds(mode), refetchOnMount: 'always', gcTime: 0 });
  const [rotation, setRotation] = useState<SeedRotation | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setRotation(null);
  }, [mode]);

  const setClientSeed = useCallback(
    async (clientSeed: string): Promise<string | null> => {
      const result = await callApi('PUT', `/api/fairness/client-seed?mode=${mode}`, { client_seed: clientSeed });
      if (!result.ok) return result.errors?.client_seed?.[0] ?? result.message;
      client.setQueryData(queryKeys.fairnessSeeds(mode), result.body.data);
      return null;
    },
    [client, mode],
  );

  const rotate = useCallback(async (): Promise<SeedRotation | null> => {
    const result = await callApi('POST', `/api/fairness/rotate?mode=${mode}`);
    if (!result.ok) {
      setError(result.message);
      return null;
    }
    setError(null);
    setRotation(result.body.data);
    client.setQueryData(queryKeys.fairnessSeeds(mode), result.body.data);
    return result.body.data;
  }, [client, mode]);

  const loadError = seedsQuery.error && !seedsQuery.data ? seedsQuery.error.message : null;
  return { seeds: seedsQuery.data ?? null, rotation, error: error ?? loadError, setClientSeed, rotate };
}
