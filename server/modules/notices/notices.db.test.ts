// Notices for money (issue 34 §4, docs/decisions/0119): a deposit credited, a withdrawal paid or rejected, a bonus
// granted and a KYC review each send exactly one inbox message and one e-mail; the same event heard again sends
// nothing; marketing reaches only a player who agreed to it, a service notice reaches every player.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { players } from '../accounts/schema.ts';
import { mailsTo } from '../accounts/testing.ts';
import { OPERATOR_ENV, paymentsKit } from '../payments/testing.ts';
import { jpeg, pdf } from '../verification/fixtures.ts';
import { upload } from '../verification/testing.ts';
import { journalNotice } from './money-notices.ts';
import { playerNotices } from './schema.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = paymentsKit(t);
type Player = Awaited<ReturnType<typeof kit.player>>;

async function inbox(player: Player): Promise<{ subject: string; body: string }[]> {
  const response = await kit.call('GET', '/api/player/messages', { token: player.token });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** The player's notices of `kind`, as stored (one row per event). */
const noticesOf = (player: Player) =>
  t.services.database.db
    .select()
    .from(playerNotices)
    .where(eq(playerNotices.playerId, Number(player.id)));

/** A header's MIME encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in plain text: subjects with "€" are encoded. */
function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_all, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(Number.parseInt(code, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

async function mailSubjects(player: Player): Promise<string[]> {
  await t.services.outbox.drain();
  // The whole Subject header, with its folded continuation lines.
  const subjectOf = (raw: string) => (/^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ');
  return (await mailsTo(t.config.dataDir, player.email)).map((mail) => decodeHeader(subjectOf(mail.raw)));
}

/** An officer clears the compliance alerts a quick deposit-then-withdrawal raises, so the withdrawal can be decided. */
async function clearAlerts(player: Player, operator: string): Promise<void> {
  await t.services.compliance.settled();
  const me = (await kit.call('GET', '/api/admin/me', { token: operator })).json().data as { id: string | number };
  for (const alert of await t.services.compliance.alerts.list({ status: 'open', playerId: Number(player.id) })) {
    await t.services.compliance.alerts.close(Number(alert.id), Number(me.id), 'Checked: a test player.');
  }
}

async function withdraw(player: Player, amount: number): Promise<string> {
  const response = await kit.call('POST', '/api/payments/withdrawals', { token: player.token, key: randomUUID(), payload: { method: 'sandbox-card', amount } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

describe('notices for money', () => {
  it('tells a credited deposit once, by inbox and e-mail, and the same journal heard again tells nothing', async () => {
    const player = await kit.player();
    await kit.deposit(player.token, 50_00);
    await t.services.notices.settled();
    const messages = (await inbox(player)).filter((message) => message.subject.startsWith('Your deposit'));
    expect(messages).toEqual([
      expect.objectContaining({
        subject: 'Your deposit of €50.00 is in your balance',
        body: 'We received your deposit of €50.00. It is in your balance now, ready to play.',
      }),
    ]);
    expect((await mailSubjects(player)).filter((subject) => subject.startsWith('Your deposit'))).toEqual(['Your deposit of €50.00 is in your balance']);

    // A retried event: the notice's key is the deposit's, so nothing is written or sent again.
    const [row] = (await noticesOf(player)).filter((notice) => notice.kind === 'deposit_credited');
    const reference = row!.key.split(':')[1]!;
    const again = journalNotice(
      { id: 1, type: 'deposit', referenceId: reference, entries: [{ amount: -50_00 }, { amount: 50_00 }] },
      [Number(player.id)],
      'EUR',
    );
    expect(await t.services.notices.tell(again!)).toBe(false);
    expect((await inbox(player)).filter((message) => message.subject.startsWith('Your deposit'))).toHaveLength(1);
    expect((await noticesOf(player)).filter((notice) => notice.kind === 'deposit_credited')).toHaveLength(1);
  });

  it('tells a paid withdrawal and a rejected one once each, with the unread count in the live event', async () => {
    const player = await kit.player({ kyc: 'verified' });
    await kit.deposit(player.token, 100_00);
    const operator = await kit.operator();
    const paid = await withdraw(player, 30_00);
    await clearAlerts(player, operator);
    const approved = await kit.call('POST', `/api/admin/withdrawals/${paid}/approve`, { token: operator, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    const rejected = await withdraw(player, 20_00);
    const refused = await kit.call('POST', `/api/admin/withdrawals/${rejected}/reject`, {
      token: operator,
      payload: { reason: 'Card expired, please use another' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    // A second decision on the same withdrawal is refused and tells nothing more.
    expect(
      (await kit.call('POST', `/api/admin/withdrawals/${paid}/reject`, { token: operator, payload: { reason: 'too late for this one' } })).statusCode,
    ).toBe(409);
    await t.services.notices.settled();

    const subjects = (await inbox(player)).map((message) => message.subject);
    expect(subjects.filter((subject) => subject.includes('withdrawal'))).toEqual([
      'Your withdrawal of €20.00 was not approved',
      'Your withdrawal of €30.00 was approved and paid',
    ]);
    const mailed = await mailSubjects(player);
    expect(mailed.filter((subject) => subject.includes('withdrawal')).sort()).toEqual([
      'Your withdrawal of €20.00 was not approved',
      'Your withdrawal of €30.00 was approved and paid',
    ]);
    const unread = await kit.call('GET', '/api/player/messages', { token: player.token });
    expect(unread.json().meta.unread).toBe(3);
  });

  it('tells a granted bonus once, however many times the bonus changes after', async () => {
    const player = await kit.player();
    const claimed = await kit.call('POST', '/api/player/bonuses/demo-chip/claim', { token: player.token, key: randomUUID() });
    expect(claimed.statusCode, claimed.body).toBe(201);
    await vi.waitFor(async () => expect((await noticesOf(player)).map((notice) => notice.kind)).toEqual(['bonus_granted']));
    await t.services.notices.settled();
    expect((await inbox(player)).map((message) => message.subject)).toEqual(['Your bonus is active: €5 Demo Chip']);
    // Rounds announce the same active bonus again: still one notice.
    for (let i = 0; i < 2; i++) {
      const round = await kit.call('POST', '/api/games/lantern-orchard/rounds', {
        token: player.token,
        key: randomUUID(),
        payload: { mode: 'real', stake: 20 },
      });
      expect(round.statusCode, round.body).toBe(201);
    }
    await t.services.notices.settled();
    expect((await noticesOf(player)).filter((notice) => notice.kind === 'bonus_granted')).toHaveLength(1);
    expect((await mailSubjects(player)).filter((subject) => subject.startsWith('Your bonus'))).toEqual(['Your bonus is active: €5 Demo Chip']);
  });

  it('tells a limit change when it takes effect: a lower limit at once, a raise not before it is confirmed', async () => {
    const player = await kit.player();
    const set = (amount: number | null) => kit.call('PUT', '/api/player/limits', { token: player.token, payload: { type: 'deposit', period: 'day', amount } });
    expect((await set(100_00)).statusCode).toBe(200);
    expect((await set(50_00)).statusCode).toBe(200);
    // A raise waits 24 hours and a confirmation: nothing is in force yet, so nothing is told.
    expect((await set(80_00)).statusCode).toBe(200);
    await t.services.notices.settled();
    expect((await inbox(player)).map((message) => message.subject)).toEqual([
      'Your deposit limit for 24 hours is now €50.00',
      'Your deposit limit for 24 hours is now €100.00',
    ]);
    expect((await mailSubjects(player)).filter((subject) => subject.includes('limit'))).toHaveLength(2);
  });

  it("tells a limit the operator set, once, as it tells the player's own", async () => {
    const player = await kit.player();
    await t.services.limits.operatorTighten(1, Number(player.id), { type: 'loss', period: 'week', amount: 200_00 });
    // The same limit again changes nothing and is refused: nothing more is told.
    await expect(t.services.limits.operatorTighten(1, Number(player.id), { type: 'loss', period: 'week', amount: 200_00 })).rejects.toMatchObject({
      statusCode: 422,
    });
    await t.services.notices.settled();
    expect((await inbox(player)).map((message) => message.subject)).toEqual(['Your loss limit for 7 days is now €200.00']);
    expect((await mailSubjects(player)).filter((subject) => subject.includes('limit'))).toEqual(['Your loss limit for 7 days is now €200.00']);
  });

  it('sends marketing only with consent, while a service notice reaches the same player', async () => {
    const player = await kit.player();
    await t.services.database.db
      .update(players)
      .set({ newsletter: false })
      .where(eq(players.id, Number(player.id)));
    const marketing = {
      playerId: Number(player.id),
      kind: 'offer',
      purpose: 'marketing' as const,
      subject: 'A reload for your weekend',
      lines: ['50% up to €200 this weekend.'],
    };
    expect(await t.services.notices.tell({ ...marketing, key: `test:${player.id}:marketing` })).toBe(false);
    expect(await t.services.notices.tell({ ...marketing, key: `test:${player.id}:service`, purpose: 'service', subject: 'Your account' })).toBe(true);
    expect((await inbox(player)).map((message) => message.subject)).toEqual(['Your account']);
    // With consent the same kind of message reaches them.
    await t.services.database.db
      .update(players)
      .set({ newsletter: true })
      .where(eq(players.id, Number(player.id)));
    expect(await t.services.notices.tell({ ...marketing, key: `test:${player.id}:marketing-agreed` })).toBe(true);
    expect((await inbox(player)).map((message) => message.subject)).toEqual(['A reload for your weekend', 'Your account']);
  });
});

describe('the KYC review', () => {
  it('sends one message and one e-mail for a review of three documents, not three', async () => {
    const player = await kit.player();
    const sent = async (fields: Record<string, string>, file: { bytes: Buffer; name: string; type: string }) => {
      const response = await upload(t, player.token, fields, file);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.document.id as string;
    };
    const ids = [
      await sent(
        { kind: 'identity', document_type: 'driving_licence', side: 'front' },
        { bytes: await jpeg({ seed: 21 }), name: 'front.jpg', type: 'image/jpeg' },
      ),
      await sent(
        { kind: 'identity', document_type: 'driving_licence', side: 'back' },
        { bytes: await jpeg({ seed: 22 }), name: 'back.jpg', type: 'image/jpeg' },
      ),
      await sent({ kind: 'address' }, { bytes: pdf(), name: 'bill.pdf', type: 'application/pdf' }),
    ];
    const operator = await kit.operator();
    for (const id of ids) expect((await kit.call('POST', `/api/admin/kyc/documents/${id}/approve`, { token: operator })).statusCode).toBe(200);

    const messages = await inbox(player);
    expect(messages.map((message) => message.subject)).toEqual(['Your account is verified']);
    expect(messages[0]!.body).toContain('approved your driving licence (front), driving licence (back) and proof of address.');
    expect(messages[0]!.body).toContain('Your account is now verified and withdrawals are unlocked.');
    expect(await mailSubjects(player)).toContain('Your account is verified');
    expect((await mailSubjects(player)).filter((subject) => subject.includes('verified') || subject.includes('approved'))).toHaveLength(1);

    // A later review (a new proof of address, rejected) is a new decision: one more message, naming only it.
    const again = await sent({ kind: 'address' }, { bytes: pdf(), name: 'bill2.pdf', type: 'application/pdf' });
    const rejected = await kit.call('POST', `/api/admin/kyc/documents/${again}/reject`, { token: operator, payload: { reason: 'The name does not match.' } });
    expect(rejected.statusCode).toBe(200);
    const after = await inbox(player);
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ subject: 'We could not accept your proof of address' });
    expect(after[0]!.body).not.toContain('driving licence');
  });
});
