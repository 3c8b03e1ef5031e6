// Compliance's markers of harm over HTTP (docs/decisions/0115): the responses staff record against an RG alert, an
// enforced break that starts a time-out, repeated limit raises heard as they take effect, and the dashboard's counts.
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { playerLimits } from '../limits/schema.ts';
import { auditLog } from '../operators/schema.ts';
import { complianceAlerts } from './schema.ts';
import { complianceKit } from './testing.ts';

const { t, pay, staff, call, db, settled, audits } = complianceKit('10.135');

describe('markers of harm: responses', () => {
  it('staff record a call against an RG alert; it is kept in the player history and audited', async () => {
    const officer = await staff.staff('compliance');
    const player = await pay.player();
    const key = `rg:${randomUUID()}`;
    await t.services.compliance.alerts.raise({ playerId: Number(player.id), kind: 'rg', rule: 'long-session', facts: { minutes: 300 }, dedupeKey: key });
    const [alert] = await db().select().from(complianceAlerts).where(eq(complianceAlerts.dedupeKey, key));
    const made = await call('POST', `/api/admin/compliance/players/${player.id}/interventions`, {
      token: officer.token,
      payload: { kind: 'call', note: 'Called; player agreed to a reality check every 30 minutes.', alert_id: String(alert!.id) },
    });
    expect(made.statusCode, made.body).toBe(201);
    const history = await call('GET', `/api/admin/compliance/players/${player.id}/interventions`, { token: officer.token });
    expect(history.json().data).toEqual([expect.objectContaining({ kind: 'call', alert_id: String(alert!.id), staff_id: String(officer.id) })]);
    expect(await audits('compliance.intervention')).toBeGreaterThan(0);
    const other = await call('POST', '/api/admin/compliance/players/1/interventions', {
      token: officer.token,
      payload: { kind: 'message', note: 'Wrong player', alert_id: String(alert!.id) },
    });
    expect(other.statusCode).toBe(player.id === '1' ? 201 : 422);
  });
});

describe('markers of harm: an enforced break and repeated limit increases', () => {
  it('an enforced break starts a time-out of the chosen length as it is recorded; one shorter than a running time-out is 409 and records nothing', async () => {
    const officer = await staff.staff('compliance');
    const player = await pay.player();
    const path = `/api/admin/compliance/players/${player.id}/interventions`;
    const responses = async () => (await call('GET', path, { token: officer.token })).json().data as { kind: string }[];
    const limitsOf = async () => (await pay.call('GET', '/api/player/limits', { token: player.token })).json().data as { timeout_until: string | null };

    for (const payload of [
      { kind: 'break', note: 'No length given' },
      { kind: 'break', note: 'A length not offered', break_days: 3 },
      { kind: 'call', note: 'Days on a call', break_days: 7 },
    ]) {
      const refused = await call('POST', path, { token: officer.token, payload });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(Object.keys(refused.json().errors)).toContain('break_days');
    }
    expect(await responses()).toEqual([]);
    expect((await limitsOf()).timeout_until).toBeNull();

    const before = Date.now();
    const made = await call('POST', path, { token: officer.token, payload: { kind: 'break', note: 'Long night sessions; agreed a week off.', break_days: 7 } });
    expect(made.statusCode, made.body).toBe(201);
    const until = Date.parse((await limitsOf()).timeout_until!);
    expect(until).toBeGreaterThanOrEqual(before + 7 * 24 * 3_600_000);
    expect(until).toBeLessThan(Date.now() + 7 * 24 * 3_600_000 + 1000);
    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'player.time-out'), eq(auditLog.playerId, Number(player.id))));
    expect(audited).toMatchObject({ staffId: officer.id });
    expect(await responses()).toEqual([expect.objectContaining({ kind: 'break' })]);
    // The player is closed to play at once.
    await expect(t.services.limits.assertMayPlay(Number(player.id))).rejects.toMatchObject({ statusCode: 403, type: 'excluded' });

    const shorter = await call('POST', path, { token: officer.token, payload: { kind: 'break', note: 'One more day', break_days: 1 } });
    expect(shorter.statusCode).toBe(409);
    expect(await responses()).toHaveLength(1);
    expect(Date.parse((await limitsOf()).timeout_until!)).toBe(until);
  });

  it('raised limits taking effect are heard: the third within 30 days raises one limit-increases alert; tightening is not an increase', async () => {
    const player = await pay.player();
    const setLimit = (amount: number) => pay.call('PUT', '/api/player/limits', { token: player.token, payload: { type: 'deposit', period: 'day', amount } });
    const agePending = () =>
      db()
        .update(playerLimits)
        .set({ pendingRequestedAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(playerLimits.playerId, Number(player.id)));
    const alerts = async () =>
      db()
        .select()
        .from(complianceAlerts)
        .where(and(eq(complianceAlerts.playerId, Number(player.id)), eq(complianceAlerts.rule, 'limit-increases')));
    expect((await setLimit(10_00)).statusCode).toBe(200);
    expect((await setLimit(5_00)).statusCode).toBe(200);
    for (const [i, amount] of [20_00, 40_00, 80_00].entries()) {
      expect((await setLimit(amount)).json().data.limits[0].pending.amount).toBe(amount);
      await agePending();
      const confirmed = await pay.call('POST', '/api/player/limits/confirm', { token: player.token, payload: { type: 'deposit', period: 'day' } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      await settled();
      expect(await alerts()).toHaveLength(i < 2 ? 0 : 1);
    }
    const [alert] = await alerts();
    expect(alert).toMatchObject({ kind: 'rg', status: 'open' });
    expect(alert!.facts).toMatchObject({ increases: 3, days: 30 });
  });
});

describe('the dashboard', () => {
  it('counts open alerts by rule and by age', async () => {
    const officer = await staff.staff('compliance');
    const summary = await call('GET', '/api/admin/compliance/summary', { token: officer.token });
    expect(summary.statusCode).toBe(200);
    const data = summary.json().data as {
      open: number;
      by_age: { under_a_day: number; one_to_seven_days: number; over_seven_days: number };
      by_rule: { open: number }[];
    };
    const open = (await db().select({ n: count() }).from(complianceAlerts).where(eq(complianceAlerts.status, 'open')))[0]!.n;
    expect(data.open).toBe(open);
    expect(data.by_age.under_a_day + data.by_age.one_to_seven_days + data.by_age.over_seven_days).toBe(open);
    expect(data.by_rule.reduce((sum, row) => sum + row.open, 0)).toBe(open);
  });
});
