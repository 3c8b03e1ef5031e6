import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { paymentsKit } from '../payments/testing.ts';
import { OPERATOR_ENV, staffKit } from './testing.ts';

// The dashboard and the RTP report (docs/decisions/0084-admin-console.md) read the day's real figures.
const t = useTestApp(OPERATOR_ENV);
const kit = staffKit(t, '10.76');
const pay = paymentsKit(t);
const today = new Date().toISOString().slice(0, 10);

describe('reports', () => {
  it('the dashboard counts today’s registration, first deposit, stakes, wins and GGR, and the RTP report the game’s rounds', async () => {
    const player = await pay.player();
    await pay.deposit(player.token, 50_00);
    const stake = 1_00;
    const rounds = [];
    for (let i = 0; i < 5; i++) {
      const round = await pay.call('POST', '/api/games/european-roulette/rounds', {
        token: player.token,
        key: randomUUID(),
        payload: { mode: 'real', bets: [{ type: 'red', amount: stake }] },
      });
      expect(round.statusCode, round.body).toBe(201);
      rounds.push(round.json().data);
    }
    const wallet = await pay.wallet(player.token);
    const wins = wallet.cash - (50_00 - 5 * stake);
    const staff = await kit.staff('marketing');
    const dashboard = await kit.call('GET', '/api/admin/reports/dashboard?days=1', { token: staff.token });
    expect(dashboard.statusCode).toBe(200);
    const data = dashboard.json().data;
    expect(data.daily).toHaveLength(1);
    expect(data.daily[0].day).toBe(today);
    expect(data.totals).toMatchObject({
      first_depositors: 1,
      deposits: 50_00,
      stakes: 5 * stake,
      wins,
      ggr: 5 * stake - wins,
      adjustments: 0,
      ngr: 5 * stake - wins,
      active_players: 1,
    });
    expect(data.totals.registrations).toBeGreaterThanOrEqual(1);
    expect((await kit.call('GET', '/api/admin/reports/dashboard?days=7', { token: staff.token })).json().data.daily).toHaveLength(7);
    expect((await kit.call('GET', '/api/admin/reports/dashboard?days=2', { token: staff.token })).statusCode).toBe(422);

    const report = (await kit.call('GET', '/api/admin/reports/games?days=30', { token: staff.token })).json().data;
    expect(report).toHaveLength(1);
    expect(report[0]).toMatchObject({ name: expect.any(String), rounds: 5, stakes: 5 * stake, wins, theoretical_rtp: expect.any(Number) });
    expect(report[0].observed_rtp).toBeCloseTo((wins / (5 * stake)) * 100, 6);
    expect(report[0].interval[0]).toBeLessThanOrEqual(report[0].observed_rtp);
    expect(report[0].interval[1]).toBeGreaterThanOrEqual(report[0].observed_rtp);
  });

  it('counts approved adjustments in the dashboard and its NGR: credits lower it, debits raise it, pending and rejected ones do not count', async () => {
    const player = await pay.player();
    await pay.deposit(player.token, 50_00);
    const [requester, approver] = [await kit.staff('finance'), await kit.staff('finance')];
    const adjust = async (amount: number, decision: 'approve' | 'reject' | null) => {
      const requested = await kit.call('POST', `/api/admin/players/${player.id}/adjustments`, {
        token: requester.token,
        payload: { amount, reason: 'Goodwill for a stuck round' },
      });
      expect(requested.statusCode, requested.body).toBe(201);
      if (decision)
        expect((await kit.call('POST', `/api/admin/adjustments/${requested.json().data.id}/${decision}`, { token: approver.token })).statusCode).toBe(200);
    };
    const dashboard = async () => (await kit.call('GET', '/api/admin/reports/dashboard?days=1', { token: approver.token })).json().data;
    const before = await dashboard();
    await adjust(25_00, 'approve');
    await adjust(-10_00, 'approve');
    await adjust(40_00, 'reject');
    await adjust(30_00, null);
    const after = await dashboard();
    expect(after.totals.adjustments - before.totals.adjustments).toBe(15_00);
    expect(after.totals.ngr).toBe(after.totals.ggr - after.totals.bonus_cost - after.totals.adjustments);
    expect(before.totals.ngr - after.totals.ngr).toBe(15_00);
    expect(after.daily[0].adjustments - before.daily[0].adjustments).toBe(15_00);
    expect(after.daily[0].ngr).toBe(after.daily[0].ggr - after.daily[0].bonus_cost - after.daily[0].adjustments);
  });
});
