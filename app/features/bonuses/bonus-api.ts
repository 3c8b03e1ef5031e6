import { callApi } from '../../lib/api.ts';

// The bonus screens' calls to the bonuses API (contract/bonuses.ts). A claim carries an Idempotency-Key; free spins
// are played on the slot's own screen (app/features/games/play/use-free-spins.ts).

export const claimBonus = (slug: string, idempotencyKey: string) =>
  callApi('POST', `/api/player/bonuses/${encodeURIComponent(slug)}/claim`, undefined, { 'Idempotency-Key': idempotencyKey });

export const cancelBonus = (id: string) => callApi('POST', `/api/player/bonuses/${encodeURIComponent(id)}/cancel`);

export const fetchBonuses = () => callApi('GET', '/api/player/bonuses');
