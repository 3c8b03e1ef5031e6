import { useCallback, useEffect, useState } from 'react';
import type { PlayerLimits } from '../../../contract/limits.ts';
import { useToast } from '../../components/ui/toast.tsx';
import { firstErrors, type ApiResult } from '../../lib/api.ts';
import { limitsApi } from './limits-api.ts';

export type LimitsState = {
  limits: PlayerLimits | null;
  failed: boolean;
  /** Runs a change; on success the answer replaces the limits and `done` is told, else the field errors come back. */
  run: (action: () => Promise<ApiResult<{ data: PlayerLimits }>>, done: string) => Promise<Record<string, string> | null>;
};

/** The player's limits on the screen, loaded once and replaced by each change's answer. */
export function useLimits(): LimitsState {
  const { notify } = useToast();
  const [limits, setLimits] = useState<PlayerLimits | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    void limitsApi.load().then((result) => {
      if (!current) return;
      if (result.ok) setLimits(result.body.data);
      else setFailed(true);
    });
    return () => {
      current = false;
    };
  }, []);
  const run = useCallback<LimitsState['run']>(
    async (action, done) => {
      const result = await action();
      if (result.ok) {
        setLimits(result.body.data);
        notify(done, 'success');
        return null;
      }
      const errors = firstErrors(result.errors);
      if (Object.keys(errors).length === 0) notify(result.message, 'error');
      return Object.keys(errors).length ? errors : { form: result.message };
    },
    [notify],
  );
  return { limits, failed, run };
}
