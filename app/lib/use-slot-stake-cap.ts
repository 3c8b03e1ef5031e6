import { useQuery } from '@tanstack/react-query';
import { playerLimitsQuery } from './queries.ts';

/** The most one real-money slot spin may stake for the signed-in player (from their age); null until known or in demo play. */
export function useSlotStakeCap(real: boolean): number | null {
  const { data } = useQuery({ ...playerLimitsQuery(), enabled: real, select: (limits) => limits.slot_stake_cap });
  return real ? (data ?? null) : null;
}
