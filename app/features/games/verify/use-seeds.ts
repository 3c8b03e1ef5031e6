import { useCallback, useEffect, useState } from 'react';
import type { FairnessSeeds, RoundMode, SeedRotation } from '../../../../contract/games.ts';
import { callApi } from '../../../lib/api.ts';

/** The player's seed pair for one mode: read, change the client seed, rotate (which reveals the old server seed). */
export function useSeeds(mode: RoundMode) {
  const [seeds, setSeeds] = useState<FairnessSeeds | null>(null);
  const [rotation, setRotation] = useState<SeedRotation | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setSeeds(null);
    setRotation(null);
    void callApi<{ data: FairnessSeeds }>('GET', `/api/fairness?mode=${mode}`).then((result) => {
      if (!current) return;
      if (result.ok) setSeeds(result.body.data);
      else setError(result.message);
    });
    return () => {
      current = false;
    };
  }, [mode]);

  const setClientSeed = useCallback(
    async (clientSeed: string): Promise<string | null> => {
      const result = await callApi<{ data: FairnessSeeds }>('PUT', `/api/fairness/client-seed?mode=${mode}`, { client_seed: clientSeed });
      if (!result.ok) return result.errors?.client_seed?.[0] ?? result.message;
      setSeeds(result.body.data);
      return null;
    },
    [mode],
  );

  const rotate = useCallback(async (): Promise<SeedRotation | null> => {
    const result = await callApi<{ data: SeedRotation }>('POST', `/api/fairness/rotate?mode=${mode}`);
    if (!result.ok) {
      setError(result.message);
      return null;
    }
    setError(null);
    setRotation(result.body.data);
    setSeeds(result.body.data);
    return result.body.data;
  }, [mode]);

  return { seeds, rotation, error, setClientSeed, rotate };
}
