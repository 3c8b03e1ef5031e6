// Free rounds on Hub88's games (docs/decisions/0100): a free spins bonus whose game is Hub88's becomes a Hub88 reward
// (Freebets API) when the player claims it, once per bonus; the spins are played on the aggregator's page, their bets
// move no money and their wins reach the player's balance. A refusal at Hub88 cancels the bonus.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startAggregator } from '../../../aggregator/aggregator.ts';
import { gamesKit } from '../games/testing.ts';
import { useAppWithReferenceAggregator } from './testing.ts';

const { t, aggregator } = useAppWithReferenceAggregator(startAggregator, {
  // Only EUR prepaids: a wallet in another currency gets none.
  currencies: ['EUR'],
  walletTimeoutMs: 10_000,
  seed: 'free-rounds',
});
const kit = gamesKit(t);

async function ready() {
  await t.services.providers.syncGames('operator');
  await t.services.catalog.providerGames.update('hub88', 'copper-clover', { enabled: true });
  t.services.catalog.invalidate();
}

describe('free rounds', () => {
  it('are granted at Hub88 once per reference, in the wallet’s currency and at the stake asked', async () => {
    await ready();
    const player = await kit.fundedPlayer(0);
    const grant = { playerId: Number(player.id), reference: `test:${randomUUID()}`, gameCode: 'crp_copper_clover', count: 5, betValue: 20 };
    const first = await t.services.providers.freeRounds.grant(grant);
    const again = await t.services.providers.freeRounds.grant(grant);
    expect(first).toMatchObject({ status: 'active', count: 5, bet_value: 20, game_code: 'crp_copper_clover' });
    expect(again).toEqual(first);
    const user = await t.services.providers.userReference(Number(player.id));
    const rewards = aggregator().freebets.list({ user });
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ status: 'FRS_ACTIVE', bet_count: 5, bet_value: 20_000, currency: 'EUR', game_code: 'crp_copper_clover' });
    expect(await t.services.providers.freeRounds.of(Number(player.id))).toEqual([first]);
  });

  it('a free spins bonus on a Hub88 game becomes Hub88 free rounds: played on its page, they pay wins into the balance', async () => {
    await t.services.bonuses.createDefinition({
      slug: 'clover-spins',
      title: 'Ten spins on Copper Clover',
      type: 'free_spins',
      free_spins: 10,
      free_spin_game: 'copper-clover',
      free_spin_stake: 50,
      wagering_multiplier: 0,
    });
    const player = await kit.fundedPlayer(10_00);
    const claimed = await kit.call('POST', '/api/player/bonuses/clover-spins/claim', { token: player.token, key: randomUUID() });
    expect(claimed.statusCode, claimed.body).toBe(201);
    // The spins are Hub88's now: nothing is left to play on our side, and the bonus is done.
    expect(claimed.json().data).toMatchObject({ slug: 'clover-spins', status: 'completed', free_spins_left: 0 });
    expect(await t.services.providers.freeRounds.of(Number(player.id))).toMatchObject([{ status: 'active', count: 10, bet_value: 50 }]);

    const launched = await kit.call('POST', '/api/games/copper-clover/launch', { token: player.token, payload: { mode: 'real' } });
    const url = launched.json().data.url as string;
    const state = (await (await fetch(`${url}/state`)).json()) as { freebets: { reward_uuid: string; left: number }[] };
    expect(state.freebets).toMatchObject([{ left: 10 }]);
    let won = 0;
    for (let i = 0; i < 3; i++) {
      const spin = (await (
        await fetch(`${url}/spin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ reward_uuid: state.freebets[0]!.reward_uuid }),
        })
      ).json()) as { ok: boolean; free: boolean; win: number };
      expect(spin).toMatchObject({ ok: true, free: true });
      won += spin.win / 1_000;
    }
    // A free bet costs nothing; its win is the player's.
    expect((await kit.wallet(player.token)).balance).toBe(10_00 + won);
    const bets = aggregator().wallet.calls.filter((call) => call.path === '/transaction/bet' && call.request.is_free === true);
    expect(bets).toHaveLength(3);
    for (const bet of bets) expect(bet.request).toMatchObject({ amount: 0, reward_uuid: state.freebets[0]!.reward_uuid });
    // The player's bonus screen: the game by name, the rounds its reward has left, the stake, the end.
    const [shown] = await t.services.providers.freeRounds.forPlayer(Number(player.id));
    expect(shown).toMatchObject({
      game: { name: 'Copper Clover', slug: 'copper-clover', playable: true },
      rounds: 10,
      rounds_left: 7,
      bet_value: 50,
      currency: 'EUR',
      status: 'active',
    });
    // Switched off, the game is still named but not offered; after its end the rounds are expired.
    await t.services.catalog.providerGames.update('hub88', 'copper-clover', { enabled: false });
    const later = new Date(Date.now() + 400 * 86_400_000);
    const [ended] = await t.services.providers.freeRounds.forPlayer(Number(player.id), later);
    expect(ended).toMatchObject({ game: { name: 'Copper Clover', playable: false }, status: shown!.expires_at ? 'expired' : 'active' });
    await t.services.catalog.providerGames.update('hub88', 'copper-clover', { enabled: true });
    t.services.catalog.invalidate();
  });

  it('a game Hub88 has no prepaid for in the wallet’s currency refuses the grant, and the bonus is cancelled', async () => {
    await t.services.bonuses.createDefinition({
      slug: 'drift-spins',
      title: 'Spins on Lantern Drift',
      type: 'free_spins',
      free_spins: 3,
      free_spin_game: 'lantern-drift',
      free_spin_stake: 10,
      wagering_multiplier: 0,
    });
    const player = await kit.fundedPlayer(0);
    // Lantern Drift has EUR prepaids; another currency's wallet would not. Asked at a stake Hub88 fixed otherwise:
    const prepaid = aggregator().freebets.prepaids.find((row) => row.game_code === 'crp_lantern_drift')!;
    prepaid.bet_value = 999_000;
    const claimed = await kit.call('POST', '/api/player/bonuses/drift-spins/claim', { token: player.token, key: randomUUID() });
    expect(claimed.statusCode).toBe(409);
    const bonuses = (await kit.call('GET', '/api/player/bonuses', { token: player.token })).json().data as { slug: string; status: string }[];
    expect(bonuses.find((bonus) => bonus.slug === 'drift-spins')).toMatchObject({ status: 'cancelled' });
    expect(await t.services.providers.freeRounds.of(Number(player.id))).toMatchObject([{ status: 'failed' }]);
    expect(await t.services.providers.freeRounds.forPlayer(Number(player.id))).toMatchObject([
      { game: { name: 'Lantern Drift' }, rounds: 3, rounds_left: 0, bet_value: 10, status: 'failed' },
    ]);
  });
});

describe('wagering contribution per game', () => {
  it('weighs a provider game’s stakes toward bonus wagering, on top of its category’s contribution', async () => {
    await t.services.catalog.providerGames.update('hub88', 'copper-clover', { wageringContribution: 40 });
    t.services.catalog.invalidate();
    await t.services.bonuses.createDefinition({
      slug: 'slot-chip',
      title: 'A chip for the slots',
      type: 'no_deposit',
      max_bonus: 10_00,
      wagering_multiplier: 10,
      contributions: { slots: 100 },
    });
    const player = await kit.fundedPlayer(0);
    expect((await kit.call('POST', '/api/player/bonuses/slot-chip/claim', { token: player.token, key: randomUUID() })).statusCode).toBe(201);
    const launched = await kit.call('POST', '/api/games/copper-clover/launch', { token: player.token, payload: { mode: 'real' } });
    const url = launched.json().data.url as string;
    await fetch(`${url}/state`);
    const spin = await fetch(`${url}/spin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ bet: 100_000 }) });
    expect(((await spin.json()) as { ok: boolean }).ok).toBe(true);
    const bonuses = (await kit.call('GET', '/api/player/bonuses', { token: player.token })).json().data as { slug: string; wagered: number }[];
    // A stake of 1.00 on a slot that counts 100 %, on a game weighed at 40 %: 0.40 of wagering.
    expect(bonuses.find((bonus) => bonus.slug === 'slot-chip')).toMatchObject({ wagered: 40 });
  });
});
