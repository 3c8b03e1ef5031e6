// The operators' KYC queue as the back office's screen uses it (issue 18): the player filter, who decided, the
// permission boundary and the audit row of each read of the list (it carries names, birthdates and addresses).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { OPERATOR_ENV, staffKit } from '../operators/testing.ts';
import { paymentsKit } from '../payments/testing.ts';
import { jpeg, pdf, png } from './fixtures.ts';
import { verificationDocuments } from './schema.ts';
import { upload } from './testing.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = paymentsKit(t);
const staff = staffKit(t, '10.71');

type Listed = {
  id: string;
  file_name: string;
  status: string;
  reason: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  player: { id: string };
};

const uploaded = async (token: string, fields: Record<string, string>, file: { bytes: Buffer; name: string }) => {
  const response = await upload(t, token, fields, file);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.document.id as string;
};
const list = async (token: string, query: string) => {
  const response = await staff.call('GET', `/api/admin/kyc/documents${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Listed[];
};
const listActions = async () => (await t.services.operators.audit.list({ action: 'kyc.documents.list' }, { page: 1, perPage: 100 })).data;

describe('GET /api/admin/kyc/documents for the back office', () => {
  it("narrows to one player's documents, with every status unless asked, and names who decided", async () => {
    const one = await kit.player();
    const other = await kit.player();
    const front = await uploaded(one.token, { kind: 'identity', document_type: 'passport' }, { bytes: await jpeg({ seed: 21 }), name: 'passport.jpg' });
    const bill = await uploaded(one.token, { kind: 'address' }, { bytes: pdf(), name: 'bill.pdf' });
    const elsewhere = await uploaded(other.token, { kind: 'address' }, { bytes: pdf(), name: 'bill.pdf' });
    const compliance = await staff.staff('compliance');
    const rejected = await staff.call('POST', `/api/admin/kyc/documents/${bill}/reject`, {
      token: compliance.token,
      payload: { reason: 'Older than 3 months' },
    });
    expect(rejected.statusCode).toBe(200);

    const all = await list(compliance.token, `?player=${one.id}`);
    expect(all.map((item) => item.id)).toEqual([front, bill]);
    expect(all.every((item) => item.player.id === one.id)).toBe(true);
    expect(all[0]).toMatchObject({ status: 'pending', reviewed_by: null, reviewed_at: null });
    expect(all[1]).toMatchObject({ status: 'rejected', reason: 'Older than 3 months', reviewed_by: String(compliance.id), reviewed_at: expect.any(String) });
    expect((await list(compliance.token, `?player=${one.id}&status=pending`)).map((item) => item.id)).toEqual([front]);
    expect((await list(compliance.token, `?player=${other.id}&status=rejected`)).map((item) => item.id)).toEqual([]);
    expect((await list(compliance.token, '?status=pending')).map((item) => item.id)).toEqual(expect.arrayContaining([front, elsewhere]));
    expect(await list(compliance.token, '?player=999999999')).toEqual([]);
  });

  it('records each decision once, in the decision’s transaction: a repeated decision is a 409 and writes no row', async () => {
    const player = await kit.player();
    const bill = await uploaded(player.token, { kind: 'address' }, { bytes: pdf(), name: 'bill.pdf' });
    const compliance = await staff.staff('compliance');
    const approve = () => staff.call('POST', `/api/admin/kyc/documents/${bill}/approve`, { token: compliance.token });
    expect((await approve()).statusCode).toBe(200);
    expect((await approve()).statusCode).toBe(409);
    const rejectAfter = await staff.call('POST', `/api/admin/kyc/documents/${bill}/reject`, { token: compliance.token, payload: { reason: 'Too late' } });
    expect(rejectAfter.statusCode).toBe(409);
    const trail = await t.services.operators.actionsOn(`kyc-document:${bill}`);
    expect(trail.map((row) => [row.action, row.staff_id])).toEqual([['kyc.document.approve', String(compliance.id)]]);
  });

  it('records each read of the list, with its filter and how many documents it showed', async () => {
    const player = await kit.player();
    await uploaded(player.token, { kind: 'address' }, { bytes: pdf(), name: 'bill.pdf' });
    const compliance = await staff.staff('compliance');
    const before = (await listActions()).length;
    await list(compliance.token, `?player=${player.id}&status=pending`);
    const actions = await listActions();
    expect(actions).toHaveLength(before + 1);
    expect(actions[0]).toMatchObject({
      staff_id: String(compliance.id),
      action: 'kyc.documents.list',
      player_id: player.id,
      subject: `player:${player.id}`,
      after: { status: 'pending', player: Number(player.id), results: 1 },
    });
    await list(compliance.token, '');
    expect((await listActions())[0]).toMatchObject({ player_id: null, after: { status: null, player: null } });
  });

  it('refuses bad filters with 422 naming the field, and records nothing', async () => {
    const compliance = await staff.staff('compliance');
    const before = (await listActions()).length;
    for (const [query, field] of [
      ['?player=abc', 'player'],
      ['?player=0', 'player'],
      ['?player=-3', 'player'],
      ['?status=waiting', 'status'],
    ] as const) {
      const response = await staff.call('GET', `/api/admin/kyc/documents${query}`, { token: compliance.token });
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toEqual([field]);
    }
    expect(await listActions()).toHaveLength(before);
  });

  it('is for staff with kyc.decide only: support, finance and marketing get 403 naming it, on every KYC route', async () => {
    const player = await kit.player();
    const document = await uploaded(player.token, { kind: 'address' }, { bytes: pdf(), name: 'bill.pdf' });
    for (const role of ['support', 'finance', 'marketing'] as const) {
      const { token } = await staff.staff(role);
      for (const [method, url] of [
        ['GET', `/api/admin/kyc/documents?player=${player.id}`],
        ['GET', `/api/admin/kyc/documents/${document}/file`],
        ['POST', `/api/admin/kyc/documents/${document}/approve`],
        ['POST', `/api/admin/kyc/documents/${document}/reject`],
      ] as const) {
        const response = await staff.call(method, url, { token, ...(method === 'POST' ? { payload: { reason: 'Blurry photo' } } : {}) });
        expect(response.statusCode, `${role} ${url}`).toBe(403);
        expect(response.body, `${role} ${url}`).toContain('kyc.decide');
      }
    }
    const compliance = await staff.staff('compliance');
    expect((await list(compliance.token, `?player=${player.id}`))[0]).toMatchObject({ id: document, status: 'pending' });
  });

  // Issue 36: a right-to-left override would show staff `photo\u202Egnp.exe` as "photoexe.png".
  it('shows staff a file name without bidirectional or invisible characters, for new uploads and rows stored before', async () => {
    const player = await kit.player();
    const photo = await uploaded(player.token, { kind: 'identity', document_type: 'passport' }, { bytes: await png(), name: 'photo\u202Egnp.exe' });
    const bill = await uploaded(player.token, { kind: 'address' }, { bytes: pdf(), name: 'bill.pdf' });
    // A name stored before the rule, as it came.
    await t.services.database.db.update(verificationDocuments).set({ fileName: 'bill\u2067fdp.exe\u2069\u200B' }).where(eq(verificationDocuments.id, bill));
    const compliance = await staff.staff('compliance');

    const listed = await list(compliance.token, `?player=${player.id}`);
    expect(listed.map((item) => [item.id, item.file_name])).toEqual([
      [photo, 'photognp.exe'],
      [bill, 'billfdp.exe'],
    ]);
    const own = (await kit.call('GET', '/api/player/verification', { token: player.token })).json().data.documents as Listed[];
    expect(own.map((item) => item.file_name).sort()).toEqual(['billfdp.exe', 'photognp.exe']);
    for (const [id, name] of [
      [photo, 'photognp.exe'],
      [bill, 'billfdp.exe'],
    ]) {
      const file = await staff.call('GET', `/api/admin/kyc/documents/${id}/file`, { token: compliance.token });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toBe(`inline; filename="${name}"; filename*=UTF-8''${name}`);
    }
  });
});
