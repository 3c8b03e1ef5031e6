// The operator reports (docs/decisions/0103-operator-reports.md) against a seeded set: rows written straight into each
// module's tables with known amounts and times, so every figure is checked by exact sums, per grouping and with
// filters; a property over random rounds; and the HTTP doors (401, 403, 422, CSV).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPORT_GROUPS, type ReportGroup } from '../../../contract/reports.rules.ts';
import { useTestApp } from '../../test-app.ts';
import { crashBets, crashChains, crashGames } from '../crash/schema.ts';
import { createOperatorReports } from './reports.ts';
import { auditLog, operators } from './schema.ts';
import { OPERATOR_ENV, reportSeed, staffKit } from './testing.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = staffKit(t, '10.77');
const seed = reportSeed(t);
const reports = () =>
  createOperatorReports({
    db: t.services.database.db,
    tiersAboveBronze: () => t.services.clubs.tiersAboveBronze(),
    crashGameId: async () => (await t.services.catalog.playableGame('crash'))?.id ?? null,
  });
const MARCH = { from: new Date('2025-03-01T00:00:00Z'), to: new Date('2025-04-01T00:00:00Z'), currency: 'EUR' };
const FORMULA_NAME = '=HYPERLINK("https://evil.example","Click")';

/**
 * March 2025: Alice (GB, gold) plays our slot on the 10th (two rounds) and the 31st late at night; Bruno (MT, bronze)
 * our table game on the 11th; Cleo (GB, bronze, a formula for a name) the aggregator's slot on the 11th. Alice has a
 * bonus, Bruno an adjustment credited, Cleo one debited. Rows outside the range, open, refused, free or in another
 * currency must not count.
 */
let seeded: Promise<Awaited<ReturnType<typeof seedMarch>>> | undefined;
async function seedMarch() {
  const games = await seed.games();
  const alice = await seed.player('GB', 'Alice', 'gold');
  const bruno = await seed.player('MT', 'Bruno');
  const cleo = await seed.player('GB', FORMULA_NAME);
  await seed.houseRound(alice.id, games.houseSlot, '2025-03-10T09:00:00Z', 10_00, 4_00);
  await seed.houseRound(alice.id, games.houseSlot, '2025-03-10T10:00:00Z', 5_00, 0);
  await seed.houseRound(alice.id, games.houseSlot, '2025-03-31T23:30:00Z', 3_00, 0);
  await seed.houseRound(alice.id, games.houseSlot, '2025-03-10T11:00:00Z', 9_00, 0, { status: 'open' });
  await seed.houseRound(alice.id, games.houseSlot, '2025-03-10T12:00:00Z', 11_00, 0, { currency: 'USD' });
  await seed.houseRound(alice.id, games.houseSlot, '2025-02-28T23:59:59Z', 70_00, 0);
  await seed.houseRound(bruno.id, games.houseTable, '2025-03-11T12:00:00Z', 20_00, 30_00);
  await seed.houseRound(bruno.id, games.houseSlot, '2025-04-01T00:10:00Z', 50_00, 0);
  await seed.providerTransaction(cleo.id, '2025-03-11T13:00:00Z', 'bet', 7_00);
  await seed.providerTransaction(cleo.id, '2025-03-11T13:01:00Z', 'win', 2_00);
  await seed.providerTransaction(cleo.id, '2025-03-11T13:02:00Z', 'bet', 100_00, { state: 'refused' });
  await seed.providerTransaction(cleo.id, '2025-03-11T13:03:00Z', 'bet', 1_00, { free: true });
  await seed.journal('bonus', alice.id, 5_00, '2025-03-10T08:00:00Z');
  await seed.journal('adjustment', bruno.id, 2_50, '2025-03-11T08:00:00Z');
  await seed.journal('deposit', cleo.id, 20_00, '2025-03-11T07:00:00Z');
  await seed.journal('adjustment', cleo.id, -1_00, '2025-03-11T09:00:00Z');
  await seed.journal('bonus', alice.id, 40_00, '2025-04-02T08:00:00Z');
  await seed.deposit(alice.id, 'sandbox-card', 50_00, '2025-03-10T07:00:00Z');
  await seed.deposit(bruno.id, 'sandbox-crypto', 100_00, '2025-03-11T07:00:00Z');
  await seed.deposit(cleo.id, 'sandbox-card', 20_00, '2025-03-11T07:00:00Z');
  await seed.deposit(alice.id, 'sandbox-card', 99_00, '2025-03-12T07:00:00Z', 'pending');
  await seed.withdrawal(bruno.id, 'sandbox-crypto', 30_00, '2025-03-20T07:00:00Z');
  await seed.withdrawal(alice.id, 'sandbox-card', 10_00, '2025-03-20T07:00:00Z', 'rejected');
  await t.services.ledger.houseAccount('game', 'USD');
  return { games, alice, bruno, cleo };
}
const march = () => (seeded ??= seedMarch());

const figures = (stakes: number, wins: number, rest: Partial<Record<string, number>> = {}) => ({
  stakes,
  wins,
  ggr: stakes - wins,
  bonus_cost: rest.bonus_cost ?? 0,
  adjustments_credited: rest.credited ?? 0,
  adjustments_debited: rest.debited ?? 0,
  ngr: stakes - wins - (rest.bonus_cost ?? 0) - (rest.credited ?? 0) + (rest.debited ?? 0),
  rounds: rest.rounds ?? 0,
  players: rest.players ?? 0,
});

describe('operator report figures', () => {
  it('totals the range exactly: stakes, wins, GGR, bonus cost, adjustments both ways, NGR, rounds and players', async () => {
    await march();
    const { totals } = await reports().figures(MARCH, 'day');
    expect(totals).toEqual(figures(45_00, 36_00, { bonus_cost: 5_00, credited: 2_50, debited: 1_00, rounds: 5, players: 3 }));
    expect(totals.ngr).toBe(2_50);
    const usd = await reports().figures({ ...MARCH, currency: 'USD' }, 'day');
    expect(usd.totals).toEqual(figures(11_00, 0, { rounds: 1, players: 1 }));
  });

  it('groups by day, game, provider, category, country, VIP tier and player', async () => {
    const { games, alice, bruno, cleo } = await march();
    const grouped = async (group: ReportGroup) =>
      Object.fromEntries((await reports().figures(MARCH, group)).rows.map(({ key, label, email, ...rest }) => [label, { key, email, ...rest }]));
    expect(await grouped('day')).toEqual({
      '2025-03-10': { key: '2025-03-10', email: null, ...figures(15_00, 4_00, { bonus_cost: 5_00, rounds: 2, players: 1 }) },
      '2025-03-11': { key: '2025-03-11', email: null, ...figures(27_00, 32_00, { credited: 2_50, debited: 1_00, rounds: 2, players: 2 }) },
      '2025-03-31': { key: '2025-03-31', email: null, ...figures(3_00, 0, { rounds: 1, players: 1 }) },
    });
    const noGame = { key: null, email: null, ...figures(0, 0, { bonus_cost: 5_00, credited: 2_50, debited: 1_00 }) };
    expect(await grouped('category')).toEqual({
      Slots: { key: 'slots', email: null, ...figures(25_00, 6_00, { rounds: 4, players: 2 }) },
      'Table games': { key: 'table-games', email: null, ...figures(20_00, 30_00, { rounds: 1, players: 1 }) },
      'Bonuses and adjustments (no game)': noGame,
    });
    expect(await grouped('provider')).toEqual({
      'Croupier Studio': { key: 'croupier-studio', email: null, ...figures(38_00, 34_00, { rounds: 4, players: 2 }) },
      'Test Studio': { key: 'test-studio', email: null, ...figures(7_00, 2_00, { rounds: 1, players: 1 }) },
      'Bonuses and adjustments (no game)': noGame,
    });
    expect(await grouped('game')).toEqual({
      [games.houseSlot.name]: { key: String(games.houseSlot.id), email: null, ...figures(18_00, 4_00, { rounds: 3, players: 1 }) },
      [games.houseTable.name]: { key: String(games.houseTable.id), email: null, ...figures(20_00, 30_00, { rounds: 1, players: 1 }) },
      [games.providerSlot.name]: { key: String(games.providerSlot.id), email: null, ...figures(7_00, 2_00, { rounds: 1, players: 1 }) },
      'Bonuses and adjustments (no game)': noGame,
    });
    expect(await grouped('country')).toEqual({
      'United Kingdom': { key: 'GB', email: null, ...figures(25_00, 6_00, { bonus_cost: 5_00, debited: 1_00, rounds: 4, players: 2 }) },
      Malta: { key: 'MT', email: null, ...figures(20_00, 30_00, { credited: 2_50, rounds: 1, players: 1 }) },
    });
    expect(await grouped('vip')).toEqual({
      Gold: { key: 'gold', email: null, ...figures(18_00, 4_00, { bonus_cost: 5_00, rounds: 3, players: 1 }) },
      Bronze: { key: 'bronze', email: null, ...figures(27_00, 32_00, { credited: 2_50, debited: 1_00, rounds: 2, players: 2 }) },
    });
    expect(await grouped('player')).toEqual({
      [alice.name]: { key: String(alice.id), email: alice.email, ...figures(18_00, 4_00, { bonus_cost: 5_00, rounds: 3, players: 1 }) },
      [bruno.name]: { key: String(bruno.id), email: bruno.email, ...figures(20_00, 30_00, { credited: 2_50, rounds: 1, players: 1 }) },
      [cleo.name]: { key: String(cleo.id), email: cleo.email, ...figures(7_00, 2_00, { debited: 1_00, rounds: 1, players: 1 }) },
    });
  });

  it('answers “what did we make on slots from UK players” by day, and combines the other filters', async () => {
    await march();
    const slotsGb = await reports().figures(MARCH, 'day', { category: 'slots', country: 'GB' });
    expect(slotsGb.totals).toEqual(figures(25_00, 6_00, { rounds: 4, players: 2 }));
    expect(slotsGb.rows.map((row) => [row.key, row.ggr])).toEqual([
      ['2025-03-10', 11_00],
      ['2025-03-11', 5_00],
      ['2025-03-31', 3_00],
    ]);
    expect((await reports().figures(MARCH, 'country', { vip: 'gold' })).rows.map((row) => [row.key, row.ngr])).toEqual([['GB', 9_00]]);
    expect((await reports().figures(MARCH, 'player', { provider: 'test-studio' })).totals).toEqual(figures(7_00, 2_00, { rounds: 1, players: 1 }));
    expect((await reports().figures(MARCH, 'game', { country: 'MT', category: 'slots' })).totals).toEqual(figures(0, 0));
    expect((await reports().figures(MARCH, 'vip', { country: 'MT' })).totals).toEqual(figures(20_00, 30_00, { credited: 2_50, rounds: 1, players: 1 }));
  });

  it('lists deposits completed and withdrawals paid by method, for the filter’s players', async () => {
    await march();
    expect(await reports().paymentsByMethod(MARCH)).toEqual([
      { method: 'sandbox-card', deposits: 2, deposit_amount: 70_00, withdrawals: 0, withdrawal_amount: 0 },
      { method: 'sandbox-crypto', deposits: 1, deposit_amount: 100_00, withdrawals: 1, withdrawal_amount: 30_00 },
    ]);
    expect(await reports().paymentsByMethod(MARCH, { country: 'GB' })).toEqual([
      { method: 'sandbox-card', deposits: 2, deposit_amount: 70_00, withdrawals: 0, withdrawal_amount: 0 },
    ]);
  });

  it('counts settled crash bets as rounds of the catalogue’s crash game, never an active or refunded one', async () => {
    const db = t.services.database.db;
    const gamer = await seed.player('IE', 'Crash');
    const [chain] = await db.insert(crashChains).values({ seed: 'seed', terminatingHash: 'hash', length: 10 }).returning({ id: crashChains.id });
    const bets = [
      { stake: 4_00, win: 8_00, status: 'cashed' },
      { stake: 6_00, win: 0, status: 'lost' },
      { stake: 5_00, win: 0, status: 'active' },
      { stake: 7_00, win: 7_00, status: 'refunded' },
    ];
    for (const [index, bet] of bets.entries()) {
      const [game] = await db
        .insert(crashGames)
        .values({
          chainId: chain!.id,
          chainIndex: index,
          hash: `h${index}`,
          crashPoint: 200,
          status: 'crashed',
          bettingEndsAt: new Date('2025-05-05T10:00:00Z'),
        })
        .returning({ id: crashGames.id });
      await db.insert(crashBets).values({
        id: randomUUID(),
        gameId: game!.id,
        playerId: gamer.id,
        currency: 'EUR',
        idempotencyKey: randomUUID(),
        requestHash: 'hash',
        createdAt: new Date('2025-05-05T10:00:00Z'),
        ...bet,
      });
    }
    const may = { from: new Date('2025-05-01T00:00:00Z'), to: new Date('2025-06-01T00:00:00Z'), currency: 'EUR' };
    const byGame = await reports().figures(may, 'game');
    expect(byGame.totals).toEqual(figures(10_00, 8_00, { rounds: 2, players: 1 }));
    expect(byGame.rows).toEqual([{ key: expect.any(String), label: 'Crash', email: null, ...figures(10_00, 8_00, { rounds: 2, players: 1 }) }]);
    expect((await reports().figures(may, 'category')).rows.map((row) => row.key)).toEqual(['originals']);
  });

  it('property: for random rounds, every grouping adds up to the ungrouped total, and GGR = stakes − wins', async () => {
    const games = await seed.games();
    const people = [await seed.player('GB', 'Pat', 'silver'), await seed.player('DE', 'Kim'), await seed.player('FR', 'Lou', 'gold')];
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            player: fc.integer({ min: 0, max: 2 }),
            game: fc.constantFrom('houseSlot', 'houseTable', 'providerSlot'),
            day: fc.integer({ min: 0, max: 2 }),
            stake: fc.integer({ min: 1, max: 100_000 }),
            win: fc.integer({ min: 0, max: 300_000 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (rounds) => {
          // Each run has days of its own (in 2024), so runs never see each other's rows.
          const start = Date.UTC(2024, 0, 1) + run++ * 3 * 86_400_000;
          for (const round of rounds) {
            const at = new Date(start + round.day * 86_400_000 + 3_600_000).toISOString();
            const who = people[round.player]!.id;
            if (round.game === 'providerSlot') {
              await seed.providerTransaction(who, at, 'bet', round.stake);
              if (round.win > 0) await seed.providerTransaction(who, at, 'win', round.win);
            } else await seed.houseRound(who, games[round.game], at, round.stake, round.win);
          }
          const range = { from: new Date(start), to: new Date(start + 3 * 86_400_000), currency: 'EUR' };
          const stakes = rounds.reduce((sum, round) => sum + round.stake, 0);
          const wins = rounds.reduce((sum, round) => sum + round.win, 0);
          for (const group of REPORT_GROUPS) {
            const { totals, rows } = await reports().figures(range, group);
            expect(totals).toMatchObject({ stakes, wins, ggr: stakes - wins, rounds: rounds.length });
            for (const key of ['stakes', 'wins', 'ggr', 'ngr', 'rounds'] as const)
              expect(
                rows.reduce((sum, row) => sum + row[key], 0),
                `${group} ${key}`,
              ).toBe(totals[key]);
            for (const row of rows) expect(row.ggr).toBe(row.stakes - row.wins);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('operator reports over HTTP', () => {
  const query = 'from=2025-03-01&to=2025-03-31';

  it('answers the figures with options, and 401 without a token, 403 for a role without reports.read', async () => {
    await march();
    const finance = await kit.staff('finance');
    const answer = await kit.call('GET', `/api/admin/reports/figures?${query}&group=day&category=slots&country=GB`, { token: finance.token });
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json().data;
    expect(data).toMatchObject({ currency: 'EUR', from: '2025-03-01', to: '2025-03-31', group: 'day', games_only: true });
    expect(data.totals).toEqual(figures(25_00, 6_00, { rounds: 4, players: 2 }));
    expect(data.rows).toHaveLength(31);
    expect(data.rows[9]).toMatchObject({ key: '2025-03-10', ggr: 11_00 });
    expect(data.options.currencies).toEqual(expect.arrayContaining(['EUR', 'USD']));
    expect(data.options.categories).toEqual(expect.arrayContaining([{ value: 'slots', label: 'Slots' }]));
    expect(data.payments).toEqual([{ method: 'sandbox-card', deposits: 2, deposit_amount: 70_00, withdrawals: 0, withdrawal_amount: 0 }]);

    expect((await kit.call('GET', `/api/admin/reports/figures?${query}`)).statusCode).toBe(401);
    expect((await kit.call('GET', `/api/admin/reports/export?${query}`)).statusCode).toBe(401);
    // Every role reads reports, so a staff member whose role carries no permission stands in for one without it.
    const outsider = await kit.staff('support');
    await t.services.database.db.update(operators).set({ role: 'auditor' }).where(eq(operators.id, outsider.id));
    for (const path of ['figures', 'export']) {
      const refused = await kit.call('GET', `/api/admin/reports/${path}?${query}`, { token: outsider.token });
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json()).toEqual({ message: 'You do not have the reports.read permission.', type: 'forbidden' });
    }
  });

  it('refuses bad dates, a currency the casino does not hold, an unknown grouping and a range over 366 days with a 422', async () => {
    const admin = await kit.adminToken();
    const bad = {
      'from=2025-03-01': 'to',
      'from=2025-3-1&to=2025-03-31': 'from',
      'from=2025-02-30&to=2025-03-31': 'from',
      'from=2025-03-31&to=2025-03-01': 'to',
      'from=2024-01-01&to=2025-01-01': 'to',
      [`${query}&currency=XYZ`]: 'currency',
      [`${query}&currency=eur`]: 'currency',
      [`${query}&group=week`]: 'group',
      [`${query}&country=gb`]: 'country',
      [`${query}&vip=diamond`]: 'vip',
    };
    for (const [search, field] of Object.entries(bad)) {
      for (const path of ['figures', 'export']) {
        const refused = await kit.call('GET', `/api/admin/reports/${path}?${search}`, { token: admin });
        expect(refused.statusCode, `${path}?${search}`).toBe(422);
        expect(Object.keys(refused.json().errors), search).toContain(field);
      }
    }
    expect((await kit.call('GET', '/api/admin/reports/figures?from=2024-01-01&to=2024-12-31', { token: admin })).statusCode).toBe(200);
  });

  it('exports a view as formula-safe CSV with plain decimal amounts and a currency column, and audits the export', async () => {
    const { cleo } = await march();
    const finance = await kit.staff('finance');
    const csv = await kit.call('GET', `/api/admin/reports/export?${query}&group=player`, { token: finance.token });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="report-player-2025-03-01-to-2025-03-31.csv"');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('player,email,currency,stakes,wins,ggr,bonus_cost,adjustments_credited,adjustments_debited,ngr,rounds,players');
    expect(lines).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"") Tester",${cleo.email},EUR,7.00,2.00,5.00,0.00,0.00,1.00,6.00,1,1`);
    expect(lines.at(-1)).toBe('Total,,EUR,45.00,36.00,9.00,5.00,2.50,1.00,2.50,5,3');
    expect(lines.some((line) => /^[=+\-@]/.test(line))).toBe(false);

    const payments = await kit.call('GET', `/api/admin/reports/export?${query}&section=payments`, { token: finance.token });
    expect(payments.body.trimEnd().split('\r\n')).toEqual([
      'method,currency,deposits,deposit_amount,withdrawals,withdrawal_amount',
      'sandbox-card,EUR,2,70.00,0,0.00',
      'sandbox-crypto,EUR,1,100.00,1,30.00',
    ]);
    const audited = await t.services.database.db.select().from(auditLog).where(eq(auditLog.staffId, finance.id));
    expect(
      audited
        .filter((row) => row.action === 'reports.export')
        .map((row) => [row.action, (row.after as Record<string, unknown>).section, (row.after as Record<string, unknown>).rows]),
    ).toEqual([
      ['reports.export', 'figures', 4],
      ['reports.export', 'payments', 2],
    ]);
  });
});
