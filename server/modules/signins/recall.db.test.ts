// Issue 33 §7: the player recalls a blackjack hand's steps over HTTP, with their sessions' net results; the
// linking's crowd rule as a property.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startHandFromShoe } from '../../../games/blackjack/engine.ts';
import { useTestApp } from '../../test-app.ts';
import { gameRounds } from '../games/schema.ts';
import { gamesKit } from '../games/testing.ts';
import { commonValuesDropped, type FoundLink, MAX_SHARING_PLAYERS } from './links.ts';

const t = useTestApp();
const kit = gamesKit(t);

describe('game-round recall', () => {
  it("shows the last hand's steps in order (deal, hit, stand, hands, dealer) with its result, and the session's net", async () => {
    const player = await kit.fundedPlayer(20_00);
    let round: { round_id: string; status: string };
    do {
      round = (await kit.play('blackjack', { mode: 'real', stake: 1_00 }, { token: player.token })).json().data;
    } while (round.status !== 'open');
    // Dealing order: player, dealer up, player, dealer hole, then the draws.
    const state = startHandFromShoe({ stake: 1_00, shoe: ['9h', '6c', '7d', 'Tc', '2s', 'Kc'] });
    await t.services.database.db.update(gameRounds).set({ state }).where(eq(gameRounds.id, round.round_id));
    expect((await kit.act('blackjack', round.round_id, 'hit', { token: player.token })).statusCode).toBe(200);
    expect((await kit.act('blackjack', round.round_id, 'stand', { token: player.token })).statusCode).toBe(200);

    const response = await kit.call('GET', '/api/player/recall', { token: player.token });
    expect(response.statusCode, response.body).toBe(200);
    const { rounds, sessions } = response.json().data;
    expect(rounds[0]).toMatchObject({ id: round.round_id, source: 'game', game_name: 'Blackjack', status: 'settled', stake: 1_00, win: 2_00 });
    const texts = (rounds[0].steps as { text: string }[]).map((step) => step.text);
    expect(texts.slice(0, 4)).toEqual(['Stake', 'Dealt: your 9♥ 7♦; dealer shows 6♣', 'You hit', 'You stood']);
    expect(texts[4]).toMatch(/^Your hand: 9♥ 7♦ 2♠ \(18\)/);
    expect(texts[5]).toBe('Dealer: 6♣ 10♣ K♣ (26)');
    expect(texts[6]).toBe('You won €1.00 (€2.00 paid on a €1.00 stake)');
    // Every round so far, newest first, at most ten; the session in progress has no end yet.
    expect(rounds.length).toBeLessThanOrEqual(10);
    expect(sessions[0]).toMatchObject({ ended_at: null, net: expect.any(Number), currency: 'EUR' });
    expect(sessions[0].net).toBe(sessions[0].wins - sessions[0].stakes);
  });

  it('lists the last game and the nine before it, newest first', async () => {
    const player = await kit.fundedPlayer(50_00);
    for (let i = 0; i < 12; i += 1) {
      const played = await kit.play('european-roulette', { mode: 'real', bets: [{ type: 'red', amount: 1_00 }] }, { token: player.token });
      expect(played.statusCode).toBe(201);
    }
    const { rounds } = (await kit.call('GET', '/api/player/recall', { token: player.token })).json().data;
    expect(rounds).toHaveLength(10);
    const times = rounds.map((round: { played_at: string }) => round.played_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(rounds[0].game_name).not.toBe('european-roulette');
  });
});

describe('linking: a value shared by many players links no one', () => {
  const link = fc.record({
    otherPlayerId: fc.integer({ min: 1, max: 12 }),
    reason: fc.constantFrom<FoundLink['reason']>('device', 'payment', 'address', 'phone', 'ip'),
    detail: fc.constantFrom('a', 'b', 'c'),
  });
  it('keeps exactly the links whose value at most MAX_SHARING_PLAYERS other players share', () => {
    fc.assert(
      fc.property(fc.array(link, { maxLength: 60 }), (found) => {
        const kept = commonValuesDropped(found);
        const sharers = (item: FoundLink) =>
          new Set(found.filter((other) => other.reason === item.reason && other.detail === item.detail).map((other) => other.otherPlayerId)).size;
        expect(kept).toEqual(found.filter((item) => sharers(item) <= MAX_SHARING_PLAYERS));
      }),
      { seed: 33 },
    );
  });
});
