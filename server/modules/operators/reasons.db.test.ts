import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { withdrawals } from '../payments/schema.ts';
import { paymentsKit } from '../payments/testing.ts';
import { pdf } from '../verification/fixtures.ts';
import { upload } from '../verification/testing.ts';
import { auditLog, balanceAdjustments, operators } from './schema.ts';
import { OPERATOR_ENV, staffKit } from './testing.ts';

// Every consequential console action takes a reason (docs/decisions/0099-console-reasons-and-second-factor-budget.md):
// without one it is a Laravel-shaped 422 that changes nothing and writes no audit row; with one, the action's audit
// row carries it, trimmed.
const t = useTestApp(OPERATOR_ENV);
const kit = staffKit(t, '10.87');
const pay = paymentsKit(t);
const { call } = kit;
const db = () => t.services.database.db;

const REQUIRED = { message: 'The reason field is required.', errors: { reason: ['The reason field is required.'] } };
const TOO_SHORT = { message: 'The reason field must be at least 3 characters.', errors: { reason: ['The reason field must be at least 3 characters.'] } };
const TOO_LONG = {
  message: 'The reason field must not be greater than 500 characters.',
  errors: { reason: ['The reason field must not be greater than 500 characters.'] },
};
/** Each body without a usable reason, and the 422 it gets. */
const MISSING: [string, Record<string, unknown>, object][] = [
  ['none', {}, REQUIRED],
  ['null', { reason: null }, { message: 'The reason field must be a string.', errors: { reason: ['The reason field must be a string.'] } }],
  ['blank', { reason: '   ' }, TOO_SHORT],
  ['two characters', { reason: ' ok ' }, TOO_SHORT],
  ['501 characters', { reason: 'x'.repeat(501) }, TOO_LONG],
];
const auditRows = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;

/**
 * Sends `send(body)` with every missing reason and expects the 422 and no change (`state` unchanged, no audit row);
 * then with `reason` (padded with spaces) and answers the new audit rows of `action`.
 */
async function requiresReason({
  send,
  extra = {},
  state,
  action,
  subject,
  playerId,
  reason,
}: {
  send: (body: Record<string, unknown>) => Promise<{ statusCode: number; body: string; json: () => unknown }>;
  extra?: Record<string, unknown>;
  state: () => Promise<unknown>;
  action: string;
  /** The row is found by its subject, or by its player when the subject is an id made by the action. */
  subject?: string;
  playerId?: number;
  reason: string;
}) {
  const before = await state();
  for (const [label, body, refusal] of MISSING) {
    const rows = await auditRows();
    const answer = await send({ ...extra, ...body });
    expect(answer.statusCode, `${action} ${label}: ${answer.body}`).toBe(422);
    expect(answer.json(), `${action} ${label}`).toEqual(refusal);
    expect(await state(), `${action} ${label}`).toEqual(before);
    expect(await auditRows(), `${action} ${label}`).toBe(rows);
  }
  // Without any body at all: still a 422, still nothing done.
  const bare = await send(undefined as unknown as Record<string, unknown>);
  expect(bare.statusCode, bare.body).toBe(422);
  expect(await state()).toEqual(before);
  const done = await send({ ...extra, reason: `  ${reason}  ` });
  expect(done.statusCode, done.body).toBeLessThan(300);
  expect(await state()).not.toEqual(before);
  const rows = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), subject ? eq(auditLog.subject, subject) : eq(auditLog.playerId, playerId!)));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.after).toMatchObject({ reason });
  return rows[0]!;
}

describe('a reason for every consequential console action', () => {
  it('block and unblock', async () => {
    const admin = await kit.adminToken();
    const player = await pay.player();
    const blocked = async () => (await t.services.accounts.adminPlayer(Number(player.id)))!.blocked;
    const block = await requiresReason({
      send: (body) => call('POST', `/api/admin/players/${player.id}/block`, { token: admin, payload: body }),
      state: blocked,
      action: 'player.block',
      subject: `player:${player.id}`,
      reason: 'Chargeback on the last deposit',
    });
    expect(block).toMatchObject({ before: { blocked: false }, after: { blocked: true, reason: 'Chargeback on the last deposit' } });
    await requiresReason({
      send: (body) => call('POST', `/api/admin/players/${player.id}/unblock`, { token: admin, payload: body }),
      state: blocked,
      action: 'player.unblock',
      subject: `player:${player.id}`,
      reason: 'The bank withdrew the chargeback',
    });
  });

  it('rejecting a withdrawal: the reason is the decision’s note too', async () => {
    const player = await pay.player({ kyc: 'verified' });
    await pay.deposit(player.token, 40_00);
    const created = await pay.call('POST', '/api/payments/withdrawals', {
      token: player.token,
      key: randomUUID(),
      payload: { method: 'sandbox-card', amount: 30_00 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const finance = await kit.staff('finance');
    const row = await requiresReason({
      send: (body) => call('POST', `/api/admin/withdrawals/${id}/reject`, { token: finance.token, payload: body }),
      state: async () => [(await t.services.payments.withdrawalForOperators(id))!.status, (await pay.wallet(player.token)).cash],
      action: 'withdrawal.reject',
      subject: `withdrawal:${id}`,
      reason: 'The card holder’s name does not match the account',
    });
    expect(row).toMatchObject({ staffId: finance.id, after: { status: 'rejected', reason: 'The card holder’s name does not match the account' } });
    const [decided] = await db().select({ note: withdrawals.decisionNote }).from(withdrawals).where(eq(withdrawals.id, id));
    expect(decided!.note).toBe('The card holder’s name does not match the account');
  });

  it('rejecting a KYC document (the reason the player reads)', async () => {
    const player = await pay.player();
    const uploaded = await upload(t, player.token, { kind: 'address' }, { bytes: pdf(), name: 'bill.pdf', type: 'application/pdf' });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json().data.document.id as string;
    const compliance = await kit.staff('compliance');
    const queue = async () =>
      (await call('GET', `/api/admin/kyc/documents?player=${player.id}&status=rejected`, { token: compliance.token })).json().data.length as number;
    await requiresReason({
      send: (body) => call('POST', `/api/admin/kyc/documents/${id}/reject`, { token: compliance.token, payload: body }),
      // Reading the queue is audited too: the state is read through the service.
      state: async () => (await t.services.verification.queue({ status: 'pending', playerId: Number(player.id) })).map((document) => document.id),
      action: 'kyc.document.reject',
      subject: `kyc-document:${id}`,
      reason: 'The bill is older than 3 months.',
    });
    expect(await queue()).toBe(1);
  });

  it('a balance adjustment', async () => {
    const player = await pay.player();
    const finance = await kit.staff('finance');
    const pending = async () =>
      (
        await db()
          .select({ n: count() })
          .from(balanceAdjustments)
          .where(eq(balanceAdjustments.playerId, Number(player.id)))
      )[0]!.n;
    const row = await requiresReason({
      send: (body) => call('POST', `/api/admin/players/${player.id}/adjustments`, { token: finance.token, payload: body }),
      extra: { amount: 25_00 },
      state: pending,
      action: 'adjustment.request',
      playerId: Number(player.id),
      reason: 'Goodwill for a delayed payout',
    });
    expect(row).toMatchObject({ staffId: finance.id, after: { amount: 25_00, reason: 'Goodwill for a delayed payout', status: 'pending_approval' } });
    expect(await pending()).toBe(1);
    const [adjustment] = await db()
      .select()
      .from(balanceAdjustments)
      .where(eq(balanceAdjustments.playerId, Number(player.id)));
    expect(adjustment!.reason).toBe('Goodwill for a delayed payout');
  });

  it('a role change, and disabling a member', async () => {
    const admin = await kit.adminToken();
    const member = await kit.staff('support');
    const view = async () => {
      const [row] = await db().select({ role: operators.role, disabled: operators.disabled }).from(operators).where(eq(operators.id, member.id));
      return row;
    };
    const row = await requiresReason({
      send: (body) => call('PATCH', `/api/admin/staff/${member.id}`, { token: admin, payload: body }),
      extra: { role: 'compliance' },
      state: view,
      action: 'staff.update',
      subject: `staff:${member.id}`,
      reason: 'Joins the compliance team',
    });
    expect(row).toMatchObject({ before: { role: 'support' }, after: { role: 'compliance', reason: 'Joins the compliance team' } });
    // Signed out by the change.
    expect((await call('GET', '/api/admin/me', { token: member.token })).statusCode).toBe(401);
    const disabled = await call('PATCH', `/api/admin/staff/${member.id}`, { token: admin, payload: { disabled: true, reason: 'Left the company' } });
    expect(disabled.json().data).toMatchObject({ disabled: true, role: 'compliance' });
    // A reason alone changes nothing and says what is missing.
    const nothing = await call('PATCH', `/api/admin/staff/${member.id}`, { token: admin, payload: { reason: 'Just because' } });
    expect([nothing.statusCode, nothing.json().errors]).toEqual([422, { role: ['Choose a role, or whether the account is disabled.'] }]);
  });

  it('a group message: without a reason nobody receives it', async () => {
    const admin = await kit.adminToken();
    const player = await pay.player();
    const country = 'IS';
    await db().execute(sql`update players set country = ${country} where id = ${Number(player.id)}`);
    const inbox = async () => (await t.services.messages.inbox(Number(player.id), 50)).data.map((message) => message.subject);
    const subject = `Northern lights weekend ${randomUUID().slice(0, 6)}`;
    const row = await requiresReason({
      send: (body) => call('POST', '/api/admin/messages/segment', { token: admin, payload: body }),
      extra: { segment: 'country', country, subject, body: 'Free spins all weekend.' },
      state: inbox,
      action: 'message.segment',
      subject: 'segment:country',
      reason: 'Iceland launch campaign',
    });
    expect(row.after).toMatchObject({ segment: 'country', country, subject, reason: 'Iceland launch campaign' });
    expect(await inbox()).toContain(subject);
  });
});
