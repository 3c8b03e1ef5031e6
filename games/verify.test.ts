import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startHand } from './blackjack/engine.ts';
import { SHUFFLE_FLOATS } from './blackjack/shoe.ts';
import { gameCatalogue, gameInfo } from './catalogue.ts';
import { fairFloats } from './fairness.ts';
import { playSlotRound, slotRoundFloatCount } from './slots/round.ts';
import { SLOT_TITLES } from './slots/catalogue.ts';
import { replayRound } from './verify.ts';

const serverSeed = 'b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfef';
const clientSeed = 'my-own-seed';

describe('replaying a round', () => {
  it('recomputes a roulette spin from the first float of HMAC block 0', async () => {
    const bets = [
      { type: 'straight', numbers: [7], amount: 10 },
      { type: 'red', amount: 10 },
    ];
    const replay = await replayRound({ game: 'european-roulette', serverSeed, clientSeed, nonce: 3, request: { bets } });
    const block = createHmac('sha256', serverSeed).update(`${clientSeed}:3:0`).digest();
    const pocket = Math.floor((block.readUInt32BE(0) / 2 ** 32) * 37);
    expect(replay.serverSeedHash).toBe(createHash('sha256').update(serverSeed).digest('hex'));
    expect(replay.kind).toBe('roulette');
    if (replay.kind !== 'roulette') return;
    expect(replay.outcome.pocket).toBe(pocket);
    expect(replay.outcome.stake).toBe(20);
    await expect(
      replayRound({ game: 'european-roulette', serverSeed, clientSeed, nonce: 3, request: { bets: [{ type: 'split', numbers: [1, 9], amount: 1 }] } }),
    ).rejects.toThrow(/not a split/);
  });

  it('recomputes a slot round with its free spins from consecutive floats', async () => {
    for (const title of SLOT_TITLES) {
      for (const nonce of [0, 1, 2]) {
        const replay = await replayRound({ game: title.slug, serverSeed, clientSeed, nonce, request: { stake: 200 } });
        const floats = await fairFloats(serverSeed, clientSeed, nonce, slotRoundFloatCount(title));
        expect(replay).toMatchObject({ kind: 'slot', outcome: playSlotRound(title, 200, floats) });
      }
    }
    // Nonce 0 on Lantern Orchard awards ten free spins: spin k takes floats 5k..5k+4.
    const replay = await replayRound({ game: 'lantern-orchard', serverSeed, clientSeed, nonce: 0, request: { stake: 200 } });
    if (replay.kind !== 'slot') throw new Error('expected a slot replay');
    expect(replay.outcome.freeSpins).toHaveLength(10);
    expect(replay.outcome.floatsUsed).toBe(55);
    const block = createHmac('sha256', serverSeed).update(`${clientSeed}:0:0`).digest();
    const next = createHmac('sha256', serverSeed).update(`${clientSeed}:0:1`).digest();
    const floatAt = (i: number) => (i < 8 ? block : next).readUInt32BE((i % 8) * 4) / 2 ** 32;
    const stripLengths = SLOT_TITLES[0]!.reels.free.map((strip) => strip.length);
    expect(replay.outcome.freeSpins[0]!.stops).toEqual(stripLengths.map((length, reel) => Math.floor(floatAt(5 + reel) * length)));
    await expect(replayRound({ game: 'lantern-orchard', serverSeed, clientSeed, nonce: 0, request: {} })).rejects.toThrow(/stake/);
    await expect(replayRound({ game: 'lantern-orchard', serverSeed, clientSeed, nonce: 0, request: { stake: 30 } })).rejects.toThrow(/multiple of 20/);
  });

  it('returns the blackjack shoe and the deal the engine used', async () => {
    const replay = await replayRound({ game: 'blackjack', serverSeed, clientSeed, nonce: 9 });
    const state = startHand({ stake: 100, floats: await fairFloats(serverSeed, clientSeed, 9, SHUFFLE_FLOATS) });
    expect(replay.kind).toBe('blackjack');
    if (replay.kind !== 'blackjack') return;
    expect(replay.outcome.shoe).toEqual(state.shoe);
    expect(replay.outcome.player).toEqual(state.hands[0]!.cards.slice(0, 2));
    expect(replay.outcome.dealer).toEqual(state.dealer.slice(0, 2));
  });

  it('refuses games it does not know', async () => {
    await expect(replayRound({ game: 'space-poker', serverSeed, clientSeed, nonce: 0 })).rejects.toThrow(/Unknown game/);
  });
});

describe('the catalogue', () => {
  it('describes every game with rules, a paytable, RTP to two decimals, volatility and stakes', () => {
    const games = gameCatalogue();
    expect(games.map((game) => game.slug)).toEqual([
      'european-roulette',
      'blackjack',
      'lantern-orchard',
      'clockwork-comet',
      'tidebound-hoard',
      'dice',
      'mines',
      'plinko',
      'crash',
    ]);
    for (const game of games) {
      expect(game.rules.length).toBeGreaterThan(2);
      expect(game.paytable.length).toBeGreaterThan(2);
      expect(Number(game.rtpPercent.toFixed(2))).toBe(game.rtpPercent);
      expect(game.rtpPercent).toBeGreaterThan(90);
      expect(game.rtpPercent).toBeLessThan(100);
      expect(game.stake.min).toBeLessThan(game.stake.max);
      expect(JSON.parse(JSON.stringify(game))).toEqual(game);
    }
    expect(gameInfo('tidebound-hoard')).toMatchObject({ kind: 'slot', volatility: 'high', rtpPercent: 94.37 });
    expect(gameInfo('european-roulette')?.paytable[0]).toMatchObject({ type: 'straight', payout: '35:1' });
  });
});

describe('replaying an original', () => {
  it('recomputes dice, plinko and a mines board from the round floats', async () => {
    const [f0] = await fairFloats(serverSeed, clientSeed, 4, 1);
    const dice = await replayRound({ game: 'dice', serverSeed, clientSeed, nonce: 4, request: { stake: 100, target: 50.5, direction: 'over' } });
    expect(dice).toMatchObject({ kind: 'dice', outcome: { roll: Math.floor(f0! * 10_001) / 100, chance: 49.5 } });
    const floats = await fairFloats(serverSeed, clientSeed, 5, 12);
    const plinko = await replayRound({ game: 'plinko', serverSeed, clientSeed, nonce: 5, request: { stake: 100, rows: 12, risk: 'high' } });
    if (plinko.kind !== 'plinko') throw new Error('expected a plinko replay');
    expect(plinko.outcome.path.join('')).toBe(floats.map((f) => (f >= 0.5 ? 'R' : 'L')).join(''));
    const mines = await replayRound({ game: 'mines', serverSeed, clientSeed, nonce: 6, request: { stake: 100, mines: 5 } });
    if (mines.kind !== 'mines') throw new Error('expected a mines replay');
    expect(mines.outcome.minePositions).toHaveLength(5);
    await expect(replayRound({ game: 'dice', serverSeed, clientSeed, nonce: 4, request: { stake: 100, target: 99, direction: 'under' } })).rejects.toThrow(
      /under/,
    );
    await expect(replayRound({ game: 'plinko', serverSeed, clientSeed, nonce: 4, request: { stake: 100, rows: 20, risk: 'low' } })).rejects.toThrow(/rows/);
  });
});
