import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PlayerLimits } from '../../../contract/limits.ts';
import { useToast } from '../../components/ui/toast.tsx';
import { firstErrors, type ApiResult } from '../../lib/api.ts';
import { playerLimitsQuery, queryKeys } from '../../lib/queries.ts';

export type LimitsState = {
  limits: PlayerLimits | null;
  failed: boolean;
  /** Runs a change; on success the answer replaces the limits and `done` is told, else the field errors come back. */
  run: (action: () => Promise<ApiResult<{ data: PlayerLimits }>>, done: string) => Promise<Record<string, string> | null>;
};

/** The player's limits on the screen, read when it opens and replaced by each change's answer (in the query cache). */
export function useLimits(): LimitsState {
  const { notify } = useToast();
  const client = useQueryClient();
  const { data, isError } = useQuery(playerLimitsQuery());
  const run = useCallback<LimitsState['run']>(
    async (action, done) => {
      const result = await action();
      if (result.ok) {
        client.setQueryData(queryKeys.limits, result.body.data);
        notify(done, 'success');
        return null;
      }
      const errors = firstErrors(result.errors);
      if (Object.keys(errors).length === 0) notify(result.message, 'error');
      return Object.keys(errors).length ? errors : { form: result.message };
    },
    [client, notify],
  );
  return { limits: data ?? null, failed: isError && data === undefined, run };
}
