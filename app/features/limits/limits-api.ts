import type { LimitPeriod, LimitType, PlayerLimits } from '../../../contract/limits.ts';
import { type ApiMethod, type ApiResult, callApi as call } from '../../lib/api.ts';

// The limits screen's calls; each answers the player's limits as they are after the change.

type Answer = Promise<ApiResult<{ data: PlayerLimits }>>;
const callApi = (method: ApiMethod, path: string, body?: unknown): Answer => call<{ data: PlayerLimits }>(method, path, body);

export const limitsApi = {
  load: (): Answer => callApi('GET', '/api/player/limits'),
  set: (type: LimitType, period: LimitPeriod, amount: number | null): Answer => callApi('PUT', '/api/player/limits', { type, period, amount }),
  confirm: (type: LimitType, period: LimitPeriod): Answer => callApi('POST', '/api/player/limits/confirm', { type, period }),
  cancel: (type: LimitType, period: LimitPeriod): Answer => callApi('POST', '/api/player/limits/cancel', { type, period }),
  session: (body: { session_minutes?: number | null; reality_check_minutes?: number | null }): Answer => callApi('PUT', '/api/player/limits/session', body),
  timeOut: (days: number, password: string): Answer => callApi('POST', '/api/player/time-out', { days, password }),
  selfExclude: (months: number, password: string): Answer => callApi('POST', '/api/player/self-exclusion', { months, password }),
  requestReturn: (): Answer => callApi('POST', '/api/player/self-exclusion/return'),
  acknowledgeRgInfo: (): Answer => callApi('POST', '/api/player/limits/rg-info'),
};
