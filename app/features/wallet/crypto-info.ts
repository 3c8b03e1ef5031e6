import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { queryKeys } from '../../lib/queries.ts';

/**
 * The crypto rail (addresses, coins, the withdrawal offer), read afresh whenever a crypto panel opens and shared by
 * the deposit and withdrawal panels. Null `info` with no `problem`: the rail is not on offer (404).
 */
export const cryptoInfoQuery = () =>
  queryOptions({
    queryKey: queryKeys.cryptoInfo,
    queryFn: async () => {
      const result = await callApi('GET', '/api/payments/crypto');
      if (result.ok) return { info: result.body.data, problem: null };
      return { info: null, problem: result.status === 404 ? null : result.message };
    },
    refetchOnMount: 'always',
    gcTime: 0,
  });
