// Marketing never reaches a player excluded by rule (docs/decisions/0056, UKGC LCCP SR 3.5): a segment message
// ("Come back and play" to the bronze tier) once reached a player who had self-excluded minutes before, and players
// on a time-out, blocked or without marketing consent. A one-to-one service message still reaches them all.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { players } from '../accounts/schema.ts';
import { STRONG_PASSWORD } from '../accounts/testing.ts';
import { limitSettings } from '../limits/schema.ts';
import { staffKit } from '../operators/testing.ts';
import { OPERATOR_ENV, paymentsKit } from '../payments/testing.ts';

const t = useTestApp(OPERATOR_ENV);
const pay = paymentsKit(t);
const staff = staffKit(t, '10.74');
type Player = Awaited<ReturnType<typeof pay.player>>;

let countries = 0;
/** A country code of this test's own ('QA', 'QB'…), so a country segment holds only the players given it. */
const newCountry = () => `Q${String.fromCharCode(65 + countries++)}`;
async function playersOf(country: string, count: number): Promise<Player[]> {
  const made: Player[] = [];
  for (let i = 0; i < count; i++) {
    const player = await pay.player();
    await t.services.database.db
      .update(players)
      .set({ country })
      .where(eq(players.id, Number(player.id)));
    made.push(player);
  }
  return made;
}
/** Consent given again after an exclusion switched it off: the exclusion alone must keep the player out. */
const consentAgain = (player: Player) =>
  t.services.database.db
    .update(players)
    .set({ newsletter: true })
    .where(eq(players.id, Number(player.id)));
const subjectsOf = async (player: Player) => (await t.services.messages.inbox(Number(player.id))).data.map((message) => message.subject);

const EXCLUSIONS: [string, (player: Player, admin: string) => Promise<void>][] = [
  [
    'self-excluded minutes before',
    async (player) => {
      const response = await pay.call('POST', '/api/player/self-exclusion', { token: player.token, payload: { months: 6, password: STRONG_PASSWORD } });
      expect(response.statusCode, response.body).toBe(200);
      await consentAgain(player);
    },
  ],
  [
    'on a time-out',
    async (player) => {
      const response = await pay.call('POST', '/api/player/time-out', { token: player.token, payload: { days: 1, password: STRONG_PASSWORD } });
      expect(response.statusCode, response.body).toBe(200);
      await consentAgain(player);
    },
  ],
  [
    'whose self-exclusion ended but who has not asked to return',
    async (player) => {
      await t.services.database.db.insert(limitSettings).values({ playerId: Number(player.id), selfExcludedUntil: new Date(Date.now() - 60_000) });
    },
  ],
  [
    'blocked',
    async (player, admin) => {
      expect((await staff.call('POST', `/api/admin/players/${player.id}/block`, { token: admin, payload: { reason: 'Chargeback' } })).statusCode).toBe(200);
    },
  ],
  [
    'without marketing consent (newsletter off)',
    async (player) => {
      const response = await staff.call('PATCH', '/api/player', { token: player.token, payload: { newsletter: false } });
      expect(response.statusCode, response.body).toBe(200);
    },
  ],
];

describe('a segment message is marketing', () => {
  it.each(EXCLUSIONS)('never reaches a player %s; the preview and the answer count them', async (_state, exclude) => {
    const admin = await staff.adminToken();
    const country = newCountry();
    const [eligible, excluded] = await playersOf(country, 2);
    await exclude(excluded!, admin);

    const subject = `Come back and play ${country}`;
    const sent = await staff.call('POST', '/api/admin/messages/segment', {
      token: admin,
      payload: { segment: 'country', country, subject, body: 'A bonus awaits.', reason: 'Win-back campaign' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await subjectsOf(excluded!)).toEqual([]);
    expect(await subjectsOf(eligible!)).toEqual([subject]);
    expect(sent.json()).toEqual({ data: { sent: 1, excluded: 1 } });
    const [row] = (await t.services.operators.audit.list({ action: 'message.segment' }, { page: 1, perPage: 1 })).data;
    expect(row!.after).toMatchObject({ segment: 'country', country, sent: 1, excluded: 1, reason: 'Win-back campaign' });

    // The preview says the same before a send, and writes nothing.
    const preview = await staff.call('GET', `/api/admin/messages/segment/preview?segment=country&country=${country}`, { token: admin });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ data: { recipients: 1, excluded: 1 } });
    expect(await subjectsOf(eligible!)).toEqual([subject]);
  });

  it('reaches a player again once a time-out is over and consent given again', async () => {
    const admin = await staff.adminToken();
    const country = newCountry();
    const [player] = await playersOf(country, 1);
    await t.services.database.db.insert(limitSettings).values({ playerId: Number(player!.id), timeoutUntil: new Date(Date.now() - 60_000) });
    const sent = await staff.call('POST', '/api/admin/messages/segment', {
      token: admin,
      payload: { segment: 'country', country, subject: 'Welcome back', body: 'Hi', reason: 'Win-back campaign' },
    });
    expect(sent.json()).toEqual({ data: { sent: 1, excluded: 0 } });
    expect(await subjectsOf(player!)).toEqual(['Welcome back']);
  });

  it('to the bronze tier, as reported: the player who self-excluded minutes before gets nothing, the others get it', async () => {
    const admin = await staff.adminToken();
    const [stays, leaves] = await playersOf(newCountry(), 2);
    await EXCLUSIONS[0]![1](leaves!, admin);
    const preview = (await staff.call('GET', '/api/admin/messages/segment/preview?segment=vip_tier&tier=bronze', { token: admin })).json().data;
    const sent = await staff.call('POST', '/api/admin/messages/segment', {
      token: admin,
      payload: { segment: 'vip_tier', tier: 'bronze', subject: 'Come back and play', body: 'Your bronze bonus awaits.', reason: 'Win-back campaign' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toEqual({ sent: preview.recipients, excluded: preview.excluded });
    expect(preview.excluded).toBeGreaterThanOrEqual(1);
    expect(await subjectsOf(stays!)).toContain('Come back and play');
    expect(await subjectsOf(leaves!)).not.toContain('Come back and play');
  });

  it('the preview asks for what the segment needs, like the send', async () => {
    const admin = await staff.adminToken();
    const missing = await staff.call('GET', '/api/admin/messages/segment/preview?segment=country', { token: admin });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ country: ['The country field is required.'] });
  });
});

describe('a one-to-one message', () => {
  it('from support about the player (KYC) is a service message: it reaches a player excluded by every rule', async () => {
    const admin = await staff.adminToken();
    const [player] = await playersOf(newCountry(), 1);
    // Self-excluded, on a time-out, without consent, then blocked (a blocked player can no longer change their profile).
    for (const index of [0, 1, 4, 3]) await EXCLUSIONS[index]![1](player!, admin);
    await t.services.database.db
      .update(players)
      .set({ newsletter: false })
      .where(eq(players.id, Number(player!.id)));
    const sent = await staff.call('POST', '/api/admin/messages', {
      token: admin,
      payload: { player_id: player!.id, subject: 'Your documents', body: 'We need a clearer photo of your ID.' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await subjectsOf(player!)).toEqual(['Your documents']);
  });

  it('marked marketing follows the rule: refused for an excluded player (nothing written), sent to an eligible one', async () => {
    const admin = await staff.adminToken();
    const [eligible, excluded] = await playersOf(newCountry(), 2);
    await EXCLUSIONS[1]![1](excluded!, admin);
    const payload = (player: Player) => ({ player_id: player.id, subject: 'A free spin', body: 'Just for you.', marketing: true });
    const refused = await staff.call('POST', '/api/admin/messages', { token: admin, payload: payload(excluded!) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      player_id: ['This player may not receive marketing: they are self-excluded, on a break, blocked or without marketing consent.'],
    });
    expect(await subjectsOf(excluded!)).toEqual([]);
    const sent = await staff.call('POST', '/api/admin/messages', { token: admin, payload: payload(eligible!) });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await subjectsOf(eligible!)).toEqual(['A free spin']);
  });
});
