import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { validRegistration } from '../accounts/testing.ts';
import { canonicalJson, GENESIS_HASH, rowHash } from './audit.ts';
import { auditLog } from './schema.ts';
import { OPERATOR_ENV, staffKit } from './testing.ts';

// The hash-chained audit log (docs/decisions/0082-hash-chained-audit-log.md).
const t = useTestApp(OPERATOR_ENV);
const kit = staffKit(t, '10.74');
const { call } = kit;

async function newPlayerId() {
  return (await call('POST', '/api/register', { payload: validRegistration() })).json().data.id as string;
}

describe('the audit log', () => {
  it('records who blocked whom with before and after, readable through GET /api/admin/audit with filters', async () => {
    const admin = await kit.adminToken();
    const adminId = await kit.adminId();
    const id = await newPlayerId();
    expect((await call('POST', `/api/admin/players/${id}/block`, { token: admin, payload: { reason: 'chargeback' } })).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/players/${id}`, { token: admin })).statusCode).toBe(200);
    const listed = await call('GET', `/api/admin/audit?player_id=${id}`, { token: admin });
    expect(listed.statusCode).toBe(200);
    const body = listed.json();
    expect(body.meta).toMatchObject({ current_page: 1, total: 2 });
    expect(body.data.map((row: { action: string }) => row.action)).toEqual(['player.view', 'player.block']);
    expect(body.data[1]).toMatchObject({
      staff_id: String(adminId),
      player_id: id,
      action: 'player.block',
      before: { blocked: false },
      after: { blocked: true, reason: 'chargeback' },
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      prev_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const byAction = (await call('GET', `/api/admin/audit?action=player.block&staff_id=${adminId}&from=2000-01-01&to=2999-12-31`, { token: admin })).json();
    expect(byAction.data.every((row: { action: string }) => row.action === 'player.block')).toBe(true);
    expect((await call('GET', '/api/admin/audit?from=yesterday', { token: admin })).statusCode).toBe(422);
    for (const bad of ['from=2026-13-45', 'from=0000-01-01', 'to=9999-12-31', 'from=2026-01-01T99:99:99'])
      expect((await call('GET', `/api/admin/audit?${bad}`, { token: admin })).statusCode, bad).toBe(422);
    for (const bad of ['from=0000-01-01', 'to=0000-01-01'])
      expect((await call('GET', `/api/admin/players/search?${bad}`, { token: admin })).statusCode, bad).toBe(422);
  });

  it('an audit row and its change commit together: a change that fails leaves no row', async () => {
    const admin = await kit.adminToken();
    const before = (await t.services.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    expect((await call('POST', '/api/admin/players/999999999/block', { token: admin, payload: { reason: 'chargeback' } })).statusCode).toBe(404);
    const after = (await t.services.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    expect(after).toBe(before);
  });

  it('each row hashes the previous row’s hash and its own canonical content; the first links to the genesis hash', async () => {
    const rows = await t.services.database.db.select().from(auditLog).orderBy(auditLog.id);
    expect(rows.length).toBeGreaterThan(2);
    expect(rows[0]!.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
    for (const row of rows) expect(rowHash(row)).toBe(row.hash);
    expect(canonicalJson({ b: 1, a: { d: [1, { f: null, e: 'x' }], c: true } })).toBe('{"a":{"c":true,"d":[1,{"e":"x","f":null}]},"b":1}');
  });

  it('verification finds an edited row and a deleted row, naming the first broken one', async () => {
    const admin = await kit.adminToken();
    const id = await newPlayerId();
    expect((await call('POST', `/api/admin/players/${id}/block`, { token: admin, payload: { reason: 'chargeback' } })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/players/${id}/unblock`, { token: admin, payload: { reason: 'chargeback withdrawn' } })).statusCode).toBe(200);
    const verify = async () => (await call('GET', '/api/admin/audit/verify', { token: admin })).json().data;
    expect(await verify()).toMatchObject({ intact: true, first_broken_id: null });

    const db = t.services.database.db;
    const [blocked] = await db.select().from(auditLog).where(eq(auditLog.action, 'player.block')).orderBy(auditLog.id);
    await db.execute(sql`update audit_log set after = '{"blocked": false, "reason": "chargeback"}'::jsonb where id = ${blocked!.id}`);
    expect(await verify()).toMatchObject({ intact: false, first_broken_id: String(blocked!.id), reason: expect.stringContaining('edited') });
    await db.execute(sql`update audit_log set after = ${JSON.stringify(blocked!.after)}::jsonb where id = ${blocked!.id}`);
    expect(await verify()).toMatchObject({ intact: true });

    const rows = await db.select().from(auditLog).orderBy(auditLog.id);
    const victim = rows[rows.length - 3]!;
    await db.execute(sql`delete from audit_log where id = ${victim.id}`);
    const next = rows[rows.length - 2]!;
    expect(await verify()).toMatchObject({ intact: false, first_broken_id: String(next.id), reason: expect.stringContaining('removed') });
  });
});
