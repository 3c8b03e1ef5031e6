// Monthly statements and payouts (docs/decisions/0107-affiliates.md): the job run twice, concurrently and through two
// schedulers makes one statement; excluded players earn nothing; NGR comes from the ledger (aggregator rounds too);
// approval and payout move the commission once, with a second staff member above the four-eyes threshold.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../scheduler/scheduler.ts';
import { useTestApp } from '../../test-app.ts';
import { players } from '../accounts/schema.ts';
import { STRONG_PASSWORD } from '../accounts/testing.ts';
import { OPERATOR_ENV, staffKit } from '../operators/testing.ts';
import { paymentsKit } from '../payments/testing.ts';
import { affiliateAttributions, affiliateStatements } from './schema.ts';
import { affiliateKit } from './testing.ts';

const month = () => new Date().toISOString().slice(0, 7);

describe('monthly statements', () => {
  const t = useTestApp({ ...OPERATOR_ENV, PAYMENTS_SANDBOX: 'true', FOUR_EYES_THRESHOLD: '6000' });

  /** An aggregator's round as the providers module books it: the stake to the house's provider account, the win back. */
  async function providerRound(playerId: number, stake: number, win: number, key: string) {
    const { ledger } = t.services;
    const cash = (await ledger.ensurePlayerAccounts(playerId, 'EUR')).cash;
    const house = await ledger.houseAccount('provider', 'EUR');
    await ledger.transfer({
      idempotencyKey: `${key}:bet`,
      type: 'bet',
      entries: [
        { accountId: cash.id, amount: -stake },
        { accountId: house.id, amount: stake },
      ],
    });
    if (win > 0)
      await ledger.transfer({
        idempotencyKey: `${key}:win`,
        type: 'win',
        entries: [
          { accountId: house.id, amount: -win },
          { accountId: cash.id, amount: win },
        ],
      });
  }

  it('computes one statement however often and wherever the job runs; excluded players earn nothing; pays once with four eyes', async () => {
    const kit = affiliateKit(t, '10.51');
    const staff = staffKit(t, '10.91');
    const payments = paymentsKit(t);
    const admin = await staff.adminToken();
    const affiliate = await kit.approvedAffiliate(admin, {
      type: 'hybrid',
      cpa_amount: 5_000,
      cpa_min_deposit: 2_000,
      cpa_window_days: 30,
      revshare_tiers: [
        { min_active_players: 0, percent: 25 },
        { min_active_players: 3, percent: 35 },
      ],
      negative_carryover: true,
    });
    const link = await kit.link(affiliate.token);
    const arrive = async (ip: string) => {
      const player = await kit.register(await kit.click(link.token, { ip }));
      await kit.eventually(() => kit.attribution(player.id));
      return player;
    };
    const counted = await arrive('192.0.2.1');
    const testPlayer = await arrive('192.0.2.2');
    const selfExcluded = await arrive('192.0.2.3');
    const blocked = await arrive('192.0.2.4');
    // A second account from the visitor who brought `counted`: flagged as a duplicate on arrival.
    const duplicate = await arrive('192.0.2.1');
    expect((await kit.attribution(duplicate.id))?.duplicate).toBe(true);
    const marketing = await staff.staff('marketing');
    const flagged = await staff.call('PUT', `/api/admin/affiliate-attributions/${testPlayer.id}/flags`, {
      token: marketing.token,
      payload: { test: true, reason: 'Our QA account' },
    });
    expect(flagged.json().data).toMatchObject({ test: true, duplicate: false });

    for (const [index, player] of [counted, testPlayer, selfExcluded, blocked, duplicate].entries()) {
      await payments.deposit(player.token, 10_000);
      await providerRound(player.id, 8_000, 2_000, `hub88-test-${player.id}-${index}`);
    }
    await t.services.limits.selfExclude(selfExcluded.id, 6, STRONG_PASSWORD);
    await t.services.database.db.update(players).set({ blocked: true }).where(eq(players.id, blocked.id));
    await kit.eventually(async () => (await kit.attribution(counted.id))?.cpaQualifiedAt);
    // Test and duplicate players never qualify; the self-excluded one qualified before excluding themselves, and the
    // statement still pays nothing for them (below).
    for (const excluded of [testPlayer, duplicate]) expect((await kit.attribution(excluded.id))?.cpaQualifiedAt, String(excluded.id)).toBeNull();

    // The job: twice at once without the scheduler's lock, through two schedulers, and once more.
    const job = t.services.affiliates.jobs[0]!;
    const period = job.parsePeriod!(month())!;
    const first = createScheduler({ database: t.services.database });
    const second = createScheduler({ database: t.services.database });
    const results = await Promise.allSettled([job.run(period), job.run(period), first.runNow(job, period), second.runNow(job, period)]);
    await job.run(period);
    await Promise.all([first.stop(), second.stop()]);
    expect(results.filter((result) => result.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    const rows = await t.services.database.db.select().from(affiliateStatements).where(eq(affiliateStatements.affiliateId, affiliate.id));
    expect(rows).toHaveLength(1);
    // Only `counted` counts: NGR 80.00 − 20.00 = 60.00 (the blocked player's month counted nothing either), one active player.
    expect(rows[0]).toMatchObject({
      cpaCount: 1,
      cpaAmount: 5_000,
      ngr: 6_000,
      activePlayers: 1,
      revsharePercentBp: 2_500,
      revshareAmount: 1_500,
      commission: 6_500,
    });

    const statementId = rows[0]!.id;
    const financeA = await staff.staff('finance');
    const financeB = await staff.staff('finance');
    const payoutEarly = await staff.call('POST', `/api/admin/affiliate-statements/${statementId}/payout`, {
      token: financeA.token,
      payload: { reason: 'Too soon' },
    });
    expect(payoutEarly.statusCode).toBe(409);
    expect(
      (await staff.call('POST', `/api/admin/affiliate-statements/${statementId}/approve`, { token: financeA.token, payload: { reason: 'Checked' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await staff.call('POST', `/api/admin/affiliate-statements/${statementId}/approve`, { token: financeA.token, payload: { reason: 'Checked' } }))
        .statusCode,
    ).toBe(409);
    const requested = await staff.call('POST', `/api/admin/affiliate-statements/${statementId}/payout`, {
      token: financeA.token,
      payload: { reason: 'Monthly payout' },
    });
    expect(requested.json().data).toMatchObject({ amount: 6_500, status: 'awaiting_approval' });
    const payable = () => t.services.ledger.houseBalance('affiliate_payable', 'EUR');
    expect(await payable()).toBe(6_500);
    const payoutId = requested.json().data.id;
    const own = await staff.call('POST', `/api/admin/affiliate-payouts/${payoutId}/approve`, { token: financeA.token, payload: { reason: 'Mine' } });
    expect([own.statusCode, own.json().type]).toEqual([403, 'forbidden']);
    expect(await payable()).toBe(6_500);
    const [one, two] = await Promise.all([
      staff.call('POST', `/api/admin/affiliate-payouts/${payoutId}/approve`, { token: financeB.token, payload: { reason: 'Second pair of eyes' } }),
      staff.call('POST', `/api/admin/affiliate-payouts/${payoutId}/approve`, { token: financeB.token, payload: { reason: 'Second pair of eyes' } }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect(await payable()).toBe(0);
    expect(await t.services.ledger.houseBalance('affiliate_commission', 'EUR')).toBe(-6_500);
    const listed = await staff.call('GET', '/api/admin/affiliate-payouts?status=paid', { token: admin });
    expect(listed.json().data.find((row: { id: string }) => row.id === payoutId)).toMatchObject({
      amount: 6_500,
      requested_by_email: financeA.email,
      approved_by_email: financeB.email,
    });
    const journal = await t.services.ledger.journal(`affiliate-payout:${payoutId}`);
    expect(journal?.type).toBe('affiliate_payout');

    // A correction is a new row; the statement itself never changes.
    const corrected = await staff.call('POST', `/api/admin/affiliate-statements/${statementId}/corrections`, {
      token: financeA.token,
      payload: { amount: -1_000, reason: 'Chargeback after close' },
    });
    expect(corrected.json().data).toMatchObject({ kind: 'correction', corrects: String(statementId), commission: -1_000, status: 'pending' });
    expect(
      (
        await staff.call('POST', `/api/admin/affiliate-statements/${corrected.json().data.id}/approve`, {
          token: financeB.token,
          payload: { reason: 'Agreed' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await payable()).toBe(-1_000);
    const [after] = await t.services.database.db.select().from(affiliateStatements).where(eq(affiliateStatements.id, statementId));
    expect(after).toMatchObject({ commission: 6_500, status: 'paid' });
  });

  it('records a first deposit whose after-commit event was lost, from the ledger, before computing', async () => {
    const kit = affiliateKit(t, '10.53');
    const staff = staffKit(t, '10.93');
    const payments = paymentsKit(t);
    const affiliate = await kit.approvedAffiliate(await staff.adminToken());
    const link = await kit.link(affiliate.token);
    const player = await kit.register(await kit.click(link.token, { ip: '192.0.2.77' }));
    await kit.eventually(() => kit.attribution(player.id));
    await payments.deposit(player.token, 4_000);
    await kit.eventually(async () => (await kit.attribution(player.id))?.cpaQualifiedAt);
    // As if the node stopped between the deposit's commit and its event.
    await t.services.database.db
      .update(affiliateAttributions)
      .set({ firstDepositAt: null, firstDepositAmount: null, cpaQualifiedAt: null })
      .where(eq(affiliateAttributions.playerId, player.id));
    const job = t.services.affiliates.jobs[0]!;
    await job.run(job.parsePeriod!(month())!);
    expect(await kit.attribution(player.id)).toMatchObject({ firstDepositAmount: 4_000, cpaQualifiedAt: expect.any(Date), cpaStatementId: expect.any(Number) });
    const [statement] = await t.services.database.db.select().from(affiliateStatements).where(eq(affiliateStatements.affiliateId, affiliate.id));
    expect(statement).toMatchObject({ cpaCount: 1, commission: 5_000 });
  });

  it('refuses an operator’s bad plans, corrections and periods, and changes nothing', async () => {
    const staff = staffKit(t, '10.92');
    const admin = await staff.adminToken();
    const plan = await staff.call('POST', '/api/admin/affiliate-plans', {
      token: admin,
      payload: { name: 'Broken', type: 'revshare', revshare_tiers: [{ min_active_players: 2, percent: 20 }] },
    });
    expect([plan.statusCode, Object.keys(plan.json().errors)]).toEqual([422, ['revshare_tiers']]);
    const noCpa = await staff.call('POST', '/api/admin/affiliate-plans', { token: admin, payload: { name: 'Broken', type: 'cpa' } });
    expect([noCpa.statusCode, Object.keys(noCpa.json().errors)]).toEqual([422, ['cpa_amount']]);
    const dollars = await staff.call('POST', '/api/admin/affiliate-plans', {
      token: admin,
      payload: { name: 'Dollars', type: 'cpa', cpa_amount: 100, currency: 'USD' },
    });
    expect([dollars.statusCode, Object.keys(dollars.json().errors)]).toEqual([422, ['currency']]);
    const bad = await staff.call('POST', '/api/admin/affiliate-plans', {
      token: admin,
      payload: { name: 'Broken', type: 'revshare', revshare_tiers: [{ min_active_players: 0, percent: 120 }] },
    });
    expect(bad.statusCode).toBe(422);
    const zero = await staff.call('POST', '/api/admin/affiliate-statements/1/corrections', { token: admin, payload: { amount: 0, reason: 'Nothing' } });
    expect(zero.statusCode).toBe(422);
    const badRun = await staff.call('POST', '/api/admin/jobs/affiliates:monthly-statements/run', {
      token: admin,
      payload: { period: '2026-13', reason: 'Bad month' },
    });
    expect(badRun.statusCode).toBe(422);
    expect(await t.services.database.db.select().from(affiliateStatements).where(eq(affiliateStatements.period, '2026-13'))).toEqual([]);
  });
});
