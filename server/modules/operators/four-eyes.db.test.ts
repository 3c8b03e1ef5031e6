import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { paymentsKit } from '../payments/testing.ts';
import { OPERATOR_ENV, staffKit } from './testing.ts';

// Four-eyes control (docs/decisions/0083-four-eyes.md): adjustments and withdrawals above FOUR_EYES_THRESHOLD.
const t = useTestApp({ ...OPERATOR_ENV, FOUR_EYES_THRESHOLD: '5000' });
const kit = staffKit(t, '10.75');
const pay = paymentsKit(t);
const { call } = kit;

describe('balance adjustments', () => {
  it('wait for a second staff member: the requester’s own approval is a 403 and moves nothing; another’s moves the money as an adjustment journal', async () => {
    const player = await pay.player();
    const first = await kit.staff('finance');
    const second = await kit.staff('finance');
    const requested = await call('POST', `/api/admin/players/${player.id}/adjustments`, {
      token: first.token,
      payload: { amount: 2500, reason: 'Lost deposit refund' },
    });
    expect(requested.statusCode).toBe(201);
    const adjustment = requested.json().data;
    expect(adjustment).toMatchObject({ player_id: player.id, amount: 2500, status: 'pending_approval', requested_by: String(first.id), decided_by: null });
    expect((await pay.wallet(player.token)).cash).toBe(0);

    const own = await call('POST', `/api/admin/adjustments/${adjustment.id}/approve`, { token: first.token });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: 'You asked for this; another staff member must approve it.', type: 'four_eyes' });
    expect((await pay.wallet(player.token)).cash).toBe(0);

    const approved = await call('POST', `/api/admin/adjustments/${adjustment.id}/approve`, { token: second.token });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', decided_by: String(second.id) });
    expect((await pay.wallet(player.token)).cash).toBe(2500);
    const journals = await t.services.database.db.execute(sql`select type from ledger_journals where reference_id = ${adjustment.id}`);
    expect((journals as unknown as { rows: { type: string }[] }).rows).toEqual([{ type: 'adjustment' }]);
    // The house side is the adjustments account, apart from payments' clearing.
    const sides = await t.services.database.db.execute(
      sql`select a.owner_type, a.kind, e.amount from ledger_entries e join ledger_journals j on j.id = e.journal_id join ledger_accounts a on a.id = e.account_id
          where j.reference_id = ${adjustment.id} order by a.owner_type`,
    );
    expect(
      (sides as unknown as { rows: { owner_type: string; kind: string; amount: string | number }[] }).rows.map((row) => [
        row.owner_type,
        row.kind,
        Number(row.amount),
      ]),
    ).toEqual([
      ['house', 'adjustments', -2500],
      ['player', 'cash', 2500],
    ]);
    expect((await call('POST', `/api/admin/adjustments/${adjustment.id}/approve`, { token: second.token })).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/adjustments/${adjustment.id}/reject`, { token: first.token })).statusCode).toBe(409);

    // The list names the player and the staff who asked and decided (issue 32: names, not ids).
    const listed = (await call('GET', `/api/admin/adjustments?player_id=${player.id}`, { token: first.token })).json().data;
    expect(listed).toEqual([
      expect.objectContaining({
        id: adjustment.id,
        player_email: player.email,
        player_name: expect.stringMatching(/\S/),
        requested_by_email: first.email,
        decided_by_email: second.email,
      }),
    ]);

    const trail = await t.services.operators.actionsOn(`adjustment:${adjustment.id}`);
    expect(trail.map((row) => [row.action, row.staff_id])).toEqual([
      ['adjustment.request', String(first.id)],
      ['adjustment.approve', String(second.id)],
    ]);
  });

  it('a debit beyond the balance is refused at approval and changes nothing; a rejection moves nothing', async () => {
    const player = await pay.player();
    const [first, second] = [await kit.staff('finance'), await kit.staff('admin')];
    const debit = (
      await call('POST', `/api/admin/players/${player.id}/adjustments`, { token: first.token, payload: { amount: -100, reason: 'Duplicate credit' } })
    ).json().data;
    const refused = await call('POST', `/api/admin/adjustments/${debit.id}/approve`, { token: second.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The player’s balance is too low for this debit.');
    expect((await call('GET', `/api/admin/adjustments?status=pending_approval&player_id=${player.id}`, { token: first.token })).json().data).toHaveLength(1);
    const rejected = await call('POST', `/api/admin/adjustments/${debit.id}/reject`, { token: first.token });
    expect(rejected.json().data.status).toBe('rejected');
    expect((await pay.wallet(player.token)).cash).toBe(0);
  });

  it('refuses bad input with a 422 and unknown players or adjustments with a 404', async () => {
    const staff = await kit.staff('finance');
    const player = await pay.player();
    for (const payload of [
      { amount: 0, reason: 'zero' },
      { amount: 1.5, reason: 'half' },
      { amount: 100 },
      { amount: 100, reason: '' },
      { amount: '100', reason: 'text' },
    ])
      expect((await call('POST', `/api/admin/players/${player.id}/adjustments`, { token: staff.token, payload })).statusCode, JSON.stringify(payload)).toBe(
        422,
      );
    expect((await call('POST', '/api/admin/players/999999999/adjustments', { token: staff.token, payload: { amount: 1, reason: 'nobody' } })).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/api/admin/adjustments/00000000-0000-4000-8000-000000000000/approve', { token: staff.token })).statusCode).toBe(404);
  });
});

describe('withdrawals above FOUR_EYES_THRESHOLD', () => {
  async function pendingWithdrawal(amount: number) {
    const player = await pay.player({ kyc: 'verified' });
    await pay.deposit(player.token, amount);
    const created = await pay.call('POST', '/api/payments/withdrawals', {
      token: player.token,
      key: randomUUID(),
      payload: { method: 'sandbox-card', amount },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { player, id: created.json().data.id as string };
  }

  it('the first approval keeps it pending (202); the same staff member again is a 403; a second staff member pays it', async () => {
    const { player, id } = await pendingWithdrawal(6000);
    const [first, second] = [await kit.staff('finance'), await kit.staff('finance')];
    const firstApproval = await call('POST', `/api/admin/withdrawals/${id}/approve`, { token: first.token });
    expect(firstApproval.statusCode).toBe(202);
    expect(firstApproval.json().data).toMatchObject({ status: 'pending', four_eyes: true, first_approval_by: String(first.id) });
    const again = await call('POST', `/api/admin/withdrawals/${id}/approve`, { token: first.token });
    expect(again.statusCode).toBe(403);
    expect((await pay.wallet(player.token)).pending_withdrawals).toBe(6000);
    const paid = await call('POST', `/api/admin/withdrawals/${id}/approve`, { token: second.token });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.status).toBe('paid');
    expect((await pay.wallet(player.token)).pending_withdrawals).toBe(0);
    const trail = await t.services.operators.actionsOn(`withdrawal:${id}`);
    expect(trail.map((row) => row.action)).toEqual(['withdrawal.first_approval', 'withdrawal.approve']);
  });

  it('at or under the threshold one approval pays; a rejection needs one staff member', async () => {
    const small = await pendingWithdrawal(5000);
    const staff = await kit.staff('finance');
    expect((await call('POST', `/api/admin/withdrawals/${small.id}/approve`, { token: staff.token })).json().data).toMatchObject({
      status: 'paid',
      four_eyes: false,
    });
    const large = await pendingWithdrawal(9000);
    const rejected = await call('POST', `/api/admin/withdrawals/${large.id}/reject`, { token: staff.token, payload: { reason: 'Source of funds' } });
    expect(rejected.json().data.status).toBe('rejected');
    expect((await t.services.operators.actionsOn(`withdrawal:${large.id}`)).map((row) => [row.action, row.after?.reason])).toEqual([
      ['withdrawal.reject', 'Source of funds'],
    ]);
    expect((await pay.wallet(large.player.token)).cash).toBe(9000);
  });
});
