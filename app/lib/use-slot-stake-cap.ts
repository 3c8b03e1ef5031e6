import { useEffect, useState } from 'react';
import type { PlayerLimits } from '../../contract/limits.ts';
import { callApi } from './api.ts';

/** The most one real-money slot spin may stake for the signed-in player (from their age); null until known or in demo play. */
export function useSlotStakeCap(real: boolean): number | null {
  const [cap, setCap] = useState<number | null>(null);
  useEffect(() => {
    if (!real) {
      setCap(null);
      return;
    }
    let current = true;
    void callApi<{ data: PlayerLimits }>('GET', '/api/player/limits').then((result) => {
      if (current && result.ok) setCap(result.body.data.slot_stake_cap);
    });
    return () => {
      current = false;
    };
  }, [real]);
  return cap;
}
