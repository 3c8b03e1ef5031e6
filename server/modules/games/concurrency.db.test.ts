// Many real rounds at once for one player, split over two app nodes sharing the database (so they race for the
// same seed pair and balance, not only queue in one process). With DATABASE_URL (CI) they run on a pool of
// PostgreSQL connections; on PGlite they are serialised and must give the same answers.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../http/app.ts';
import { createServices } from '../../services.ts';
import { useTestApp } from '../../test-app.ts';
import { ledgerEntries, ledgerJournals } from '../ledger/schema.ts';
import { gameRounds } from './schema.ts';
import { gamesKit } from './testing.ts';

const t = useTestApp();
const kit = gamesKit(t);
let second: FastifyInstance;
beforeAll(async () => {
  second = await buildApp({
    services: createServices({ config: t.config, database: t.services.database }),
    rateLimitNamespace: `croupier-test:${randomBytes(6).toString('hex')}:`,
  });
});
afterAll(() => second?.close());

describe('concurrent real rounds of one player', () => {
  it('never overdraw: every accepted round is debited once, every refused one leaves nothing, the nonces run 0, 1, 2, …', async () => {
    // Straight up on zero mostly loses, so the money runs out part of the way through.
    const player = await kit.fundedPlayer(10_00);
    const stake = 1_00;
    const body = { mode: 'real', bets: [{ type: 'straight', numbers: [0], amount: stake }] };
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 === 0 ? t.app : second).inject({
          method: 'POST',
          url: '/api/games/european-roulette/rounds',
          headers: { authorization: `Bearer ${player.token}`, 'idempotency-key': randomUUID() },
          payload: body,
        }),
      ),
    );
    const byStatus: Record<number, number> = {};
    for (const r of responses) byStatus[r.statusCode] = (byStatus[r.statusCode] ?? 0) + 1;
    expect(
      Object.keys(byStatus).every((status) => ['201', '409', '422'].includes(status)),
      JSON.stringify(byStatus),
    ).toBe(true);
    for (const response of responses.filter((r) => r.statusCode === 422)) expect(response.json().message).toBe('Your balance is too low for this stake.');
    for (const response of responses.filter((r) => r.statusCode === 409)) expect(response.json().type).toBe('seed_moved');
    const accepted = responses.filter((r) => r.statusCode === 201).map((r) => r.json().data);
    expect(accepted.length).toBeGreaterThanOrEqual(10);

    const { db } = t.services.database;
    const rows = await db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.playerId, Number(player.id)));
    expect(rows.map((row) => row.id).sort()).toEqual(accepted.map((round) => round.round_id).sort());
    expect(rows.map((row) => row.nonce).sort((a, b) => a - b)).toEqual(rows.map((_, i) => i));
    expect(rows.every((row) => row.status === 'settled')).toBe(true);

    const { cash } = await t.services.ledger.ensurePlayerAccounts(Number(player.id), 'EUR');
    const [bets] = await db
      .select({ total: sql<string>`coalesce(-sum(${ledgerEntries.amount}), 0)`, journals: sql<string>`count(*)` })
      .from(ledgerEntries)
      .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
      .where(sql`${ledgerEntries.accountId} = ${cash.id} and ${ledgerJournals.type} = 'bet'`);
    expect(Number(bets!.journals)).toBe(accepted.length);
    expect(Number(bets!.total)).toBe(accepted.length * stake);
    const won = rows.reduce((sum, row) => sum + row.win, 0);
    expect(cash.balance).toBe(10_00 - accepted.length * stake + won);
    expect(cash.balance).toBeGreaterThanOrEqual(0);
    expect((await kit.wallet(player.token)).balance).toBe(cash.balance);
  });

  it('one Idempotency-Key sent 40 times at once over two nodes is one round, answered to all', async () => {
    const player = await kit.fundedPlayer(10_00);
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? t.app : second).inject({
          method: 'POST',
          url: '/api/games/lantern-orchard/rounds',
          headers: { authorization: `Bearer ${player.token}`, 'idempotency-key': key },
          payload: { mode: 'real', stake: 1_00 },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).filter((status) => status !== 201)).toEqual([]);
    expect(new Set(responses.map((r) => r.json().data.round_id)).size).toBe(1);
    const rows = await t.services.database.db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.playerId, Number(player.id)));
    expect(rows).toHaveLength(1);
    expect((await kit.wallet(player.token)).balance).toBe(10_00 - 1_00 + rows[0]!.win);
  });
});
