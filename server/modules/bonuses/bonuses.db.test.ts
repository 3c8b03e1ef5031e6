import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { OPERATOR_ENV, paymentsKit } from '../payments/testing.ts';

const t = useTestApp({ ...OPERATOR_ENV, APP_ENV: 'development' });
const kit = paymentsKit(t);

type Bonus = {
  id: string;
  slug: string;
  status: string;
  amount: number;
  balance: number;
  wagered: number;
  wagering_required: number;
  free_spins_left: number;
  converted: number | null;
};

const bonusesOf = async (token: string) => {
  const response = await kit.call('GET', '/api/player/bonuses', { token });
  expect(response.statusCode).toBe(200);
  return response.json().data as Bonus[];
};
const claim = (token: string, slug: string, key = randomUUID()) => kit.call('POST', `/api/player/bonuses/${slug}/claim`, { token, key });
const spin = (token: string, body: Record<string, unknown>, slug = 'lantern-orchard') =>
  kit.call('POST', `/api/games/${slug}/rounds`, { token, key: randomUUID(), payload: { mode: 'real', ...body } });
const depositWithBonus = async (token: string, amount: number, bonusId: string) => {
  const created = await kit.call('POST', '/api/payments/deposits', { token, key: randomUUID(), payload: { method: 'sandbox-card', amount, bonusId } });
  if (created.statusCode !== 201) return created;
  expect((await kit.payByCard(created.json().data.redirect_url, '4242 4242 4242 4242')).statusCode).toBe(303);
  return created;
};
/** Every journal sums to zero and the house's bonus cost plus what players hold of it balances. */
async function ledgerSumsToZero() {
  const { rows } = (await t.services.database.db.execute(
    'select coalesce(sum(total), 0) as bad from (select journal_id, sum(amount) as total from ledger_entries group by journal_id having sum(amount) <> 0) j' as never,
  )) as unknown as { rows: { bad: string }[] };
  expect(Number(rows[0]!.bad)).toBe(0);
}

async function operatorDefinition(body: Record<string, unknown>) {
  const response = await kit.call('POST', '/api/admin/bonuses', { token: await kit.operator(), payload: body });
  return response;
}

describe('GET /api/bonuses', () => {
  it('lists the public offers with their terms, and the eligibility of a signed-in player', async () => {
    const guest = await kit.call('GET', '/api/bonuses');
    expect(guest.statusCode).toBe(200);
    const offers = guest.json().data as { slug: string; eligible: boolean | null; terms: { wagering_multiplier: number }; terms_text: string[] }[];
    expect(offers.map((o) => o.slug)).toEqual(expect.arrayContaining(['welcome-match', 'welcome-spins', 'weekend-reload']));
    expect(offers.map((o) => o.slug)).not.toContain('demo-chip');
    const welcome = offers.find((o) => o.slug === 'welcome-match')!;
    expect(welcome).toMatchObject({ title: '100% Match Bonus up to €500', type: 'deposit_match', eligible: null });
    expect(welcome.terms).toMatchObject({ wagering_multiplier: 10, max_bet: 5_00, match_percent: 100, max_bonus: 500_00, min_deposit: 20_00 });
    expect(welcome.terms_text.join(' ')).toContain('Wager the bonus 10 times within 30 days');
    const player = await kit.player();
    const mine = (await kit.call('GET', '/api/bonuses', { token: player.token })).json().data as typeof offers;
    expect(mine.find((o) => o.slug === 'welcome-match')!.eligible).toBe(true);
  });
});

describe('the welcome deposit match', () => {
  it('a deposit with bonusId grants 100% as bonus with 10x wagering; stakes use cash first; it converts once wagered', async () => {
    const player = await kit.player({ kyc: 'verified' });
    const created = await depositWithBonus(player.token, 100_00, 'welcome-match');
    expect(created.statusCode).toBe(201);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 100_00, bonus: 100_00, withdrawable: 100_00, balance: 200_00 });
    const [bonus] = await bonusesOf(player.token);
    expect(bonus).toMatchObject({ slug: 'welcome-match', status: 'active', amount: 100_00, balance: 100_00, wagering_required: 1000_00, wagered: 0 });

    // A stake above the max bet is refused before any money moves (on roulette: a slot spin above €5 meets the
    // responsible-gambling stake cap first, decision 0090).
    const tooBig = await spin(player.token, { bets: [{ type: 'red', amount: 6_00 }] }, 'european-roulette');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ type: 'bonus', message: 'While your bonus is active the maximum stake is €5.00 per round.' });
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 100_00, bonus: 100_00 });

    // A roulette stake counts 10%, a slot stake 100%.
    const roulette = await spin(player.token, { bets: [{ type: 'red', amount: 1_00 }] }, 'european-roulette');
    expect(roulette.statusCode).toBe(201);
    expect((await bonusesOf(player.token))[0]!.wagered).toBe(10);
    const slot = await spin(player.token, { stake: 2_00 });
    expect(slot.statusCode).toBe(201);
    expect((await bonusesOf(player.token))[0]!.wagered).toBe(2_10);
    await ledgerSumsToZero();
    // Cash is spent first: the bonus balance moves only through the wins its stakes earn.
    const wallet = await kit.wallet(player.token);
    expect(wallet.bonus).toBe(100_00);
  });

  it('refuses below the minimum deposit, a second welcome, and an unknown bonus, with 400 type bonus and no deposit', async () => {
    const player = await kit.player();
    const small = await kit.call('POST', '/api/payments/deposits', {
      token: player.token,
      key: randomUUID(),
      payload: { method: 'sandbox-card', amount: 10_00, bonusId: 'welcome-match' },
    });
    expect(small.json()).toEqual({ message: 'The minimum deposit for this bonus is €20.00.', type: 'bonus' });
    const unknown = await kit.call('POST', '/api/payments/deposits', {
      token: player.token,
      key: randomUUID(),
      payload: { method: 'sandbox-card', amount: 50_00, bonusId: 'no-such-offer' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'There is no such bonus.', type: 'bonus' });
    const reload = await operatorDefinition({
      slug: 'big-reload',
      title: 'Big reload',
      type: 'reload',
      match_percent: 50,
      max_bonus: 100_00,
      min_deposit: 60_00,
      wagering_multiplier: 5,
      once_per_player: false,
    });
    expect(reload.statusCode).toBe(201);
    const under = await kit.call('POST', '/api/payments/deposits', {
      token: player.token,
      key: randomUUID(),
      payload: { method: 'sandbox-card', amount: 50_00, bonusId: 'big-reload' },
    });
    expect(under.statusCode).toBe(400);
    expect(under.json()).toEqual({ message: 'The minimum deposit for this bonus is €60.00.', type: 'bonus' });
    expect(await bonusesOf(player.token)).toEqual([]);

    await kit.deposit(player.token, 50_00);
    const welcome = await claim(player.token, 'welcome-match');
    expect(welcome.statusCode).toBe(400);
    expect(welcome.json()).toEqual({ message: 'This offer is for your first deposit only.', type: 'bonus' });
  });
});

describe('claims, cancellation, withdrawal', () => {
  it('a claimed deposit offer waits for the deposit; cancel returns the bonus money to the house', async () => {
    const player = await kit.player({ kyc: 'verified' });
    const key = randomUUID();
    const claimed = await claim(player.token, 'welcome-match', key);
    expect(claimed.statusCode).toBe(201);
    expect(claimed.json().data).toMatchObject({ status: 'pending', amount: 0 });
    // The same key answers the same bonus.
    expect((await claim(player.token, 'welcome-match', key)).json().data.id).toBe(claimed.json().data.id);
    // A second claim while one is open is refused.
    expect((await claim(player.token, 'welcome-spins')).json()).toMatchObject({ type: 'bonus' });

    await kit.deposit(player.token, 40_00);
    const [active] = await bonusesOf(player.token);
    expect(active).toMatchObject({ status: 'active', amount: 40_00, wagering_required: 400_00 });

    const cancelled = await kit.call('POST', `/api/player/bonuses/${active!.id}/cancel`, { token: player.token });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', balance: 0 });
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 40_00, bonus: 0 });
    expect((await kit.call('POST', `/api/player/bonuses/${active!.id}/cancel`, { token: player.token })).statusCode).toBe(400);
    expect((await kit.call('POST', `/api/player/bonuses/${randomUUID()}/cancel`, { token: player.token })).statusCode).toBe(404);
    await ledgerSumsToZero();
  });

  it('a withdrawal while a bonus is active is a 409 type bonus unless forfeit_bonus is sent; then the bonus goes and the cash leaves', async () => {
    const player = await kit.player({ kyc: 'verified' });
    await depositWithBonus(player.token, 50_00, 'welcome-match');
    const body = { method: 'sandbox-crypto', amount: 20_00, address: 'bc1qexampleaddressxxxxxxxxxxxxxxxx' };
    const refused = await kit.call('POST', '/api/payments/withdrawals', { token: player.token, key: randomUUID(), payload: body });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().type).toBe('bonus');
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 50_00, bonus: 50_00 });
    const done = await kit.call('POST', '/api/payments/withdrawals', { token: player.token, key: randomUUID(), payload: { ...body, forfeit_bonus: true } });
    expect(done.statusCode).toBe(201);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 30_00, bonus: 0, pending_withdrawals: 20_00 });
    expect((await bonusesOf(player.token))[0]).toMatchObject({ status: 'forfeited', balance: 0 });
    await ledgerSumsToZero();
  });

  it('a claim needs a session, an active account and an Idempotency-Key; an unknown slug is 400 bonus', async () => {
    expect((await kit.call('POST', '/api/player/bonuses/welcome-match/claim', { key: randomUUID() })).statusCode).toBe(401);
    const inactive = await kit.player({ active: false });
    expect((await claim(inactive.token, 'welcome-match')).statusCode).toBe(403);
    const player = await kit.player();
    expect((await kit.call('POST', '/api/player/bonuses/welcome-match/claim', { token: player.token })).statusCode).toBe(400);
    expect((await claim(player.token, 'nope')).json()).toEqual({ message: 'There is no such bonus.', type: 'bonus' });
    expect((await claim(player.token, 'Bad Slug!')).statusCode).toBe(422);
    // A claim cancelled before its deposit did not use the offer up; one that started did.
    const waiting = (await claim(player.token, 'welcome-match')).json().data as Bonus;
    expect((await kit.call('POST', `/api/player/bonuses/${waiting.id}/cancel`, { token: player.token })).json().data.status).toBe('cancelled');
    expect((await claim(player.token, 'welcome-match')).statusCode).toBe(201);
    expect((await kit.call('GET', '/api/player/bonuses')).statusCode).toBe(401);
  });
});

describe('operators, no-deposit offers, free spins and conversion', () => {
  it('an operator creates an offer (wagering above the cap refused) and players see it; a change keeps granted terms', async () => {
    const operator = await kit.operator();
    expect((await kit.call('GET', '/api/admin/bonuses')).statusCode).toBe(401);
    const tooMuch = await operatorDefinition({ slug: 'greedy', title: 'Greedy', type: 'no_deposit', max_bonus: 10_00, wagering_multiplier: 35 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual({ wagering_multiplier: ['The wagering may not be more than 10 times the bonus.'] });
    const made = await operatorDefinition({
      slug: 'spring-chip',
      title: 'Spring chip',
      type: 'no_deposit',
      max_bonus: 2_00,
      wagering_multiplier: 2,
      max_conversion: 1_00,
    });
    expect(made.statusCode).toBe(201);
    expect((await operatorDefinition({ slug: 'spring-chip', title: 'Again', type: 'no_deposit', max_bonus: 2_00, wagering_multiplier: 2 })).statusCode).toBe(
      409,
    );
    const offers = (await kit.call('GET', '/api/bonuses')).json().data as { slug: string }[];
    expect(offers.map((o) => o.slug)).toContain('spring-chip');

    const player = await kit.player();
    const granted = await kit.call('POST', `/api/admin/players/${player.id}/bonuses`, { token: operator, payload: { slug: 'spring-chip' } });
    expect(granted.statusCode).toBe(201);
    expect(granted.json().data).toMatchObject({ status: 'active', amount: 2_00, wagering_required: 4_00, terms: { max_conversion: 1_00 } });
    const changed = await kit.call('PUT', '/api/admin/bonuses/spring-chip', { token: operator, payload: { wagering_multiplier: 1, retired: true } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ wagering_multiplier: 1, retired: true });
    expect((await kit.call('PUT', '/api/admin/bonuses/none-such', { token: operator, payload: { retired: true } })).statusCode).toBe(404);
    const listed = await kit.call('GET', `/api/admin/players/${player.id}/bonuses`, { token: operator });
    expect(listed.json().data[0]).toMatchObject({ wagering_required: 4_00, terms: { wagering_multiplier: 2 } });
    expect((await kit.call('GET', `/api/admin/players/999999/bonuses`, { token: operator })).statusCode).toBe(404);

    // Bonus money only: stakes come from the bonus; wagering 4 × €1 converts, capped at €1; the rest returns.
    for (let i = 0; i < 4; i++) {
      const current = (await bonusesOf(player.token))[0]!;
      if (current.status !== 'active') break;
      const wallet = await kit.wallet(player.token);
      if ((wallet.bonus as number) < 1_00) break;
      expect((await spin(player.token, { stake: 1_00 })).statusCode).toBe(201);
    }
    const after = (await bonusesOf(player.token))[0]!;
    const wallet = await kit.wallet(player.token);
    if (after.status === 'completed') {
      expect(after.converted).toBeLessThanOrEqual(1_00);
      expect(wallet.cash).toBe(after.converted);
      expect(wallet.bonus).toBe(0);
    } else {
      // The bonus money ran out before the wagering was done: nothing became cash.
      expect(wallet.cash).toBe(0);
    }
    await ledgerSumsToZero();
  });

  it('free spins: claimed at once, played with free_spin at the fixed stake, debit nothing, wins to the bonus', async () => {
    const player = await kit.player();
    const claimed = await claim(player.token, 'welcome-spins');
    expect(claimed.statusCode).toBe(201);
    expect(claimed.json().data).toMatchObject({ status: 'active', free_spins_left: 50, free_spin_stake: 20 });
    const elsewhere = await spin(player.token, { free_spin: true }, 'clockwork-comet');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().type).toBe('bonus');
    let won = 0;
    for (let i = 0; i < 5; i++) {
      const round = await spin(player.token, { free_spin: true });
      expect(round.statusCode).toBe(201);
      expect(round.json().data.stake).toBe(20);
      won += round.json().data.win as number;
    }
    const [bonus] = await bonusesOf(player.token);
    expect(bonus).toMatchObject({ free_spins_left: 45, amount: won, wagering_required: won * 10 });
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 0, bonus: won });
    // Without a bonus, free_spin is refused.
    const other = await kit.player();
    expect((await spin(other.token, { free_spin: true })).json()).toMatchObject({ type: 'bonus' });
    await ledgerSumsToZero();
  });

  it('forfeitAll and the expiry job end open bonuses and return only bonus money', async () => {
    const { bonuses } = t.services;
    const player = await kit.player();
    await kit.deposit(player.token, 30_00);
    await kit.call('POST', `/api/admin/players/${player.id}/bonuses`, { token: await kit.operator(), payload: { slug: 'demo-chip' } });
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 30_00, bonus: 5_00 });
    expect(await bonuses.forfeitAll(Number(player.id), 'self-exclusion')).toBe(1);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 30_00, bonus: 0 });
    expect(await bonuses.forfeitAll(Number(player.id), 'self-exclusion')).toBe(0);

    const late = await kit.player();
    await claim(late.token, 'demo-chip');
    expect(await bonuses.expireDue(new Date(Date.now() + 4 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect((await bonusesOf(late.token))[0]).toMatchObject({ status: 'expired' });
    expect(await kit.wallet(late.token)).toMatchObject({ bonus: 0, cash: 0 });
    expect(await bonuses.expireDue(new Date(Date.now() + 4 * 86_400_000))).toBe(0);
    await ledgerSumsToZero();
  });

  it('announces BonusUpdated on every change: the claim, a stake that moves wagering, the end', async () => {
    const player = await kit.player();
    const seen: { status: string; wagered: number }[] = [];
    const stop = t.services.events.subscribe((event) => {
      if (event.playerId === Number(player.id) && event.name === 'BonusUpdated')
        seen.push((event.data as { bonus: { status: string; wagered: number } }).bonus);
    });
    try {
      await kit.call('POST', `/api/admin/players/${player.id}/bonuses`, { token: await kit.operator(), payload: { slug: 'demo-chip' } });
      await expect.poll(() => seen.some((b) => b.status === 'active')).toBe(true);
      expect((await spin(player.token, { stake: 1_00 })).statusCode).toBe(201);
      await expect.poll(() => seen.some((b) => b.wagered === 1_00)).toBe(true);
      await t.services.bonuses.forfeitAll(Number(player.id), 'test');
      await expect.poll(() => seen.some((b) => b.status === 'forfeited' || b.status === 'completed')).toBe(true);
    } finally {
      stop();
    }
  });
});
