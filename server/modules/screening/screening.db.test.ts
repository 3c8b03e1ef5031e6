// Sanctions and PEP screening (issue 33 §4, docs/decisions/0116) on the sample lists: at registration, at a change of
// name, in the nightly re-screen; a sanctions hit raises one alert that holds withdrawals, a PEP hit one that holds
// nothing; compliance marks a hit a false positive on the operator API (audited), and the re-screen respects it.
// Refusals change nothing.
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { uniqueEmail, validRegistration } from '../accounts/testing.ts';
import { players } from '../accounts/schema.ts';
import { FTM_PEP_SOURCE } from './ftm-list.ts';
import { auditLog } from '../operators/schema.ts';
import { OPERATOR_ENV, staffKit } from '../operators/testing.ts';
import { screeningHits } from './schema.ts';
import { PEP_RULE, RESCREEN_JOB } from './service.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = staffKit(t, '10.133');
const { call } = kit;
const db = () => t.services.database.db;

const hitsOf = (playerId: number) => db().select().from(screeningHits).where(eq(screeningHits.playerId, playerId));
const sanctionsAlerts = (playerId: number) => t.services.compliance.alerts.list({ playerId, kind: 'sanctions' });

async function listedPlayer(overrides: { name: string; surname: string; birthdate: string }): Promise<number> {
  const form = validRegistration(overrides);
  const [row] = await db()
    .insert(players)
    .values({
      email: uniqueEmail('listed'),
      passwordHash: 'not-a-hash',
      ...overrides,
      gender: form.gender,
      country: form.country,
      city: form.city,
      address1: form.address1,
      postcode: form.postcode,
      phone: form.phone,
    })
    .returning({ id: players.id });
  return row!.id;
}

describe('screening players', () => {
  it('at registration: a listed name (transliterated spelling) records a hit and raises one sanctions alert that holds withdrawals', async () => {
    const { player } = await t.services.accounts.register(validRegistration({ name: 'Elena', surname: 'Zhurbenko', birthdate: '1982-07-21' }), {
      ip: '127.0.0.1',
    });
    const playerId = Number(player.id);
    await vi.waitFor(async () => expect(await hitsOf(playerId)).toHaveLength(1));
    const [hit] = await hitsOf(playerId);
    expect(hit).toMatchObject({ entryReference: 'EU.9006.06', trigger: 'registration', status: 'open', birthdate: 'match' });
    await vi.waitFor(async () => expect(await sanctionsAlerts(playerId)).toHaveLength(1));
    expect(await t.services.compliance.withdrawalHold(playerId)).not.toBeNull();
  });

  it('at registration: a PEP (her middle name left out) records a PEP hit and raises a PEP alert that holds nothing', async () => {
    const { player } = await t.services.accounts.register(validRegistration({ name: 'Valentina', surname: 'Hadrava', birthdate: '1964-09-17' }), {
      ip: '127.0.0.1',
    });
    const playerId = Number(player.id);
    await vi.waitFor(async () => expect(await hitsOf(playerId)).toHaveLength(1));
    expect((await hitsOf(playerId))[0]).toMatchObject({
      source: FTM_PEP_SOURCE,
      entryReference: 'synth-pep-0001',
      trigger: 'registration',
      status: 'open',
      birthdate: 'match',
    });
    await vi.waitFor(async () => expect(await sanctionsAlerts(playerId)).toHaveLength(1));
    const officer = await kit.staff('compliance');
    const alerts = await call('GET', `/api/admin/compliance/alerts?player_id=${playerId}&kind=sanctions`, { token: officer.token });
    expect(alerts.statusCode, alerts.body).toBe(200);
    expect(alerts.json().data).toEqual([
      expect.objectContaining({
        kind: 'sanctions',
        rule: PEP_RULE,
        label: 'Politically exposed person',
        hold_withdrawals: false,
        facts: expect.objectContaining({ category: 'pep', source: FTM_PEP_SOURCE, entryReference: 'synth-pep-0001' }),
      }),
    ]);
    expect(await t.services.compliance.withdrawalHold(playerId)).toBeNull();
  });

  it('an unlisted player registers without a hit or an alert', async () => {
    const { player } = await t.services.accounts.register(validRegistration(), { ip: '127.0.0.1' });
    expect(await t.services.screening.screenPlayer(Number(player.id), 'registration')).toBe(0);
    expect(await hitsOf(Number(player.id))).toEqual([]);
    expect(await t.services.compliance.withdrawalHold(Number(player.id))).toBeNull();
  });

  it('at a change of name: the new name is screened; a change of city alone is not', async () => {
    const { player } = await t.services.accounts.register(validRegistration({ birthdate: '1955-11-02' }), { ip: '127.0.0.1' });
    const playerId = Number(player.id);
    const spy = vi.spyOn(t.services.screening, 'screenPlayer');
    await t.services.accounts.updateProfile(playerId, { city: 'Sliema' });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    await t.services.accounts.updateProfile(playerId, { name: 'Hendrick', surname: 'Vandermolenaar' });
    await vi.waitFor(async () => expect(await hitsOf(playerId)).toHaveLength(1));
    expect((await hitsOf(playerId))[0]).toMatchObject({ entryReference: 'EU.9004.04', trigger: 'profile' });
  });

  it('the nightly re-screen finds players the list now names, once: a second run records and raises nothing', async () => {
    const playerId = await listedPlayer({ name: 'Spyros', surname: 'Karagiannis', birthdate: '1968-05-30' });
    const first = await t.services.jobs.run(RESCREEN_JOB, { reason: 'Checking the re-screen' }, await kit.adminId());
    expect(first).toMatchObject({ status: 'ran' });
    expect((await hitsOf(playerId)).map((hit) => [hit.entryReference, hit.trigger])).toEqual([['EU.9008.08', 'rescreen']]);
    const again = await t.services.screening.rescreenAll();
    expect(again).toMatchObject({ newHits: 0 });
    expect(await hitsOf(playerId)).toHaveLength(1);
    expect(await sanctionsAlerts(playerId)).toHaveLength(1);
  });
});

describe('the operator API', () => {
  it('compliance sees the list in force and the hits, and marks a hit a false positive with its reason audited', async () => {
    const playerId = await listedPlayer({ name: 'Osvaldo', surname: 'Quintanila Reyes', birthdate: '1980-01-01' });
    await t.services.screening.screenPlayer(playerId, 'registration');
    const officer = await kit.staff('compliance');

    const list = await call('GET', '/api/admin/screening/list', { token: officer.token });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ enabled: true, source: `EU consolidated financial sanctions list + ${FTM_PEP_SOURCE}`, entries: 7 + 6 });
    expect(list.json().data.lists).toEqual([
      { source: 'EU consolidated financial sanctions list', category: 'sanctions', generated_at: '2026-11-01T09:00:00.000+01:00', entries: 7 },
      { source: FTM_PEP_SOURCE, category: 'pep', generated_at: '2026-11-12T06:30:41', entries: 6 },
    ]);

    const open = await call('GET', `/api/admin/screening/hits?status=open&player_id=${playerId}`, { token: officer.token });
    expect(open.statusCode, open.body).toBe(200);
    const [hit] = open.json().data;
    expect(hit).toMatchObject({ player_id: String(playerId), entry_reference: 'EU.9003.03', matched_name: 'Osvaldo Quintanilla Reyes', status: 'open' });
    expect(hit.score).toBeGreaterThanOrEqual(0.85);

    const marked = await call('POST', `/api/admin/screening/hits/${hit.id}/false-positive`, {
      token: officer.token,
      payload: { reason: 'Passport shows a different person, born 1980.' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toMatchObject({
      status: 'false_positive',
      decided_by: String(officer.id),
      decision_reason: 'Passport shows a different person, born 1980.',
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `screening-hit:${hit.id}`));
    expect(audit).toMatchObject({ action: 'screening.false_positive', staffId: officer.id, playerId });

    const twice = await call('POST', `/api/admin/screening/hits/${hit.id}/false-positive`, { token: officer.token, payload: { reason: 'Again, to be sure.' } });
    expect(twice.statusCode).toBe(409);
    // The next re-screen keeps the decision: same name, same entry, no new hit or alert.
    await t.services.screening.rescreenAll();
    expect(await hitsOf(playerId)).toHaveLength(1);
    expect(await sanctionsAlerts(playerId)).toHaveLength(1);
  });

  it('refuses bad input, unknown hits, other roles and strangers, changing nothing', async () => {
    const playerId = await listedPlayer({ name: 'Borislav', surname: 'Kravetz', birthdate: '1961-03-14' });
    await t.services.screening.screenPlayer(playerId, 'registration');
    const [hit] = await hitsOf(playerId);
    const officer = await kit.staff('compliance');
    const support = await kit.staff('support');
    const url = `/api/admin/screening/hits/${hit!.id}/false-positive`;

    expect((await call('POST', url, { token: officer.token, payload: { reason: 'x' } })).statusCode).toBe(422);
    expect((await call('POST', url, { token: officer.token, payload: {} })).statusCode).toBe(422);
    expect(
      (await call('POST', '/api/admin/screening/hits/999999999/false-positive', { token: officer.token, payload: { reason: 'Not this one.' } })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/admin/screening/hits?status=closed', { token: officer.token })).statusCode).toBe(422);
    const refused = await call('POST', url, { token: support.token, payload: { reason: 'Not my call to make.' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have the screening.manage permission.');
    expect((await call('GET', '/api/admin/screening/hits', { token: support.token })).statusCode).toBe(403);
    expect((await call('POST', url, { payload: { reason: 'Anonymous.' } })).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/screening/list')).statusCode).toBe(401);

    expect((await hitsOf(playerId))[0]).toMatchObject({ status: 'open', decidedBy: null });
    const [{ n }] = (await db()
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'screening.false_positive'), eq(auditLog.playerId, playerId)))) as [{ n: number }];
    expect(n).toBe(0);
  });
});
