// A real round's Idempotency-Key: a replay answers the round played, another body under the key is a conflict
// (split from rounds.db.test.ts).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { gamesKit } from './testing.ts';

const t = useTestApp();
const kit = gamesKit(t);

describe('idempotency', () => {
  it('a replay with the same key and body answers the same round and moves nothing; another body is a 409', async () => {
    const player = await kit.fundedPlayer(20_00);
    const key = randomUUID();
    const body = { mode: 'real', bets: [{ type: 'split', numbers: [20, 17], amount: 1_00 }] };
    const first = await kit.play('european-roulette', body, { token: player.token, key });
    expect(first.statusCode).toBe(201);
    const after = await kit.snapshot(player);
    // Numbers in another order are the same bet.
    const replay = await kit.play(
      'european-roulette',
      { mode: 'real', bets: [{ type: 'split', numbers: [17, 20], amount: 1_00 }] },
      { token: player.token, key },
    );
    expect(replay.statusCode).toBe(201);
    const { balance: _a, ...firstRound } = first.json().data;
    const { balance: _b, ...replayed } = replay.json().data;
    expect(replayed).toEqual(firstRound);
    for (const [slug, other] of [
      ['european-roulette', { mode: 'real', bets: [{ type: 'split', numbers: [17, 18], amount: 1_00 }] }],
      ['european-roulette', { mode: 'real', bets: [{ type: 'red', amount: 2_00 }] }],
      ['lantern-orchard', { mode: 'real', stake: 1_00 }],
    ] as const) {
      const conflict = await kit.play(slug, other, { token: player.token, key });
      expect([conflict.statusCode, conflict.json()]).toEqual([
        409,
        { message: 'This Idempotency-Key was already used with a different request.', type: 'idempotency' },
      ]);
    }
    expect(await kit.snapshot(player)).toEqual(after);
  });

  it('a retry answers the round played even when the limits would refuse its stake now; a new key is refused', async () => {
    const player = await kit.fundedPlayer(20_00);
    const key = randomUUID();
    const body = { mode: 'real', bets: [{ type: 'red', amount: 1_00 }] };
    const first = await kit.play('european-roulette', body, { token: player.token, key });
    expect(first.statusCode).toBe(201);
    // A first limit applies at once: the day's wager of 1.00 is used up by the round just played.
    const limit = await kit.call('PUT', '/api/player/limits', { token: player.token, payload: { type: 'wager', period: 'day', amount: 1_00 } });
    expect(limit.statusCode).toBe(200);
    const after = await kit.snapshot(player);
    const retry = await kit.play('european-roulette', body, { token: player.token, key });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.round_id).toBe(first.json().data.round_id);
    const another = await kit.play('european-roulette', body, { token: player.token });
    expect([another.statusCode, another.json().type]).toEqual([403, 'limit']);
    expect(await kit.snapshot(player)).toEqual(after);
  });

  it('keys are per player', async () => {
    const a = await kit.fundedPlayer(10_00);
    const b = await kit.fundedPlayer(10_00);
    const key = randomUUID();
    const body = { mode: 'real', stake: 20 };
    const first = (await kit.play('lantern-orchard', body, { token: a.token, key })).json().data;
    const second = (await kit.play('lantern-orchard', body, { token: b.token, key })).json().data;
    expect(second.round_id).not.toBe(first.round_id);
  });
});
