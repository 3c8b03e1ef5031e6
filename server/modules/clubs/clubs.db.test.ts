// VIP tiers across month boundaries (injected clock), weekly cashback on wins, losses, mixed weeks and zero, paid
// once however often and on however many nodes its job runs, the operator jobs API, the VIP API and the tier's
// daily withdrawal limit.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../scheduler/scheduler.ts';
import { useTestApp } from '../../test-app.ts';
import { gamesKit } from '../games/testing.ts';
import { OPERATOR_ENV } from '../payments/testing.ts';
import { isoWeekOf } from './calendar.ts';
import { cashbackFor } from './cashback.ts';
import { createClubsService } from './service.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = gamesKit(t);

type Results = { playerId: number; stakes: number; wins: number }[];

/** A clubs service on the test database with its own clock, week results and inbox. */
function clubsWith({ at, results = [] }: { at: string; results?: Results }) {
  const clock = { now: new Date(at) };
  const messages: { playerId: number; subject: string; body: string }[] = [];
  const events: { playerId: number; name: string; data: unknown }[] = [];
  const clubs = createClubsService({
    db: t.services.database.db,
    ledger: t.services.ledger,
    currency: 'EUR',
    events: { publish: (playerId, name, data) => void events.push({ playerId, name, data }), subscribe: () => () => {} },
    netResults: async ({ playerId }) => results.filter((row) => playerId === undefined || row.playerId === playerId),
    sendMessage: async (message) => void messages.push(message),
    now: () => clock.now,
  });
  const earn = async (playerId: number, points: number) => {
    await t.services.database.db.transaction((tx) =>
      clubs.earnPoints(tx, { playerId, roundId: randomUUID(), engine: 'slot', stake: points * 10_00, key: `test:${randomUUID()}` }),
    );
    await clubs.afterRound(playerId);
  };
  return { clubs, clock, messages, events, earn };
}

const tierOf = async (clubs: ReturnType<typeof clubsWith>['clubs'], playerId: number) => (await clubs.vip(playerId)).tier.slug;

describe('VIP tiers', () => {
  it("follow last month's points, rise within a month as soon as this month's reach a tier, and never fall within it", async () => {
    const playerId = Number((await kit.fundedPlayer(0)).id);
    const { clubs, clock, messages, events, earn } = clubsWith({ at: '2025-10-10T12:00:00Z' });
    expect(await tierOf(clubs, playerId)).toBe('bronze');
    await earn(playerId, 499);
    expect(await tierOf(clubs, playerId)).toBe('bronze');
    await earn(playerId, 1);
    expect(await tierOf(clubs, playerId)).toBe('silver');
    expect(messages.map((m) => m.subject)).toEqual(['Welcome to Silver']);
    expect(events.filter((e) => e.name === 'VipTierChanged').map((e) => e.data)).toEqual([{ from: 'bronze', to: 'silver' }]);

    // November: October's 500 points hold Silver; 2,500 this month make Gold at once.
    clock.now = new Date('2025-11-01T00:00:00Z');
    expect(await tierOf(clubs, playerId)).toBe('silver');
    await earn(playerId, 2_499);
    expect((await clubs.vip(playerId)).next_tier).toEqual({ slug: 'gold', name: 'Gold', points_needed: 1 });
    await earn(playerId, 1);
    expect(await tierOf(clubs, playerId)).toBe('gold');
    // An operator's correction later in the month does not take Gold back.
    await clubs.adjust(playerId, { points: -100, reason: 'Correction', operatorId: 1, idempotencyKey: null });
    expect(await tierOf(clubs, playerId)).toBe('gold');
    expect(messages.map((m) => m.subject)).toEqual(['Welcome to Silver', 'Welcome to Gold']);

    // December: November's 2,400 points reach Silver only; Gold was November's.
    clock.now = new Date('2025-12-01T00:00:00Z');
    expect(await tierOf(clubs, playerId)).toBe('silver');
    const review = clubs.jobs.find((job) => job.name === 'clubs:tier-review')!;
    expect(await review.run(new Date('2025-12-01T00:00:00Z'))).toEqual({ month: '2025-12', players: 1, changed: 1 });
    expect(await review.run(new Date('2025-12-01T00:00:00Z'))).toEqual({ month: '2025-12', players: 1, changed: 0 });
    expect(messages.map((m) => m.subject)).toEqual(['Welcome to Silver', 'Welcome to Gold', 'Your VIP tier is now Silver']);

    // January: nothing earned in December.
    clock.now = new Date('2026-01-31T23:59:59Z');
    expect(await tierOf(clubs, playerId)).toBe('bronze');
  });

  it('GET /api/player/vip answers the tier, the next one, cashback and the withdrawal terms', async () => {
    const player = await kit.fundedPlayer(0);
    const response = await kit.call('GET', '/api/player/vip', { token: player.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      tier: { slug: 'bronze', name: 'Bronze', perks: expect.any(Array) },
      next_tier: { slug: 'silver', name: 'Silver', points_needed: 500 },
      cashback: { percent: 0, accrued: 0, period_start: expect.any(String), next_payout_at: expect.any(String) },
      daily_withdrawal_limit: 200_000,
      withdrawal_review_hours: 24,
    });
    expect((await kit.call('GET', '/api/player/vip')).statusCode).toBe(401);
  });
});

describe('weekly cashback', () => {
  it('is the net loss times the percent, rounded down, and nothing on a winning week, zero or under 1.00', () => {
    expect(cashbackFor(100_00, 0, 10)).toEqual({ netLoss: 100_00, amount: 10_00 });
    expect(cashbackFor(500_00, 376_55, 5)).toEqual({ netLoss: 123_45, amount: 6_17 });
    expect(cashbackFor(100_00, 250_00, 15)).toEqual({ netLoss: 0, amount: 0 });
    expect(cashbackFor(0, 0, 15)).toEqual({ netLoss: 0, amount: 0 });
    expect(cashbackFor(19_99, 0, 5)).toEqual({ netLoss: 19_99, amount: 0 });
    expect(cashbackFor(20_00, 0, 5)).toEqual({ netLoss: 20_00, amount: 1_00 });
    expect(cashbackFor(1_000_00, 0, 0)).toEqual({ netLoss: 1_000_00, amount: 0 });
  });

  it('pays each player of the week by tier, once, however often and on however many nodes the job runs', async () => {
    const [loser, winner, mixed, idle, bronze] = await Promise.all([1, 2, 3, 4, 5].map(() => kit.fundedPlayer(0)));
    const ids = [loser, winner, mixed, idle, bronze].map((p) => Number(p!.id));
    const results: Results = [
      { playerId: ids[0]!, stakes: 300_00, wins: 0 },
      { playerId: ids[1]!, stakes: 300_00, wins: 420_00 },
      { playerId: ids[2]!, stakes: 812_34, wins: 400_00 },
      { playerId: ids[3]!, stakes: 0, wins: 0 },
      { playerId: ids[4]!, stakes: 900_00, wins: 0 },
    ];
    // Week 2026-W45 (2–8 November); tiers from points earned in November.
    const { clubs, messages, earn } = clubsWith({ at: '2026-11-04T12:00:00Z', results });
    await earn(ids[0]!, 2_500); // Gold: 10%
    await earn(ids[1]!, 10_000); // Platinum: 15%
    await earn(ids[2]!, 500); // Silver: 5%
    await earn(ids[3]!, 10_000);
    messages.length = 0;
    const job = clubs.jobs.find((j) => j.name === 'clubs:weekly-cashback')!;
    const period = job.parsePeriod('2026-W45')!;
    expect(period.toISOString()).toBe('2026-11-09T00:05:00.000Z');
    const first = createScheduler({ database: t.services.database });
    const second = createScheduler({ database: t.services.database });
    const runs = await Promise.all([first.runNow(job, period), second.runNow(job, period), first.runNow(job, period)]);
    const again = await second.runNow(job, period);
    const paid = [...runs, again].filter((run) => run.ran).map((run) => (run as { result: { paid: number; amount: number } }).result);
    expect(paid.reduce((sum, run) => sum + run.paid, 0)).toBe(2);
    expect(paid.reduce((sum, run) => sum + run.amount, 0)).toBe(30_00 + 20_61);
    const cash = async (playerId: number) => (await t.services.ledger.ensurePlayerAccounts(playerId, 'EUR')).cash.balance;
    expect(await Promise.all(ids.map(cash))).toEqual([30_00, 0, 20_61, 0, 0]);
    expect(messages.map((m) => [m.playerId, m.subject])).toEqual([
      [ids[0], 'Your €30.00 weekly cashback'],
      [ids[2], 'Your €20.61 weekly cashback'],
    ]);
    expect(messages[0]!.body).toContain('10% of last week');
    await Promise.all([first.stop(), second.stop()]);
  });
});

describe('operator jobs API', () => {
  it('lists every scheduled job and runs one for a period an operator names, recording each run', async () => {
    const token = await kit.operator();
    const listed = await kit.call('GET', '/api/admin/jobs', { token });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((job: { name: string }) => job.name)).toEqual([
      'games:interrupted-rounds',
      'clubs:weekly-cashback',
      'clubs:tier-review',
      'clubs:points-expiry',
      'bonuses:expiry',
      'affiliates:monthly-statements',
      'signins:forget-addresses',
      'screening:daily-rescreen',
      'regulator:retention',
      'audit:anchor',
      'jobs:prune-runs',
    ]);
    // A real week of real rounds: a Gold player's losses this week, paid by the run for this week.
    const player = await kit.fundedPlayer(500_00);
    await kit.call('POST', `/api/admin/players/${player.id}/loyalty`, { token, payload: { points: 2_500, reason: 'Test tier' } });
    let stakes = 0;
    let wins = 0;
    for (let i = 0; i < 3; i++) {
      const round = (
        await kit.play('european-roulette', { mode: 'real', bets: [{ type: 'straight', numbers: [i], amount: 25_00 }] }, { token: player.token })
      ).json().data;
      stakes += round.stake;
      wins += round.win;
    }
    const week = isoWeekOf(new Date());
    const expected = cashbackFor(stakes, wins, 10).amount;
    const before = (await kit.wallet(player.token)).cash;
    const run = await kit.call('POST', '/api/admin/jobs/clubs:weekly-cashback/run', { token, payload: { period: week, reason: 'Pay this week now' } });
    expect(run.statusCode).toBe(200);
    expect(run.json().data).toMatchObject({ job: 'clubs:weekly-cashback', period: week, trigger: 'operator', status: 'ran', result: { week } });
    const repeat = await kit.call('POST', '/api/admin/jobs/clubs:weekly-cashback/run', { token, payload: { period: week, reason: 'Pay this week now' } });
    expect(repeat.json().data.result).toEqual({ week, paid: 0, amount: 0 });
    expect((await kit.wallet(player.token)).cash).toBe(before + expected);
    const runs = (await kit.call('GET', '/api/admin/jobs', { token }))
      .json()
      .data.find((job: { name: string }) => job.name === 'clubs:weekly-cashback').last_runs;
    expect(runs.slice(0, 2).map((r: { period: string; status: string }) => [r.period, r.status])).toEqual([
      [week, 'ran'],
      [week, 'ran'],
    ]);
    const sweep = await kit.call('POST', '/api/admin/jobs/games:interrupted-rounds/run', { token, payload: { reason: 'Sweep now' } });
    expect(sweep.json().data).toMatchObject({ status: 'ran', result: { settled: expect.any(Number), completed: expect.any(Number) } });
  });

  it('refuses a bad period, an unknown job and anyone but an operator', async () => {
    const token = await kit.operator();
    const bad = await kit.call('POST', '/api/admin/jobs/clubs:weekly-cashback/run', { token, payload: { period: '2026-11', reason: 'Pay last month' } });
    expect([bad.statusCode, Object.keys(bad.json().errors)]).toEqual([422, ['period']]);
    expect(
      (await kit.call('POST', '/api/admin/jobs/clubs:tier-review/run', { token, payload: { period: '2026-13', reason: 'Review a bad month' } })).statusCode,
    ).toBe(422);
    expect((await kit.call('POST', '/api/admin/jobs/nothing-here/run', { token, payload: { reason: 'No such job' } })).statusCode).toBe(404);
    const player = await kit.fundedPlayer(0);
    expect((await kit.call('GET', '/api/admin/jobs', { token: player.token })).statusCode).toBe(401);
    expect((await kit.call('POST', '/api/admin/jobs/clubs:tier-review/run', { payload: { reason: 'No token' } })).statusCode).toBe(401);
  });
});

describe("the cashback's measure of real money played", () => {
  it('counts cash staked and won from the ledger, and nothing staked with bonus money', async () => {
    const player = await kit.fundedPlayer(100_00);
    const playerId = Number(player.id);
    const { ledger } = t.services;
    const from = new Date(Date.now() - 1_000);
    for (let i = 0; i < 3; i++) {
      const round = await kit.play('european-roulette', { mode: 'real', bets: [{ type: 'red', amount: 10_00 }] }, { token: player.token });
      expect(round.statusCode).toBe(201);
    }
    const cashAfter = (await kit.wallet(player.token)).cash;
    // A stake paid from the bonus account (as a bonus-funded spin is), and its win paid back to bonus money.
    const accounts = await ledger.ensurePlayerAccounts(playerId, 'EUR');
    const [bonusCost, game] = await Promise.all([ledger.houseAccount('bonus_cost', 'EUR'), ledger.houseAccount('game', 'EUR')]);
    const move = (type: 'bonus' | 'bet' | 'win', fromId: number, toId: number, amount: number) =>
      ledger.transfer({
        idempotencyKey: `test-${type}:${randomUUID()}`,
        type,
        entries: [
          { accountId: fromId, amount: -amount },
          { accountId: toId, amount },
        ],
      });
    await move('bonus', bonusCost.id, accounts.bonus.id, 50_00);
    await move('bet', accounts.bonus.id, game.id, 20_00);
    await move('win', game.id, accounts.bonus.id, 35_00);
    const [played] = await ledger.cashPlayed({ from, to: new Date(Date.now() + 1_000), currency: 'EUR', playerId });
    expect(played!.stakes).toBe(30_00);
    expect(played!.stakes - played!.wins).toBe(100_00 - cashAfter);
    // Outside the period, nothing.
    expect(await ledger.cashPlayed({ from: new Date(0), to: from, currency: 'EUR', playerId })).toEqual([]);
  });
});

describe("the VIP tier's daily withdrawal limit", () => {
  it('refuses what would take the day past the limit, and says what is left', async () => {
    const player = await kit.player({ kyc: 'verified' });
    await kit.fund(player.id, 3_000_00);
    const withdraw = (amount: number) =>
      kit.call('POST', '/api/payments/withdrawals', {
        token: player.token,
        key: randomUUID(),
        payload: { method: 'sandbox-crypto', amount, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      });
    const over = await withdraw(2_000_01);
    expect([over.statusCode, over.json().errors]).toEqual([
      422,
      { amount: ['As a Bronze member you can withdraw up to €2,000.00 a day; €2,000.00 is left today.'] },
    ]);
    expect((await withdraw(1_500_00)).statusCode).toBe(201);
    expect((await withdraw(600_00)).json().errors.amount[0]).toContain('€500.00 is left today');
    expect((await withdraw(500_00)).statusCode).toBe(201);
  });

  it('holds against requests made at the same moment: they take turns, and the one that would pass the limit is refused', async () => {
    const player = await kit.player({ kyc: 'verified' });
    await kit.fund(player.id, 3_000_00);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        kit.call('POST', '/api/payments/withdrawals', {
          token: player.token,
          key: randomUUID(),
          payload: { method: 'sandbox-crypto', amount: 800_00, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)!.json().errors.amount[0]).toContain('€400.00 is left today');
    expect((await kit.wallet(player.token)).cash).toBe(1_400_00);
  });
});

describe("the VIP tier's withdrawal review time", () => {
  const request = (token: string) =>
    kit.call('POST', '/api/payments/withdrawals', {
      token,
      key: randomUUID(),
      payload: { method: 'sandbox-crypto', amount: 50_00, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
    });

  it("sets each request's review deadline by the tier, and the operators' queue takes the earliest deadline first", async () => {
    const bronze = await kit.player({ kyc: 'verified' });
    const silver = await kit.player({ kyc: 'verified' });
    await kit.fund(bronze.id, 100_00);
    await kit.fund(silver.id, 100_00);
    // 500 points this month make Silver at once (12 hours' review; Bronze has 24).
    const { earn } = clubsWith({ at: new Date().toISOString() });
    await earn(Number(silver.id), 500);
    const first = (await request(bronze.token)).json().data;
    const second = (await request(silver.token)).json().data;
    const queue = await kit.call('GET', '/api/admin/withdrawals?status=pending', { token: await kit.operator() });
    expect(queue.statusCode).toBe(200);
    const rows = queue.json().data as { id: string; created_at: string; review_due_at: string | null }[];
    const bronzeRow = rows.find((row) => row.id === first.id)!;
    const silverRow = rows.find((row) => row.id === second.id)!;
    const hoursGiven = (row: { created_at: string; review_due_at: string | null }) =>
      (new Date(row.review_due_at!).getTime() - new Date(row.created_at).getTime()) / 3_600_000;
    expect([hoursGiven(bronzeRow), hoursGiven(silverRow)]).toEqual([24, 12]);
    // Asked later, due sooner: the Silver request comes first.
    expect(rows.indexOf(silverRow)).toBeLessThan(rows.indexOf(bronzeRow));
    const dues = rows.map((row) => row.review_due_at).filter((due): due is string => due !== null);
    expect(dues).toEqual([...dues].sort());
  });
});
