import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyAction, startHandFromShoe } from '../../../games/blackjack/engine.ts';
import { blackjackView } from '../../../games/blackjack/view.ts';
import { replayRound } from '../../../games/verify.ts';
import { useTestApp } from '../../test-app.ts';
import { gamesKit } from './testing.ts';

const t = useTestApp();
const kit = gamesKit(t);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('GET /api/fairness', () => {
  it("shows the player's server seed only as its hash, a generated client seed and the next nonce", async () => {
    const player = await kit.player();
    const response = await kit.call('GET', '/api/fairness', { token: player.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      mode: 'real',
      server_seed_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      client_seed: expect.stringMatching(/^[0-9a-f]{16}$/),
      nonce: 0,
    });
    // Stable until rotated.
    expect((await kit.call('GET', '/api/fairness', { token: player.token })).json()).toEqual(response.json());
    expect(JSON.stringify(response.json())).not.toMatch(/server_seed"/);
  });

  it('answers 401 for a bad token asking for real seeds', async () => {
    expect((await kit.call('GET', '/api/fairness?mode=real')).statusCode).toBe(401);
    expect((await kit.call('GET', '/api/fairness', { token: 'nonsense' })).statusCode).toBe(401);
    expect((await kit.call('GET', '/api/fairness?mode=other')).statusCode).toBe(422);
  });
});

describe('PUT /api/fairness/client-seed', () => {
  it('sets the client seed for the next rounds; the server seed and nonce carry on', async () => {
    const player = await kit.fundedPlayer(10_00);
    const before = (await kit.call('GET', '/api/fairness', { token: player.token })).json().data;
    await kit.play('european-roulette', { mode: 'real', bets: [{ type: 'red', amount: 10 }] }, { token: player.token });
    const changed = await kit.call('PUT', '/api/fairness/client-seed', { token: player.token, payload: { client_seed: 'my lucky seed #7' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toEqual({ mode: 'real', server_seed_hash: before.server_seed_hash, client_seed: 'my lucky seed #7', nonce: 1 });
    const round = (await kit.play('european-roulette', { mode: 'real', bets: [{ type: 'red', amount: 10 }] }, { token: player.token })).json().data;
    expect(round.fairness).toEqual({ server_seed_hash: before.server_seed_hash, client_seed: 'my lucky seed #7', nonce: 1, server_seed: null });
  });

  it('accepts 1 to 64 printable characters and refuses anything else', async () => {
    const player = await kit.player();
    for (const seed of ['a', 'x'.repeat(64), '~!@#$%^&*()_+{}|:"<>?', 'two words']) {
      const response = await kit.call('PUT', '/api/fairness/client-seed', { token: player.token, payload: { client_seed: seed } });
      expect(response.statusCode, seed).toBe(200);
      expect(response.json().data.client_seed).toBe(seed);
    }
    const current = (await kit.call('GET', '/api/fairness', { token: player.token })).json().data;
    for (const seed of ['', 'x'.repeat(65), ' padded', 'padded ', 'tab\there', 'new\nline', 'ünïcödé', '🎲', 42, null, ['a']]) {
      const response = await kit.call('PUT', '/api/fairness/client-seed', { token: player.token, payload: { client_seed: seed } });
      expect(response.statusCode, JSON.stringify(seed)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['client_seed']);
    }
    expect((await kit.call('PUT', '/api/fairness/client-seed', { token: player.token, payload: {} })).statusCode).toBe(422);
    expect((await kit.call('GET', '/api/fairness', { token: player.token })).json().data).toEqual(current);
  });
});

describe('rotation: the published hash, then the reveal', () => {
  it('reveals the seed whose hash was published, and every round played with it can be recomputed with games/', async () => {
    const player = await kit.fundedPlayer(100_00);
    await kit.call('PUT', '/api/fairness/client-seed', { token: player.token, payload: { client_seed: 'verify me' } });
    const published = (await kit.call('GET', '/api/fairness', { token: player.token })).json().data.server_seed_hash;
    const rounds = [];
    for (const [slug, body] of [
      [
        'european-roulette',
        {
          mode: 'real',
          bets: [
            { type: 'corner', numbers: [17, 18, 20, 21], amount: 50 },
            { type: 'high', amount: 1_00 },
          ],
        },
      ],
      ['lantern-orchard', { mode: 'real', stake: 1_00 }],
      ['tidebound-hoard', { mode: 'real', stake: 40 }],
      ['clockwork-comet', { mode: 'real', stake: 50 }],
    ] as const) {
      const response = await kit.play(slug, body, { token: player.token });
      expect(response.statusCode).toBe(201);
      rounds.push(response.json().data);
    }
    // A blackjack hand, played to its end.
    let hand = (await kit.play('blackjack', { mode: 'real', stake: 2_00 }, { token: player.token })).json().data;
    while (hand.status === 'open') hand = (await kit.act('blackjack', hand.round_id, 'stand', { token: player.token })).json().data;
    rounds.push(hand);
    for (const round of rounds) expect(round.fairness).toMatchObject({ server_seed_hash: published, client_seed: 'verify me', server_seed: null });

    const rotation = await kit.call('POST', '/api/fairness/rotate', { token: player.token });
    expect(rotation.statusCode).toBe(200);
    const revealed = rotation.json().data;
    expect(revealed).toEqual({
      mode: 'real',
      previous_server_seed: expect.stringMatching(/^[0-9a-f]{64}$/),
      previous_server_seed_hash: published,
      server_seed_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      client_seed: 'verify me',
      nonce: 0,
    });
    expect(sha256(revealed.previous_server_seed)).toBe(published);
    expect(revealed.server_seed_hash).not.toBe(published);

    for (const round of rounds) {
      const stored = (await kit.call('GET', `/api/player/rounds/${round.round_id}`, { token: player.token })).json().data;
      expect(stored.fairness.server_seed).toBe(revealed.previous_server_seed);
      const replay = await replayRound({
        game: stored.engine,
        serverSeed: stored.fairness.server_seed,
        clientSeed: stored.fairness.client_seed,
        nonce: stored.fairness.nonce,
        request: stored.request,
      });
      expect(replay.serverSeedHash).toBe(stored.fairness.server_seed_hash);
      if (replay.kind === 'blackjack') {
        // The deal follows from the shoe, the rest from the moves taken.
        let state = startHandFromShoe({ stake: stored.request.stake, shoe: replay.outcome.shoe });
        for (const move of stored.outcome.moves as string[]) state = applyAction(state, move);
        expect({ ...blackjackView(state), moves: stored.outcome.moves }).toEqual(stored.outcome);
        expect(stored.win).toBe(state.settlement!.win);
      } else {
        expect(JSON.parse(JSON.stringify(replay.outcome))).toEqual(stored.outcome);
      }
    }
    // The new seed starts at nonce 0 and is still hidden.
    const next = (await kit.play('european-roulette', { mode: 'real', bets: [{ type: 'red', amount: 10 }] }, { token: player.token })).json().data;
    expect(next.fairness).toEqual({ server_seed_hash: revealed.server_seed_hash, client_seed: 'verify me', nonce: 0, server_seed: null });
  });

  it('is refused while a blackjack hand dealt from the seed is open (its cards would show), and allowed once it ends', async () => {
    const player = await kit.fundedPlayer(100_00);
    let hand = (await kit.play('blackjack', { mode: 'real', stake: 1_00 }, { token: player.token })).json().data;
    while (hand.status !== 'open') hand = (await kit.play('blackjack', { mode: 'real', stake: 1_00 }, { token: player.token })).json().data;
    const refused = await kit.call('POST', '/api/fairness/rotate', { token: player.token });
    expect([refused.statusCode, refused.json().type]).toEqual([409, 'round_open']);
    expect(refused.json().message).toMatch(/open blackjack hand/);
    while (hand.status === 'open') hand = (await kit.act('blackjack', hand.round_id, 'stand', { token: player.token })).json().data;
    expect((await kit.call('POST', '/api/fairness/rotate', { token: player.token })).statusCode).toBe(200);
  });

  it('rotating twice reveals each seed in turn', async () => {
    const player = await kit.player();
    const first = (await kit.call('POST', '/api/fairness/rotate', { token: player.token })).json().data;
    const second = (await kit.call('POST', '/api/fairness/rotate', { token: player.token })).json().data;
    expect(second.previous_server_seed_hash).toBe(first.server_seed_hash);
    expect(sha256(second.previous_server_seed)).toBe(first.server_seed_hash);
  });
});

describe('demo seeds', () => {
  it('a guest gets a seed set of the demo session, changeable and rotatable like a player’s', async () => {
    const first = await kit.call('GET', '/api/fairness');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ mode: 'demo', nonce: 0 });
    const cookie = kit.demoCookie(first);
    const seeds = first.json().data;
    expect((await kit.call('GET', '/api/fairness', { headers: { cookie } })).json().data).toEqual(seeds);
    const round = (await kit.play('european-roulette', { mode: 'demo', bets: [{ type: 'red', amount: 1_00 }] }, { cookie })).json().data;
    expect(round.fairness).toEqual({ server_seed_hash: seeds.server_seed_hash, client_seed: seeds.client_seed, nonce: 0, server_seed: null });
    const changed = await kit.call('PUT', '/api/fairness/client-seed', { headers: { cookie }, payload: { client_seed: 'guest seed' } });
    expect(changed.json().data).toEqual({ ...seeds, client_seed: 'guest seed', nonce: 1 });
    const rotated = (await kit.call('POST', '/api/fairness/rotate', { headers: { cookie } })).json().data;
    expect(sha256(rotated.previous_server_seed)).toBe(seeds.server_seed_hash);
    expect(rotated).toMatchObject({ mode: 'demo', client_seed: 'guest seed', nonce: 0 });
    const replay = await replayRound({
      game: 'european-roulette',
      serverSeed: rotated.previous_server_seed,
      clientSeed: seeds.client_seed,
      nonce: 0,
      request: round.request,
    });
    expect(replay).toMatchObject({ kind: 'roulette', outcome: { pocket: round.outcome.pocket } });
    // A signed-in player may ask for their demo seeds explicitly.
    const player = await kit.player();
    expect((await kit.call('GET', '/api/fairness?mode=demo', { token: player.token, headers: { cookie } })).json().data.server_seed_hash).toBe(
      rotated.server_seed_hash,
    );
  });
});
