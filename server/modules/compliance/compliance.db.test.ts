// Compliance over HTTP (docs/decisions/0114, 0115): a player who deposits in structured amounts and withdraws
// without playing raises the structuring and rapid in-out alerts; their hold keeps the withdrawal from being paid;
// a compliance officer works them into a case whose "report filed" close takes a second member (four-eyes), after
// which the withdrawal can be paid. Thresholds are set by staff and audited; refusals change nothing.
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { players } from '../accounts/schema.ts';
import { STRONG_PASSWORD, validRegistration } from '../accounts/testing.ts';
import { auditLog } from '../operators/schema.ts';
import { HOLD_REASON, PLAY_HISTORY_EVERY_MS } from './service.ts';
import { complianceAlerts, complianceCases, complianceThresholds } from './schema.ts';
import { complianceKit } from './testing.ts';

const { t, pay, staff, call, db, settled, audits } = complianceKit('10.133');

/** Structuring at €100 (three deposits of €95 within a day), both rules holding withdrawals, for this test's players. */
async function lowerStructuringThreshold(token: string) {
  const set = await call('PUT', '/api/admin/compliance/rules/structuring', {
    token,
    payload: { values: { threshold: 100_00, count: 3, hold: true }, reason: 'Testing the rule at €100' },
  });
  expect(set.statusCode, set.body).toBe(200);
  // Neither rule holds withdrawals by default (decision 0114): these tests turn the holds on.
  const hold = await call('PUT', '/api/admin/compliance/rules/rapid-in-out', { token, payload: { values: { hold: true }, reason: 'Hold while testing' } });
  expect(hold.statusCode, hold.body).toBe(200);
}

/** A verified player who deposited 3 × €95 and asked to withdraw €50 straight away: returns the withdrawal. */
async function structuredPlayer() {
  const player = await pay.player({ kyc: 'verified' });
  for (let i = 0; i < 3; i++) await pay.deposit(player.token, 95_00);
  await settled();
  const withdrawal = await pay.call('POST', '/api/payments/withdrawals', {
    token: player.token,
    key: randomUUID(),
    payload: { method: 'sandbox-card', amount: 50_00 },
  });
  expect(withdrawal.statusCode, withdrawal.body).toBe(201);
  await settled();
  return { player, withdrawalId: withdrawal.json().data.id as string };
}

describe('the rules on real events', () => {
  it('structured deposits and a withdrawal without play raise structuring and rapid in-out, both holding withdrawals', async () => {
    const officer = await staff.staff('compliance');
    await lowerStructuringThreshold(officer.token);
    const { player, withdrawalId } = await structuredPlayer();
    const listed = await call('GET', `/api/admin/compliance/alerts?player_id=${player.id}&kind=aml`, { token: officer.token });
    expect(listed.statusCode, listed.body).toBe(200);
    const alerts = listed.json().data as { rule: string; hold_withdrawals: boolean; facts: Record<string, unknown> }[];
    expect(alerts.map((a) => a.rule).sort()).toEqual(['rapid-in-out', 'structuring']);
    expect(alerts.every((a) => a.hold_withdrawals)).toBe(true);
    expect(alerts.find((a) => a.rule === 'structuring')!.facts).toMatchObject({ deposits: 3, total: 285_00, threshold: 100_00 });
    expect(alerts.find((a) => a.rule === 'rapid-in-out')!.facts).toMatchObject({ deposit: 95_00, withdrawal: 50_00, staked: 0 });
    expect(await t.services.compliance.withdrawalHold(Number(player.id))).toBe(HOLD_REASON);

    // The hold: finance cannot pay it; it stays pending.
    const admin = await staff.adminToken();
    const approve = await call('POST', `/api/admin/withdrawals/${withdrawalId}/approve`, { token: admin });
    expect(approve.statusCode, approve.body).toBe(409);
    expect(approve.json()).toEqual({ message: HOLD_REASON, type: 'compliance_hold' });
    expect((await t.services.payments.withdrawalForOperators(withdrawalId))!.status).toBe('pending');
    // The queue says so before anyone tries: the row's risk hints carry the hold.
    const queue = await call('GET', '/api/admin/withdrawals?status=pending', { token: admin });
    const rows = queue.json().data as { id: string; player_id: string; risk: { compliance_hold: boolean } }[];
    expect(rows.find((row) => row.id === withdrawalId)!.risk.compliance_hold).toBe(true);
  });

  it('the same event heard twice raises nothing new (one alert per dedupe key)', async () => {
    const officer = await staff.staff('compliance');
    await lowerStructuringThreshold(officer.token);
    const { player } = await structuredPlayer();
    const before = (
      await db()
        .select({ n: count() })
        .from(complianceAlerts)
        .where(eq(complianceAlerts.playerId, Number(player.id)))
    )[0]!.n;
    const [deposit] = await t.services.compliance.record(Number(player.id), { kind: 'deposit', amount: 95_00, reference: 'replayed' });
    await t.services.compliance.record(Number(player.id), { kind: 'deposit', amount: 95_00, reference: 'replayed' });
    expect(deposit?.rule).toBe('structuring');
    expect(
      (
        await db()
          .select({ n: count() })
          .from(complianceAlerts)
          .where(eq(complianceAlerts.playerId, Number(player.id)))
      )[0]!.n,
    ).toBe(before);
  });
});

describe('registrations and sign-ins on real events', () => {
  it('sign-ins from three devices in a day raise signin-devices; a large withdrawal soon after registration raises new-account-withdrawal', async () => {
    const form = validRegistration({ address1: `${randomUUID().slice(0, 8)} Device Street` });
    const made = await t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: '10.135.0.1', payload: form });
    expect(made.statusCode, made.body).toBe(201);
    const id = Number(made.json().data.id);
    await db().update(players).set({ active: true, kycStatus: 'verified' }).where(eq(players.id, id));
    // Other tests' players share the form's phone: their links are another module's alerts, not these rules'.
    const rules = async () =>
      (await t.services.compliance.alerts.list({ playerId: id }))
        .map((alert) => alert.rule)
        .filter((rule) => !rule.startsWith('linked-'))
        .sort();
    // Each sign-in without the device cookie is a new device (the answer sets one).
    let token = '';
    for (const [i, ip] of ['10.135.0.2', '10.135.0.3', '10.135.0.4'].entries()) {
      const login = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { email: form.email, password: STRONG_PASSWORD } });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.cookies.some((cookie) => cookie.name === 'device_id')).toBe(true);
      token = login.json().token as string;
      await settled();
      expect(await rules()).toEqual(i < 2 ? [] : ['signin-devices']);
    }
    // The default: €500 or more within 72 hours of registration.
    await pay.deposit(token, 1_000_00);
    const small = await pay.call('POST', '/api/payments/withdrawals', { token, key: randomUUID(), payload: { method: 'sandbox-card', amount: 499_99 } });
    expect(small.statusCode, small.body).toBe(201);
    await settled();
    expect(await rules()).not.toContain('new-account-withdrawal');
    const large = await pay.call('POST', '/api/payments/withdrawals', { token, key: randomUUID(), payload: { method: 'sandbox-card', amount: 500_00 } });
    expect(large.statusCode, large.body).toBe(201);
    await settled();
    const alerts = await t.services.compliance.alerts.list({ playerId: id });
    expect(alerts.filter((alert) => alert.rule === 'new-account-withdrawal')).toEqual([
      expect.objectContaining({ kind: 'aml', hold_withdrawals: false, facts: expect.objectContaining({ withdrawal: 500_00, hours: 72 }) }),
    ]);
  });
});

describe('play evaluated round by round', () => {
  it('back-to-back rounds: large stakes checked on every round, a long session found within a minute of play of its threshold', async () => {
    const officer = await staff.staff('compliance');
    const set = await call('PUT', '/api/admin/compliance/rules/long-session', {
      token: officer.token,
      payload: { values: { hours: 1, gap_minutes: 30 }, reason: 'A one-hour session for this test' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const player = await pay.player();
    const id = Number(player.id);
    const start = Date.UTC(2026, 5, 1, 10, 0, 0);
    const rules = async () => (await t.services.compliance.alerts.list({ playerId: id })).map((alert) => alert.rule);
    // A round every 15 s: the session rules read history at most once a minute of play, the stake rules every round.
    let firstLongSession: number | null = null;
    for (let second = 0; second <= 3_660; second += 15) {
      const stake = second === 30 ? 5_000_00 : 1_00;
      await t.services.compliance.record(id, {
        kind: 'play',
        amount: stake,
        reference: `round-${id}-${second}`,
        at: new Date(start + second * 1000),
        facts: { wins: 0 },
      });
      if (second === 30) expect(await rules()).toContain('large-stake');
      if (firstLongSession === null && (await rules()).includes('long-session')) firstLongSession = second;
    }
    expect(firstLongSession).not.toBeNull();
    expect(firstLongSession!).toBeGreaterThanOrEqual(3_600);
    expect(firstLongSession!).toBeLessThanOrEqual(3_600 + PLAY_HISTORY_EVERY_MS / 1000);
    expect((await rules()).filter((rule) => rule === 'long-session')).toHaveLength(1);
  });
});

describe('bonus abuse by linked accounts', () => {
  it('a claim of an offer a linked account already claimed raises one bonus-linked alert; another offer none', async () => {
    const [a, b, c] = [await pay.player(), await pay.player(), await pay.player()].map((player) => Number(player.id));
    // The linking module's alert (decision 0112) is what tells compliance that a and b are linked.
    await t.services.compliance.alerts.raise({
      playerId: b!,
      kind: 'linked',
      rule: 'linked-device',
      facts: { linkedPlayerId: a, reason: 'device' },
      dedupeKey: `linked:${a}:${b}:device`,
    });
    const offer = `offer-${randomUUID()}`;
    const claim = (playerId: number, slug = offer) =>
      t.services.compliance.record(playerId, { kind: 'bonus_claim', reference: `claim-${randomUUID()}`, facts: { offer: slug } });
    expect((await claim(a!)).map((hit) => hit.rule)).not.toContain('bonus-linked');
    // Test players share an address, so c may be linked to a too: another offer is no abuse.
    expect((await claim(c!, `other-${offer}`)).map((hit) => hit.rule)).not.toContain('bonus-linked');
    const hits = await claim(b!);
    expect(hits.find((hit) => hit.rule === 'bonus-linked')).toMatchObject({ dedupeKey: `bonus-linked:${b}:${offer}`, facts: { offer, linked_players: [a] } });
    const alerts = await t.services.compliance.alerts.list({ playerId: b!, rule: 'bonus-linked' });
    expect(alerts).toHaveLength(1);
  });
});

describe('cases: states, four-eyes on "report filed", the report', () => {
  it('an officer opens a case, works it, asks to close with a report filed; only a second member can confirm, which releases the hold', async () => {
    const officer = await staff.staff('compliance');
    const second = await staff.staff('compliance');
    await lowerStructuringThreshold(officer.token);
    const { player, withdrawalId } = await structuredPlayer();
    // The AML rules' alerts (linked-account alerts about shared test cards and addresses may be there too).
    const alertIds = (await t.services.compliance.alerts.list({ playerId: Number(player.id), kind: 'aml' })).map((a) => a.id);
    expect(alertIds).toHaveLength(2);

    const opened = await call('POST', '/api/admin/compliance/cases', {
      token: officer.token,
      payload: { title: 'Structured deposits, quick withdrawal', alert_ids: alertIds },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const caseId = opened.json().data.id as string;
    expect(opened.json().data).toMatchObject({ state: 'open', alerts: expect.arrayContaining([expect.objectContaining({ case_id: caseId })]) });

    const path = `/api/admin/compliance/cases/${caseId}`;
    expect((await call('POST', `${path}/assign`, { token: officer.token, payload: { assigned_to: String(officer.id) } })).json().data.assigned_to).toBe(
      String(officer.id),
    );
    expect((await call('POST', `${path}/state`, { token: officer.token, payload: { state: 'investigating' } })).json().data.state).toBe('investigating');
    expect((await call('POST', `${path}/state`, { token: officer.token, payload: { state: 'escalated' } })).json().data.state).toBe('escalated');
    const noted = await call('POST', `${path}/notes`, {
      token: officer.token,
      payload: {
        body: 'Bank statement requested.',
        attachment: { file_name: 'statement.txt', content_type: 'text/plain', data_base64: Buffer.from('statement').toString('base64') },
      },
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const note = noted.json().data.notes[0];
    expect(note.attachment).toMatchObject({ file_name: 'statement.txt', bytes: 9 });
    const file = await call('GET', `${path}/notes/${note.id}/file`, { token: second.token });
    expect([file.statusCode, file.body, file.headers['content-disposition']]).toEqual([200, 'statement', 'attachment; filename="statement.txt"']);

    const asked = await call('POST', `${path}/close`, { token: officer.token, payload: { outcome: 'report_filed', note: 'SAR filed with the FIU.' } });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ closed: false, data: { state: 'escalated', close_requested_by: String(officer.id) } });
    const own = await call('POST', `${path}/confirm-close`, { token: officer.token });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ type: 'four_eyes' });
    expect((await call('POST', `/api/admin/withdrawals/${withdrawalId}/approve`, { token: await staff.adminToken() })).statusCode).toBe(409);

    const confirmed = await call('POST', `${path}/confirm-close`, { token: second.token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ state: 'closed', outcome: 'report_filed', closed_by: String(second.id) });
    expect((confirmed.json().data.alerts as { status: string }[]).every((a) => a.status === 'closed')).toBe(true);
    expect(await t.services.compliance.withdrawalHold(Number(player.id))).toBeNull();
    const paid = await call('POST', `/api/admin/withdrawals/${withdrawalId}/approve`, { token: await staff.adminToken() });
    expect(paid.statusCode, paid.body).toBe(200);

    const report = await call('GET', `${path}/report`, { token: second.token });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toBe(`attachment; filename="case-${caseId}-report.json"`);
    const sar = JSON.parse(report.body);
    expect(sar).toMatchObject({ format: 'croupier-sar/1', case: { id: caseId, outcome: 'report_filed' }, players: [player.id] });
    expect(sar.alerts.map((a: { rule: string }) => a.rule).sort()).toEqual(['rapid-in-out', 'structuring']);
    expect(sar.history.map((h: { action: string }) => h.action)).toEqual([
      'compliance.case_opened',
      'compliance.case_assigned',
      'compliance.case_state',
      'compliance.case_state',
      'compliance.case_attachment',
      'compliance.case_close_requested',
      'compliance.case_closed',
    ]);
    // A closed case takes no more changes.
    expect((await call('POST', `${path}/state`, { token: officer.token, payload: { state: 'investigating' } })).statusCode).toBe(409);
  });

  it('other outcomes close at once; a move the states do not allow is 409 and changes nothing', async () => {
    const officer = await staff.staff('compliance');
    const alert = `manual:${randomUUID()}`;
    await t.services.compliance.alerts.raise({ playerId: 1, kind: 'aml', rule: 'large-win', facts: {}, dedupeKey: alert });
    const [row] = await db().select().from(complianceAlerts).where(eq(complianceAlerts.dedupeKey, alert));
    const opened = await call('POST', '/api/admin/compliance/cases', {
      token: officer.token,
      payload: { title: 'One large win', alert_ids: [String(row!.id)] },
    });
    const path = `/api/admin/compliance/cases/${opened.json().data.id}`;
    await call('POST', `${path}/state`, { token: officer.token, payload: { state: 'investigating' } });
    const back = await call('POST', `${path}/state`, { token: officer.token, payload: { state: 'investigating' } });
    expect(back.statusCode).toBe(409);
    const closed = await call('POST', `${path}/close`, {
      token: officer.token,
      payload: { outcome: 'no_action', note: 'Lucky night, verified source of funds.' },
    });
    expect([closed.statusCode, closed.json().closed]).toEqual([200, true]);
    // The alert is in a closed case: it cannot be put into another.
    const reused = await call('POST', '/api/admin/compliance/cases', { token: officer.token, payload: { title: 'Again', alert_ids: [String(row!.id)] } });
    expect(reused.statusCode).toBe(422);
  });
});

describe('closing one alert', () => {
  it('an officer closes a holding alert with a resolution: the hold is released, the step audited; a second close is 409', async () => {
    const officer = await staff.staff('compliance');
    const player = await pay.player();
    const key = `hold:${randomUUID()}`;
    await t.services.compliance.alerts.raise({
      playerId: Number(player.id),
      kind: 'sanctions',
      rule: 'sanctions-match',
      facts: {},
      dedupeKey: key,
      holdWithdrawals: true,
    });
    const [alert] = await db().select().from(complianceAlerts).where(eq(complianceAlerts.dedupeKey, key));
    expect(await t.services.compliance.withdrawalHold(Number(player.id))).toBe(HOLD_REASON);
    const closed = await call('POST', `/api/admin/compliance/alerts/${alert!.id}/close`, {
      token: officer.token,
      payload: { resolution: 'Different birthdate; not the listed person.' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed', resolution: 'Different birthdate; not the listed person.', label: 'Sanctions list match' });
    expect(await t.services.compliance.withdrawalHold(Number(player.id))).toBeNull();
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `alert:${alert!.id}`));
    expect(row).toMatchObject({ action: 'compliance.alert_closed', staffId: officer.id, playerId: Number(player.id) });
    expect((await call('POST', `/api/admin/compliance/alerts/${alert!.id}/close`, { token: officer.token, payload: { resolution: 'Again' } })).statusCode).toBe(
      409,
    );
    expect((await call('POST', '/api/admin/compliance/alerts/999999999/close', { token: officer.token, payload: { resolution: 'Unknown' } })).statusCode).toBe(
      404,
    );
  });
});

describe('guards and bad input', () => {
  it('401 without a token, 403 for roles without the permission, 422 for bad input; none changes anything', async () => {
    const support = await staff.staff('support');
    const officer = await staff.staff('compliance');
    const cases = async () => (await db().select({ n: count() }).from(complianceCases))[0]!.n;
    const before = { cases: await cases(), audits: await audits('compliance.') };
    expect((await call('GET', '/api/admin/compliance/summary')).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/admin/compliance/summary'],
      ['GET', '/api/admin/compliance/alerts'],
      ['GET', '/api/admin/compliance/rules'],
      ['GET', '/api/admin/compliance/cases'],
    ] as const) {
      expect((await call(method, url, { token: support.token })).statusCode, url).toBe(403);
    }
    expect((await call('POST', '/api/admin/compliance/cases', { token: support.token, payload: { title: 'Nope', alert_ids: ['1'] } })).statusCode).toBe(403);
    const bad = [
      ['POST', '/api/admin/compliance/cases', { title: 'x', alert_ids: [] }],
      ['POST', '/api/admin/compliance/cases', { title: 'Unknown alerts', alert_ids: ['999999999'] }],
      ['PUT', '/api/admin/compliance/rules/structuring', { values: { threshold: -5 }, reason: 'Breaking it' }],
      ['PUT', '/api/admin/compliance/rules/structuring', { values: { nonsense: 5 }, reason: 'Breaking it' }],
      ['PUT', '/api/admin/compliance/rules/structuring', { values: { threshold: 5000 } }],
      ['POST', '/api/admin/compliance/alerts/1/close', { resolution: '' }],
      ['POST', `/api/admin/compliance/players/1/interventions`, { kind: 'hug', note: 'Not a kind' }],
    ] as const;
    for (const [method, url, payload] of bad) {
      const response = await call(method, url, { token: officer.token, payload });
      expect(response.statusCode, `${url} ${response.body}`).toBe(422);
    }
    expect(
      (await call('PUT', '/api/admin/compliance/rules/no-such-rule', { token: officer.token, payload: { values: { amount: 5 }, reason: 'Unknown rule' } }))
        .statusCode,
    ).toBe(404);
    expect({ cases: await cases(), audits: await audits('compliance.') }).toEqual(before);
  });

  it('thresholds changed by staff are kept, shown and audited with before, after and the reason', async () => {
    const officer = await staff.staff('compliance');
    const set = await call('PUT', '/api/admin/compliance/rules/large-win', {
      token: officer.token,
      payload: { values: { amount: 2_000_000, hold: true }, reason: 'Raise for high rollers' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ rule: 'large-win', values: { amount: 2_000_000, hold: true }, defaults: { amount: 1_000_000 } });
    const listed = (await call('GET', '/api/admin/compliance/rules', { token: officer.token })).json().data as { rule: string; values: unknown }[];
    expect(listed.find((r) => r.rule === 'large-win')!.values).toEqual({ amount: 2_000_000, hold: true });
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'compliance.thresholds_changed'), eq(auditLog.subject, 'rule:large-win')));
    expect(row).toMatchObject({
      staffId: officer.id,
      before: { amount: 1_000_000, hold: false, reason: 'Raise for high rollers' },
      after: { amount: 2_000_000, hold: true },
    });
    expect((await db().select().from(complianceThresholds).where(eq(complianceThresholds.rule, 'large-win')))[0]!.updatedBy).toBe(officer.id);
  });
});
