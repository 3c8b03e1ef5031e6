// An instant round as one statement (issue 17 §10, docs/decisions/0091-one-commit-rounds.md): over any run of
// rounds the money, the rounds' rows, the journals and the loyalty points come out exactly as the rules say, and a
// whole point the statement's carry reached is made once, under its round's key, or by the next stake if not.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointsRuleOf } from '../../../contract/clubs.ts';
import { useTestApp } from '../../test-app.ts';
import { loyaltyBalances, loyaltyEntries } from '../clubs/schema.ts';
import { ledgerJournals } from '../ledger/schema.ts';
import { gameRounds } from './schema.ts';
import { gamesKit } from './testing.ts';

// The slot stake cap is lifted so stakes can cross several points at once; stakes are whole 0.20s (a slot line each).
const t = useTestApp({ MAX_SLOT_STAKE: '1000000' });
const kit = gamesKit(t);

const bodies = {
  'lantern-orchard': (stake: number) => ({ mode: 'real', stake }),
  dice: (stake: number) => ({ mode: 'real', stake, target: 50.5, direction: 'over' }),
  plinko: (stake: number) => ({ mode: 'real', stake, rows: 8, risk: 'low' }),
  'european-roulette': (stake: number) => ({ mode: 'real', bets: [{ type: 'red', amount: stake }] }),
} as const;
type Slug = keyof typeof bodies;
const engineOf: Record<Slug, string> = { 'lantern-orchard': 'slot', dice: 'dice', plinko: 'plinko', 'european-roulette': 'roulette' };

const pointsOf = async (playerId: number) => {
  const { db } = t.services.database;
  const [balance] = await db.select().from(loyaltyBalances).where(eq(loyaltyBalances.playerId, playerId));
  const entries = await db.select().from(loyaltyEntries).where(eq(loyaltyEntries.playerId, playerId));
  return { balance, entries };
};

describe('an instant round as one statement', () => {
  it('keeps money, rounds, journals and points exact over any run of rounds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ slug: fc.constantFrom(...(Object.keys(bodies) as Slug[])), stake: fc.integer({ min: 1, max: 200 }).map((lines) => lines * 20) }), {
          minLength: 1,
          maxLength: 6,
        }),
        async (rounds) => {
          const funded = 1_000_00;
          const player = await kit.fundedPlayer(funded);
          const playerId = Number(player.id);
          let balance = funded;
          const staked = { slots: 0, 'table-games': 0 };
          const ids: string[] = [];
          for (const { slug, stake } of rounds) {
            const response = await kit.play(slug, bodies[slug](stake), { token: player.token });
            expect(response.statusCode, response.body).toBe(201);
            const round = response.json().data as { round_id: string; status: string; stake: number; win: number; balance: number };
            expect(round).toMatchObject({ status: 'settled', stake });
            balance += round.win - stake;
            // The answer's balance is the one the statement's own transfers left.
            expect(round.balance).toBe(balance);
            staked[pointsRuleOf(engineOf[slug]).category] += stake;
            ids.push(round.round_id);
          }
          expect((await kit.wallet(player.token)).balance).toBe(balance);

          // Each round: its settled row and its bet, and its win only when it won.
          const { db } = t.services.database;
          const rows = await db.select().from(gameRounds).where(inArray(gameRounds.id, ids));
          expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'settled'));
          const journals = await db.select().from(ledgerJournals).where(inArray(ledgerJournals.referenceId, ids));
          for (const row of rows) {
            const keys = journals.filter((journal) => journal.referenceId === row.id).map((journal) => journal.idempotencyKey);
            expect(keys.sort()).toEqual(row.win > 0 ? [`round:${row.id}:bet`, `round:${row.id}:win`] : [`round:${row.id}:bet`]);
          }

          // Whole points of each category's stakes, the rest carried: nothing lost, nothing made twice.
          const slots = pointsRuleOf('slot').stakePerPoint;
          const table = pointsRuleOf('dice').stakePerPoint;
          const expected = Math.floor(staked.slots / slots) + Math.floor(staked['table-games'] / table);
          const { balance: points, entries } = await pointsOf(playerId);
          expect(points).toMatchObject({
            points: expected,
            lifetimePoints: expected,
            slotsCarry: staked.slots % slots,
            tableCarry: staked['table-games'] % table,
          });
          expect(entries.reduce((sum, entry) => sum + entry.points, 0)).toBe(expected);
          expect(entries.every((entry) => entry.key === `round:${entry.reference}` && ids.includes(entry.reference!))).toBe(true);
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);

  it('a whole point the round could not make is made once under its key, or by the next stake', async () => {
    const player = await kit.fundedPlayer(100_00);
    const playerId = Number(player.id);
    const { clubs } = t.services;
    // 9.00 of slot stakes carried, then a 1.50 spin: its statement leaves a carry of 10.50, and suppose the node
    // stopped before making the point.
    const first = await kit.play('lantern-orchard', { mode: 'real', stake: 9_00 }, { token: player.token });
    expect(first.statusCode).toBe(201);
    const { db } = t.services.database;
    await db.update(loyaltyBalances).set({ slotsCarry: 10_50 }).where(eq(loyaltyBalances.playerId, playerId));
    const stake = { playerId, roundId: randomUUID(), engine: 'slot', stake: 1_50, key: `round:${randomUUID()}` };

    // Below a point nothing is written; at or above, one point under the key, and a second call changes nothing.
    await clubs.carry.convert(stake, 9_99);
    expect((await pointsOf(playerId)).entries).toEqual([]);
    await clubs.carry.convert(stake, 10_50);
    await clubs.carry.convert(stake, 10_50);
    let points = await pointsOf(playerId);
    expect(points.balance).toMatchObject({ points: 1, slotsCarry: 50 });
    expect(points.entries.map((entry) => [entry.key, entry.points])).toEqual([[stake.key, 1]]);

    // A carry left whole (no convert ran) is made into points by the next spin's statement and convert.
    await db.update(loyaltyBalances).set({ slotsCarry: 10_50 }).where(eq(loyaltyBalances.playerId, playerId));
    const next = await kit.play('lantern-orchard', { mode: 'real', stake: 1_00 }, { token: player.token });
    expect(next.statusCode).toBe(201);
    points = await pointsOf(playerId);
    expect(points.balance).toMatchObject({ points: 2, slotsCarry: 1_50 });
    expect(points.entries.find((entry) => entry.key === `round:${next.json().data.round_id}`)?.points).toBe(1);
  });
});
