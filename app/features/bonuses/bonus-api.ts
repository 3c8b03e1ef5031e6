import type { PlayerBonus } from '../../../contract/bonuses.ts';
import type { PlayedRound } from '../../../contract/games.ts';
import { callApi } from '../../lib/api.ts';

// The bonus screens' calls to the bonuses API (contract/bonuses.ts). A claim and a free spin carry an Idempotency-Key.

export const claimBonus = (slug: string, idempotencyKey: string) =>
  callApi<{ data: PlayerBonus }>('POST', `/api/player/bonuses/${encodeURIComponent(slug)}/claim`, undefined, { 'Idempotency-Key': idempotencyKey });

export const cancelBonus = (id: string) => callApi<{ data: PlayerBonus }>('POST', `/api/player/bonuses/${encodeURIComponent(id)}/cancel`);

export const fetchBonuses = () => callApi<{ data: PlayerBonus[] }>('GET', '/api/player/bonuses');

export const playFreeSpin = (game: string, idempotencyKey: string) =>
  callApi<{ data: PlayedRound }>(
    'POST',
    `/api/games/${encodeURIComponent(game)}/rounds`,
    { mode: 'real', free_spin: true },
    { 'Idempotency-Key': idempotencyKey },
  );
