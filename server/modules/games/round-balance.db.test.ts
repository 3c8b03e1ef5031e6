// One balance per round (decisions 0045 and 0091): a round answers the balance its own transfers left and
// announces it once (BalanceUpdated, one wallet read) with the same figure; a replay announces nothing.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { gamesKit } from './testing.ts';

const t = useTestApp();
const kit = gamesKit(t);

/** Every number straight up: whatever the pocket, the round wins (a bet and a win transfer). */
const everyNumber = Array.from({ length: 37 }, (_, n) => ({ type: 'straight', numbers: [n], amount: 10 }));

/** Counts wallet reads, ledger balance reads and BalanceUpdated events of one player from the last reset on. */
function watch() {
  const { balances, ledger, events } = t.services;
  const spies = [vi.spyOn(balances, 'wallet'), vi.spyOn(ledger, 'balances'), vi.spyOn(events, 'publish')] as const;
  const [walletReads, balanceReads, published] = spies;
  const mine = (playerId: string, calls: unknown[][]) => calls.filter((call) => call[0] === Number(playerId));
  const balanceEvents = (playerId: string) =>
    (mine(playerId, published.mock.calls) as [number, string, { wallet: { balance: number } }][]).filter(([, name]) => name === 'BalanceUpdated');
  return {
    /** Wallet and balance reads of the player (an instant round's announcement reads once, just after it answers). */
    reads: (playerId: string) => mine(playerId, walletReads.mock.calls).length + mine(playerId, balanceReads.mock.calls).length,
    announced: (playerId: string) => balanceEvents(playerId).map(([, , data]) => data.wallet.balance),
    /** Waits for the player's funding to be announced, then forgets everything seen so far. */
    async fundedQuietly(playerId: string, balance: number) {
      await vi.waitFor(() => expect(balanceEvents(playerId).map(([, , data]) => data.wallet.balance)).toContain(balance));
      for (const spy of spies) spy.mockClear();
    },
  };
}

/** A funded player whose funding has been announced; counting starts after it. */
async function fundedPlayer(seen: ReturnType<typeof watch>, amount: number) {
  const player = await kit.fundedPlayer(amount);
  await seen.fundedQuietly(player.id, amount);
  return player;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('one balance per round', () => {
  it('a winning round reads the balance once and announces it once, with the balance it answers', async () => {
    const seen = watch();
    const player = await fundedPlayer(seen, 10_00);
    const response = await kit.play('european-roulette', { mode: 'real', bets: everyNumber }, { token: player.token });
    expect(response.statusCode).toBe(201);
    const round = response.json().data;
    expect(round).toMatchObject({ status: 'settled', stake: 3_70, win: 3_60, balance: 10_00 - 10 });
    // The answer's balance came from the round's transfers; the announcement reads the wallet once, with the same figure.
    await vi.waitFor(() => expect(seen.announced(player.id)).toEqual([round.balance]));
    expect(seen.reads(player.id)).toBe(1);
  });

  it('a losing slot spin and each blackjack move that moves money announce once; a hit without a win announces nothing', async () => {
    const seen = watch();
    const player = await fundedPlayer(seen, 100_00);
    const slot = (await kit.play('lantern-orchard', { mode: 'real', stake: 20 }, { token: player.token })).json().data;
    await vi.waitFor(() => expect(seen.announced(player.id)).toEqual([slot.balance]));
    expect(seen.reads(player.id)).toBe(1);

    // Deal until a hand waits for the player, then hit: the answer still carries the balance, read once.
    let hand = (await kit.play('blackjack', { mode: 'real', stake: 1_00 }, { token: player.token })).json().data;
    while (hand.status !== 'open') hand = (await kit.play('blackjack', { mode: 'real', stake: 1_00 }, { token: player.token })).json().data;
    await vi.waitFor(() => expect(seen.announced(player.id).at(-1)).toBe(hand.balance));
    const before = seen.announced(player.id).length;
    const readsBefore = seen.reads(player.id);
    const hit = (await kit.act('blackjack', hand.round_id, 'hit', { token: player.token })).json().data;
    expect(seen.reads(player.id) - readsBefore).toBe(1);
    const won = hit.status === 'settled' && hit.win > 0;
    expect(hit.balance).toBe(hand.balance + (won ? hit.win : 0));
    expect(seen.announced(player.id).slice(before)).toEqual(won ? [hit.balance] : []);
  });

  it('a replayed round answers the same balance and announces nothing new', async () => {
    const seen = watch();
    const player = await fundedPlayer(seen, 10_00);
    const key = randomUUID();
    const first = (await kit.play('european-roulette', { mode: 'real', bets: everyNumber }, { token: player.token, key })).json().data;
    const replay = await kit.play('european-roulette', { mode: 'real', bets: everyNumber }, { token: player.token, key });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().data).toMatchObject({ round_id: first.round_id, balance: first.balance });
    // The first round's announcement (one read); the replay reads the balance once and announces nothing.
    await vi.waitFor(() => expect(seen.announced(player.id)).toEqual([first.balance]));
    expect(seen.reads(player.id)).toBe(2);
    expect(seen.announced(player.id)).toEqual([first.balance]);
  });

  it('other money movements still announce through the ledger', async () => {
    const seen = watch();
    const player = await kit.player();
    await kit.fund(player.id, 5_00);
    await vi.waitFor(() => expect(seen.announced(player.id)).toEqual([5_00]));
  });
});
