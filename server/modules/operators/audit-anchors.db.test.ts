import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { validRegistration } from '../accounts/testing.ts';
import { createAnchorFile, parseAnchor } from './audit-anchors.ts';
import { rowHash } from './audit.ts';
import { auditLog } from './schema.ts';
import { OPERATOR_ENV, staffKit } from './testing.ts';

// Anchors outside the database find what the chain alone cannot: the newest rows deleted, or rows edited with
// the chain after them re-computed (docs/decisions/0082-hash-chained-audit-log.md).
const t = useTestApp(OPERATOR_ENV);
const kit = staffKit(t, '10.76');
const { call } = kit;

async function someActions(admin: string) {
  const id = (await call('POST', '/api/register', { payload: validRegistration() })).json().data.id as string;
  expect((await call('POST', `/api/admin/players/${id}/block`, { token: admin, payload: { reason: 'chargeback' } })).statusCode).toBe(200);
  expect((await call('POST', `/api/admin/players/${id}/unblock`, { token: admin, payload: { reason: 'chargeback withdrawn' } })).statusCode).toBe(200);
}
const verify = async (admin: string, anchor?: string) =>
  (await call('GET', `/api/admin/audit/verify${anchor ? `?anchor=${anchor}` : ''}`, { token: admin })).json().data;

describe('audit anchors', () => {
  it('a head kept from an earlier verification finds the newest rows deleted, which the chain alone misses', async () => {
    const admin = await kit.adminToken();
    await someActions(admin);
    const first = await verify(admin);
    expect(first).toMatchObject({ intact: true, anchors_checked: 0 });
    const anchor = `${first.head.id}:${first.head.hash}`;
    expect(parseAnchor(anchor)).toEqual({ id: Number(first.head.id), hash: first.head.hash });
    await someActions(admin);
    expect(await verify(admin, anchor)).toMatchObject({ intact: true, anchors_checked: 1 });

    // Delete everything from the anchored row on: what is left is a whole, shorter chain.
    const db = t.services.database.db;
    await db.execute(sql`delete from audit_log where id >= ${Number(first.head.id)}`);
    // (The chain alone, without the server's anchor file, which the five-minute job may have written meanwhile.)
    const shorter = await t.services.operators.audit.verify();
    expect(shorter.intact).toBe(true);
    expect(Number(shorter.head?.id)).toBeLessThan(Number(first.head.id));
    const found = await verify(admin, anchor);
    expect(found).toMatchObject({ intact: false, first_broken_id: first.head.id, reason: expect.stringContaining('newest rows were deleted') });
  });

  it('the scheduled anchor job writes the head to the anchor file; an edit re-chained after it is found', async () => {
    const admin = await kit.adminToken();
    await someActions(admin);
    const run = await call('POST', '/api/admin/jobs/audit:anchor/run', { token: admin, payload: { reason: 'Anchor the head now' } });
    expect(run.statusCode).toBe(200);
    const anchors = createAnchorFile(t.services.auditAnchors.file).read();
    expect(anchors.length).toBeGreaterThan(0);
    const anchored = anchors.at(-1)!;
    expect(run.json().data.result).toEqual({ anchored: `${anchored.id}:${anchored.hash}` });
    // The job's own run is audited after the anchor, so the anchored row is not the newest any more.
    await someActions(admin);

    // Someone with database access edits the anchored row and re-computes every hash after it.
    const db = t.services.database.db;
    await db.execute(sql`update audit_log set after = '{"blocked": false, "forged": true}'::jsonb where id = ${anchored.id}`);
    const rows = await db.select().from(auditLog).where(sql`id >= ${anchored.id}`).orderBy(auditLog.id);
    const [before] = await db.select().from(auditLog).where(sql`id < ${anchored.id}`).orderBy(desc(auditLog.id)).limit(1);
    let previous = before!.hash;
    for (const row of rows) {
      const hash = rowHash({ ...row, prevHash: previous });
      await db.update(auditLog).set({ prevHash: previous, hash }).where(eq(auditLog.id, row.id));
      previous = hash;
    }
    expect(await verify(admin)).toMatchObject({ intact: false, first_broken_id: String(anchored.id), reason: expect.stringContaining('not the one anchored') });
  });

  it('refuses an anchor that is not ID:HASH with a 422', async () => {
    const admin = await kit.adminToken();
    const refused = await call('GET', '/api/admin/audit/verify?anchor=12:nothex', { token: admin });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ anchor: ['The anchor field format is invalid.'] });
  });
});
