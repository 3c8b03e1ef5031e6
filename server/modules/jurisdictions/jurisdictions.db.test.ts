// Each jurisdiction profile's rules over HTTP (issue 34 §5, docs/decisions/0120 and 0121), on a site holding the UK
// and Maltese licences and serving everyone else under the default: a UK player (GB) is asked the deposit limit
// prompt, held to 2.5 s between spins and to the stake cap for their age; an MGA player (MT) acknowledges the
// responsible-gambling information before the first stake; a default player (CA) meets none of these.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { players } from '../accounts/schema.ts';
import { validRegistration } from '../accounts/testing.ts';
import { bonusDefinitions } from '../bonuses/schema.ts';
import { gamesKit } from '../games/testing.ts';
import { limitSettings } from '../limits/schema.ts';
import { deposits } from '../payments/schema.ts';
import { OPERATOR_ENV } from '../payments/testing.ts';
import { verificationDocuments } from '../verification/schema.ts';

const t = useTestApp({ ...OPERATOR_ENV, JURISDICTIONS: 'UKGC,MGA,default' });
const kit = gamesKit(t);
type Player = { id: string; token: string };

const birth = (years: number) => `${new Date().getUTCFullYear() - years}-01-01`;

/** A funded, active player residing in `country`, aged `age`. */
async function resident(country: string, age = 30, cash = 100_00): Promise<Player> {
  const player = await kit.fundedPlayer(cash);
  await t.services.database.db
    .update(players)
    .set({ country, birthdate: birth(age) })
    .where(eq(players.id, Number(player.id)));
  return player;
}

const db = () => t.services.database.db;
const limitsOf = async (player: Player) => (await kit.call('GET', '/api/player/limits', { token: player.token })).json().data;
const startDeposit = (player: Player, amount = 20_00) =>
  kit.call('POST', '/api/payments/deposits', { token: player.token, key: randomUUID(), payload: { method: 'sandbox-card', amount } });
const depositCount = async (player: Player) =>
  (
    await db()
      .select()
      .from(deposits)
      .where(eq(deposits.playerId, Number(player.id)))
  ).length;
const prompt = (player: Player, payload: unknown) => kit.call('POST', '/api/player/limits/deposit-prompt', { token: player.token, payload });
const spin = (player: Player, stake: number, slug = 'lantern-orchard') => kit.play(slug, { mode: 'real', stake }, { token: player.token });
/** Moves the player's last spin back, as if `ms` had passed since it: the server's clock is real, the wait is not. */
const rewindSpin = (player: Player, ms: number) =>
  db()
    .update(limitSettings)
    .set({ lastSlotSpinAt: new Date(Date.now() - ms) })
    .where(eq(limitSettings.playerId, Number(player.id)));

describe('the deposit limit prompt (UKGC)', () => {
  it('a UK player cannot deposit before answering; declining opens the cashier', async () => {
    const uk = await resident('GB');
    expect((await limitsOf(uk)).jurisdiction).toMatchObject({ profile: 'UKGC', deposit_limit_prompt_due: true, deposit_limit_prompt_answered_at: null });
    const refused = await startDeposit(uk);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      type: 'deposit_limit_prompt',
      message: 'Before you deposit, please set a deposit limit or tell us that you do not want one.',
    });
    expect(await depositCount(uk)).toBe(0);

    const answered = await prompt(uk, { limit: null });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data.jurisdiction.deposit_limit_prompt_due).toBe(false);
    expect((await startDeposit(uk)).statusCode).toBe(201);
  });

  it('setting a limit answers the prompt, and the limit holds at once', async () => {
    const uk = await resident('GB');
    const answered = await prompt(uk, { limit: { period: 'week', amount: 30_00 } });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data.limits).toEqual([expect.objectContaining({ type: 'deposit', period: 'week', amount: 30_00 })]);
    expect((await startDeposit(uk, 20_00)).statusCode).toBe(201);
    const over = await startDeposit(uk, 20_00);
    expect(over.statusCode).toBe(403);
    expect(over.json().type).toBe('limit');
  });

  it('is asked again 6 months after the answer', async () => {
    const uk = await resident('GB');
    expect((await prompt(uk, { limit: null })).statusCode).toBe(200);
    const sevenMonthsAgo = new Date(Date.now() - 7 * 31 * 86_400_000);
    await db()
      .update(limitSettings)
      .set({ depositPromptAnsweredAt: sevenMonthsAgo })
      .where(eq(limitSettings.playerId, Number(uk.id)));
    expect((await limitsOf(uk)).jurisdiction.deposit_limit_prompt_due).toBe(true);
    expect((await startDeposit(uk)).json().type).toBe('deposit_limit_prompt');
  });

  it('a bad answer is a 422 that changes nothing; no sign-in is a 401', async () => {
    const uk = await resident('GB');
    for (const payload of [{}, { limit: { period: 'year', amount: 10_00 } }, { limit: { period: 'day', amount: 0 } }]) {
      expect((await prompt(uk, payload)).statusCode).toBe(422);
    }
    expect((await limitsOf(uk)).jurisdiction.deposit_limit_prompt_due).toBe(true);
    expect((await kit.call('POST', '/api/player/limits/deposit-prompt', { payload: { limit: null } })).statusCode).toBe(401);
  });

  it('MGA and default players deposit without a prompt', async () => {
    for (const country of ['MT', 'CA']) {
      const player = await resident(country);
      expect((await limitsOf(player)).jurisdiction.deposit_limit_prompt_due).toBe(false);
      expect((await startDeposit(player)).statusCode).toBe(201);
    }
  });
});

describe('slot stake caps by age', () => {
  it('UK: €5.00 a spin from 25, €2.00 from 18 to 24', async () => {
    const older = await resident('GB', 30);
    expect((await limitsOf(older)).slot_stake_cap).toBe(5_00);
    const over = await spin(older, 5_20);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.stake).toEqual(['The stake may not be greater than €5.00 a spin.']);
    expect((await spin(older, 5_00)).statusCode).toBe(201);

    const young = await resident('GB', 22);
    expect((await limitsOf(young)).slot_stake_cap).toBe(2_00);
    expect((await spin(young, 2_20)).json().errors.stake).toEqual(['The stake may not be greater than €2.00 a spin.']);
    expect((await spin(young, 2_00)).statusCode).toBe(201);
  });

  it('default and MGA players have no statutory cap', async () => {
    const young = await resident('CA', 20);
    expect((await limitsOf(young)).slot_stake_cap).toBeNull();
    expect((await spin(young, 50_00)).statusCode).toBe(201);
    const maltese = await resident('MT', 20);
    await kit.call('POST', '/api/player/limits/rg-info', { token: maltese.token });
    expect((await limitsOf(maltese)).slot_stake_cap).toBeNull();
    expect((await spin(maltese, 50_00)).statusCode).toBe(201);
  });
});

describe('the minimum time between slot spins', () => {
  it('UK: a spin sooner than 2.5 s after the last is refused (429) and moves no money; after 2.5 s it plays', async () => {
    const uk = await resident('GB');
    expect((await limitsOf(uk)).jurisdiction).toMatchObject({ min_spin_ms: 2_500, autoplay: false, turbo: false });
    expect((await spin(uk, 1_00)).statusCode).toBe(201);
    const before = await kit.snapshot(uk);
    const soon = await spin(uk, 1_00);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ type: 'spin_time', message: 'Please wait a moment: a new spin can start 2.5 seconds after the last one.' });
    expect(soon.json().retry_after_ms).toBeGreaterThan(0);
    expect(soon.json().retry_after_ms).toBeLessThanOrEqual(2_500);
    expect(await kit.snapshot(uk)).toEqual(before);

    await rewindSpin(uk, 2_400);
    expect((await spin(uk, 1_00)).statusCode).toBe(429);
    await rewindSpin(uk, 2_500);
    expect((await spin(uk, 1_00)).statusCode).toBe(201);
  });

  it('a refused stake does not restart the clock, and other games are not timed', async () => {
    const uk = await resident('GB');
    expect((await spin(uk, 9_00)).statusCode).toBe(422);
    expect((await spin(uk, 1_00)).statusCode).toBe(201);
    expect((await kit.play('blackjack', { mode: 'real', stake: 1_00 }, { token: uk.token })).statusCode).toBe(201);
  });

  it('default players spin as fast as they like', async () => {
    const player = await resident('CA');
    expect((await limitsOf(player)).jurisdiction).toMatchObject({ profile: 'default', min_spin_ms: null, autoplay: true });
    for (let i = 0; i < 3; i += 1) expect((await spin(player, 1_00)).statusCode).toBe(201);
  });
});

describe('responsible-gambling information before the first stake (MGA)', () => {
  it('an MGA player is refused a stake until they acknowledge it, once', async () => {
    const maltese = await resident('MT');
    expect((await limitsOf(maltese)).jurisdiction).toMatchObject({ profile: 'MGA', rg_info_due: true });
    const before = await kit.snapshot(maltese);
    const refused = await spin(maltese, 1_00);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().type).toBe('rg_info');
    expect(await kit.snapshot(maltese)).toEqual(before);

    const acknowledged = await kit.call('POST', '/api/player/limits/rg-info', { token: maltese.token });
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json().data.jurisdiction.rg_info_due).toBe(false);
    expect((await spin(maltese, 1_00)).statusCode).toBe(201);
    expect((await kit.call('POST', '/api/player/limits/rg-info')).statusCode).toBe(401);
  });

  it('UK and default players are not asked', async () => {
    for (const country of ['GB', 'CA']) {
      const player = await resident(country);
      expect((await limitsOf(player)).jurisdiction.rg_info_due).toBe(false);
      expect((await spin(player, 1_00)).statusCode).toBe(201);
    }
  });
});

describe('the bonus wagering cap (UKGC: at most 10 times)', () => {
  it('a UK player cannot claim an offer asking 20 times; a default player can; 10 times is open to both', async () => {
    const offer = (slug: string, wageringMultiplier: number) => ({
      slug,
      title: `Wagering ${wageringMultiplier}x`,
      banner: { title: '', title2: '', title3: '', or: '' },
      type: 'no_deposit',
      maxBonus: 5_00,
      wageringMultiplier,
      contributions: { slots: 100 },
    });
    const heavy = `heavy-${randomUUID().slice(0, 8)}`;
    const light = `light-${randomUUID().slice(0, 8)}`;
    await db()
      .insert(bonusDefinitions)
      .values([offer(heavy, 20), offer(light, 10)] as never);
    const claim = (player: Player, slug: string) => kit.call('POST', `/api/player/bonuses/${slug}/claim`, { token: player.token, key: randomUUID() });

    const uk = await resident('GB');
    const refused = await claim(uk, heavy);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      type: 'bonus',
      message: 'This bonus is not available in your country: its wagering is more than 10 times the bonus.',
    });
    expect((await claim(uk, light)).statusCode).toBe(201);
    const other = await resident('CA');
    expect((await claim(other, heavy)).statusCode).toBe(201);
  });
});

describe('re-verification after a move', () => {
  /** A verified player with an approved identity document and proof of address. */
  async function verified(): Promise<Player> {
    const player = await resident('GB');
    const uploadedAt = new Date(Date.now() - 86_400_000);
    const document = { playerId: Number(player.id), status: 'approved', fileName: 'x.pdf', contentType: 'application/pdf', size: 1, sha256: 'x', uploadedAt };
    await db()
      .insert(verificationDocuments)
      .values([
        { ...document, kind: 'identity', documentType: 'passport', side: 'front' },
        { ...document, kind: 'address', side: 'front' },
      ]);
    await db()
      .update(players)
      .set({ kycStatus: 'verified' })
      .where(eq(players.id, Number(player.id)));
    return player;
  }
  const patchProfile = (player: Player, payload: Record<string, string>) =>
    t.app.inject({ method: 'PATCH', url: '/api/player', headers: { authorization: `Bearer ${player.token}` }, payload });
  const verificationOf = async (player: Player) => (await kit.call('GET', '/api/player/verification', { token: player.token })).json().data;

  it('a verified player who changes address is asked for a new proof of address', async () => {
    const player = await verified();
    const moved = await patchProfile(player, { address1: '2 New Street', postcode: 'N1 1AA' });
    expect(moved.statusCode).toBe(200);
    await expect.poll(async () => (await verificationOf(player)).status).toBe('unverified');
    expect((await verificationOf(player)).required).toEqual([
      'A proof of address: a utility bill, bank statement or official letter from the last 3 months with your name and address.',
    ]);
  });

  it('a change of phone number keeps the player verified', async () => {
    const player = await verified();
    const changed = await patchProfile(player, { phone: '+447700900123' });
    expect(changed.statusCode).toBe(200);
    expect((await verificationOf(player)).status).toBe('verified');
  });
});

describe('the reality check a new player starts with', () => {
  it('MGA: every 60 minutes from registration; UK and default: none until the player chooses', async () => {
    const settingsOf = async (email: string) => {
      const [row] = await db().select({ id: players.id }).from(players).where(eq(players.email, email));
      const [settings] = await db().select().from(limitSettings).where(eq(limitSettings.playerId, row!.id));
      return settings?.realityCheckMinutes ?? null;
    };
    const forms = ['MT', 'GB', 'CA'].map((country) => validRegistration({ country }));
    for (const form of forms) expect((await kit.call('POST', '/api/register', { payload: form })).statusCode).toBe(201);
    await expect.poll(() => settingsOf(forms[0]!.email)).toBe(60);
    expect(await settingsOf(forms[1]!.email)).toBeNull();
    expect(await settingsOf(forms[2]!.email)).toBeNull();
  });
});

describe('the back office view', () => {
  it('lists every profile read-only for staff; not for players or guests', async () => {
    const answer = await kit.call('GET', '/api/admin/jurisdictions', { token: await kit.operator() });
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data.held).toEqual(['UKGC', 'MGA', 'default']);
    expect(data.profiles.map((p: { id: string }) => p.id)).toEqual(['UKGC', 'MGA', 'default']);
    expect(data.profiles[0]).toMatchObject({
      served_countries: ['GB'],
      min_spin_ms: 2_500,
      bonus_max_wagering: 10,
      slot_stake_cap: { amount: 500, under_25: 200 },
    });
    expect(data.profiles[2].served_countries).not.toContain('GB');
    expect(data.profiles[2].served_countries).not.toContain('MT');
    expect((await kit.call('GET', '/api/admin/jurisdictions')).statusCode).toBe(401);
    const player = await resident('CA');
    expect((await kit.call('GET', '/api/admin/jurisdictions', { token: player.token })).statusCode).toBe(401);
  });
});
