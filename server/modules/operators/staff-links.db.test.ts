// Staff lifecycle (issue 32 §4, decision 0106): invitations and admin resets by one-time link, and one's own
// password change. Each refusal changes nothing; each change leaves its audit row.
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { uniqueEmail } from '../accounts/testing.ts';
import { outboxMessages } from '../outbox/schema.ts';
import { auditLog } from './schema.ts';
import { OPERATOR_ENV, STAFF_PASSWORD, staffKit } from './testing.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = staffKit(t, '10.84');
const NEW_PASSWORD = 'a brand new staff secret';

let admin: string;
beforeAll(async () => {
  admin = await kit.adminToken();
});

/** The token of the newest link mailed to `email`, read from the outbox as the member reads their mail. */
async function mailedLink(email: string, template: 'staff-invite' | 'staff-reset') {
  const [message] = await t.services.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.template, template)))
    .orderBy(desc(outboxMessages.id));
  const text = (message!.content as { text: string }).text;
  return /\/admin\/password\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
}
const linkInfo = (token: string) => kit.call('GET', `/api/admin/password-links/${token}`);
const setPassword = (token: string, password: string) => kit.call('POST', `/api/admin/password-links/${token}`, { payload: { password } });
const signIn = (email: string, password: string) => kit.call('POST', '/api/admin/login', { payload: { email, password } });
const auditOf = async (action: string, subject: string) =>
  t.services.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subject, subject)));

describe('POST /api/admin/staff/invitations', () => {
  it('creates the member, who chooses their password from the mailed link, once, and then signs in', async () => {
    const email = uniqueEmail('invited');
    const invited = await kit.call('POST', '/api/admin/staff/invitations', { token: admin, payload: { email, role: 'finance' } });
    expect(invited.statusCode, invited.body).toBe(201);
    const member = invited.json().data;
    expect(member).toMatchObject({ email, role: 'finance', disabled: false, last_login_at: null });
    expect(await auditOf('staff.invite', `staff:${member.id}`)).toHaveLength(1);

    const token = await mailedLink(email, 'staff-invite');
    const info = await linkInfo(token);
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ email, purpose: 'invite' });
    // No password works before the link: the account has one nobody knows.
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(422);
    // A short password is refused and the link still works.
    expect((await setPassword(token, 'short')).statusCode).toBe(422);
    expect((await linkInfo(token)).statusCode).toBe(200);

    const set = await setPassword(token, NEW_PASSWORD);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ email });
    expect(await auditOf('staff.password_set', `staff:${member.id}`)).toHaveLength(1);
    // Once only.
    expect((await setPassword(token, 'yet another long secret')).statusCode).toBe(404);
    expect((await linkInfo(token)).json()).toMatchObject({ type: 'link_gone' });
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a taken e-mail, bad input and staff without staff.manage, inviting no one', async () => {
    const finance = await kit.staff('finance');
    const email = uniqueEmail('nobody');
    expect((await kit.call('POST', '/api/admin/staff/invitations', { token: finance.token, payload: { email, role: 'support' } })).statusCode).toBe(403);
    expect((await kit.call('POST', '/api/admin/staff/invitations', { token: admin, payload: { email: finance.email, role: 'support' } })).statusCode).toBe(422);
    expect((await kit.call('POST', '/api/admin/staff/invitations', { token: admin, payload: { email, role: 'owner' } })).statusCode).toBe(422);
    expect((await kit.call('POST', '/api/admin/staff/invitations', { token: admin, payload: { email: 'not an address', role: 'support' } })).statusCode).toBe(
      422,
    );
    expect((await kit.call('POST', '/api/admin/staff/invitations', { payload: { email, role: 'support' } })).statusCode).toBe(401);
    const listed = (await kit.call('GET', '/api/admin/staff', { token: admin })).json().data as { email: string }[];
    expect(listed.some((member) => member.email === email)).toBe(false);
  });
});

describe('the one-time link', () => {
  it('answers 404 to anything but a live link: a made-up token, a session token, nonsense', async () => {
    for (const token of ['x'.repeat(43), admin, 'abc'])
      expect([(await linkInfo(token)).statusCode, (await setPassword(token, NEW_PASSWORD)).statusCode], token).toEqual([404, 404]);
    // A control character is refused as input before any lookup.
    expect([(await linkInfo('%00')).statusCode, (await setPassword('%00', NEW_PASSWORD)).statusCode]).toEqual([422, 422]);
    // The admin's session is still what it was: the session token was not taken as a link.
    expect((await kit.call('GET', '/api/admin/me', { token: admin })).statusCode).toBe(200);
  });
});

describe('POST /api/admin/staff/{id}/reset-password', () => {
  it('ends the member’s sessions and old password at once, with the reason audited, until they use the link', async () => {
    const member = await kit.staff('support');
    const reset = await kit.call('POST', `/api/admin/staff/${member.id}/reset-password`, { token: admin, payload: { reason: 'Lost their phone and laptop' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await kit.call('GET', '/api/admin/me', { token: member.token })).statusCode).toBe(401);
    expect((await signIn(member.email, STAFF_PASSWORD)).statusCode).toBe(422);
    const [row] = await auditOf('staff.password_reset', `staff:${member.id}`);
    expect(row!.after).toMatchObject({ reason: 'Lost their phone and laptop' });

    const token = await mailedLink(member.email, 'staff-reset');
    expect((await linkInfo(token)).json().data).toMatchObject({ email: member.email, purpose: 'reset' });
    expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a newer link replaces the older one; refuses one’s own reset, unknown members, a missing reason and other roles', async () => {
    const member = await kit.staff('marketing');
    const reset = () => kit.call('POST', `/api/admin/staff/${member.id}/reset-password`, { token: admin, payload: { reason: 'Asked for a new one' } });
    await reset();
    const first = await mailedLink(member.email, 'staff-reset');
    await reset();
    const second = await mailedLink(member.email, 'staff-reset');
    expect(second).not.toBe(first);
    expect((await linkInfo(first)).statusCode).toBe(404);
    expect((await linkInfo(second)).statusCode).toBe(200);

    const adminId = await kit.adminId();
    expect((await kit.call('POST', `/api/admin/staff/${adminId}/reset-password`, { token: admin, payload: { reason: 'My own' } })).statusCode).toBe(403);
    expect((await kit.call('POST', '/api/admin/staff/999999/reset-password', { token: admin, payload: { reason: 'Nobody' } })).statusCode).toBe(404);
    expect((await kit.call('POST', `/api/admin/staff/${member.id}/reset-password`, { token: admin, payload: {} })).statusCode).toBe(422);
    const support = await kit.staff('support');
    expect(
      (await kit.call('POST', `/api/admin/staff/${member.id}/reset-password`, { token: support.token, payload: { reason: 'Not mine to do' } })).statusCode,
    ).toBe(403);
    expect((await linkInfo(second)).statusCode).toBe(200);
  });
});

describe('POST /api/admin/me/password', () => {
  it('needs the current password; keeps this session and ends the others', async () => {
    const member = await kit.staff('compliance');
    const other = (await signIn(member.email, STAFF_PASSWORD)).json().token as string;
    const change = (payload: unknown) => kit.call('POST', '/api/admin/me/password', { token: member.token, payload });
    expect((await change({ current_password: 'not the password', password: NEW_PASSWORD })).statusCode).toBe(422);
    expect((await change({ current_password: STAFF_PASSWORD, password: STAFF_PASSWORD })).statusCode).toBe(422);
    expect((await change({ current_password: STAFF_PASSWORD, password: 'short' })).statusCode).toBe(422);
    expect((await kit.call('GET', '/api/admin/me', { token: other })).statusCode).toBe(200);

    expect((await change({ current_password: STAFF_PASSWORD, password: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await kit.call('GET', '/api/admin/me', { token: member.token })).statusCode).toBe(200);
    expect((await kit.call('GET', '/api/admin/me', { token: other })).statusCode).toBe(401);
    expect((await signIn(member.email, STAFF_PASSWORD)).statusCode).toBe(422);
    expect((await signIn(member.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await auditOf('staff.password_change', `staff:${member.id}`)).toHaveLength(1);
    expect((await kit.call('POST', '/api/admin/me/password', { payload: { current_password: NEW_PASSWORD, password: 'whatever long one' } })).statusCode).toBe(
      401,
    );
  });
});
