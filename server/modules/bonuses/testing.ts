// Test support: a player's bonus in a given state without the claim and deposit it would take, for suites of other
// modules that need one active (its wagering, its funding) without moving money.
import { randomUUID } from 'node:crypto';
import type { BonusTerms } from '../../../contract/bonuses.ts';
import type { Database } from '../../db/client.ts';
import { playerBonuses } from './schema.ts';

const TERMS: BonusTerms = {
  wagering_multiplier: 10,
  max_bet: null,
  min_deposit: 0,
  match_percent: 0,
  max_bonus: 0,
  free_spins: 0,
  free_spin_game: null,
  free_spin_stake: 0,
  max_conversion: null,
  claim_days: 30,
  expires_in_days: 30,
  contributions: { slots: 100, 'table-games': 10 },
};

/**
 * An active bonus holding no bonus money (so stakes are paid in cash, as the funding rule says) that counts wagering
 * toward `wageringRequired` and does not expire: its id.
 */
export async function insertActiveBonus(
  db: Database,
  playerId: number,
  { terms = {}, wageringRequired = 1_000_000_00 }: { terms?: Partial<BonusTerms>; wageringRequired?: number } = {},
): Promise<string> {
  const id = randomUUID();
  await db.insert(playerBonuses).values({
    id,
    playerId,
    slug: 'test-wagering',
    title: 'Test wagering',
    type: 'no_deposit',
    status: 'active',
    terms: { ...TERMS, ...terms },
    amount: 0,
    wageringRequired,
    activatedAt: new Date(),
  });
  return id;
}
