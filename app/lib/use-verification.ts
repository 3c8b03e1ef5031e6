import { skipToken, useQuery } from '@tanstack/react-query';
import type { Verification } from '../../contract/verification.ts';
import { queryKeys, writeQuery } from './queries.ts';

/**
 * The player's verification as it last changed: an upload on this page, or an operator's review pushed live
 * (`VerificationUpdated`, handed over by the realtime listener), kept in the query cache so the page follows.
 */
export function applyVerification(verification: Verification): void {
  writeQuery(queryKeys.verification, verification);
}

/** The latest verification seen in this tab, or null before any. */
export function useLatestVerification(): Verification | null {
  const { data } = useQuery<Verification>({ queryKey: queryKeys.verification, queryFn: skipToken });
  return data ?? null;
}
