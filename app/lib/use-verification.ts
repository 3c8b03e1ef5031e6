import { useQuery } from '@tanstack/react-query';
import type { Verification } from '../../contract/verification.ts';
import { callApi } from './api.ts';
import { queryKeys, writeQuery } from './queries.ts';

/**
 * The player's verification in the query cache: read when the verification page opens, and replaced by an upload
 * on that page or an operator's review pushed live (`VerificationUpdated`, handed over by the realtime listener),
 * so the page follows. A change that lands while the read is on its way wins over it.
 */
export function applyVerification(verification: Verification): void {
  writeQuery(queryKeys.verification, verification);
}

async function readVerification() {
  const result = await callApi('GET', '/api/player/verification');
  if (!result.ok) throw new Error(result.message);
  return result.body.data;
}

/** The verification to show (null while it loads), or why it could not be read. */
export function useVerification(): { verification: Verification | null; problem: string | null } {
  const { data, error } = useQuery({ queryKey: queryKeys.verification, queryFn: readVerification, refetchOnMount: 'always' });
  return { verification: data ?? null, problem: error?.message ?? null };
}
