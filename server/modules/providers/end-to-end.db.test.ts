// The whole path of an aggregator's game (docs/decisions/0100), with the reference aggregator in-process and our server
// on a real port: the player launches the game, the aggregator's page asks for its state and spins, the aggregator
// sends its signed bet and win to our Wallet API, and the player's balance, history and balance events follow.
import { describe, expect, it } from 'vitest';
import { startAggregator } from '../../../aggregator/aggregator.ts';
import { gamesKit } from '../games/testing.ts';
import { useAppWithReferenceAggregator } from './testing.ts';

const { t, aggregator } = useAppWithReferenceAggregator(startAggregator, {
  walletTimeoutMs: 10_000,
});
const kit = gamesKit(t);

type Spin = { ok: boolean; bet: number; win: number; balance: number; round: string; message: string | null };

async function page<T>(url: string, action: 'state' | 'spin', body?: unknown): Promise<T> {
  const response = await fetch(`${url}/${action}`, {
    method: action === 'spin' ? 'POST' : 'GET',
    headers: action === 'spin' ? { 'content-type': 'application/json' } : {},
    body: action === 'spin' ? JSON.stringify(body) : undefined,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('a provider game, end to end', () => {
  it('launch, spin: the signed bet and win reach our wallet, and the balance and the history change', async () => {
    await t.services.providers.syncGames('operator');
    await t.services.catalog.providerGames.update('hub88', 'copper-clover', { enabled: true });
    t.services.catalog.invalidate();
    const player = await kit.fundedPlayer(50_00);
    const events: unknown[] = [];
    const unsubscribe = t.services.events.subscribe((event) => {
      if (event.playerId === Number(player.id) && event.name === 'BalanceUpdated') events.push(event.data);
    });

    const launched = await kit.call('POST', '/api/games/copper-clover/launch', { token: player.token, payload: { mode: 'real' } });
    expect(launched.statusCode, launched.body).toBe(200);
    const url = launched.json().data.url as string;
    expect(url.startsWith(aggregator().publicUrl)).toBe(true);

    // The page opens: the aggregator asks our wallet who the player is and what they hold (Hub88 units).
    const state = await page<{ ok: boolean; balance: number; currency: string }>(url, 'state');
    expect(state).toMatchObject({ ok: true, balance: 50_00 * 1_000, currency: t.config.defaultCurrency });

    // Three spins of 1.00: each a bet and a win (of 0 when it loses) through our Wallet API.
    const spins: Spin[] = [];
    for (let i = 0; i < 3; i++) spins.push(await page<Spin>(url, 'spin', { bet: 100_000 }));
    for (const spin of spins) expect(spin, spin.message ?? '').toMatchObject({ ok: true, bet: 100_000 });
    const won = spins.reduce((sum, spin) => sum + spin.win, 0) / 1_000;
    const expected = 50_00 - 3 * 1_00 + won;
    expect(spins.at(-1)!.balance).toBe(expected * 1_000);

    const wallet = await kit.wallet(player.token);
    expect(wallet.balance).toBe(expected);
    const history = (await kit.call('GET', '/api/player/transactions?per_page=50', { token: player.token })).json().data as {
      type: string;
      amount: number;
      reference: string | null;
    }[];
    const bets = history.filter((row) => row.type === 'bet');
    expect(bets).toHaveLength(3);
    for (const row of bets) expect(row).toMatchObject({ amount: -1_00 });
    expect(history.filter((row) => row.type === 'win').reduce((sum, row) => sum + row.amount, 0)).toBe(won);
    expect(history.some((row) => JSON.stringify(row).includes('Copper Clover'))).toBe(true);

    // Every call was signed by the aggregator and answered RS_OK; the rounds are closed.
    const calls = aggregator().wallet.calls;
    expect(calls.filter((call) => call.path === '/transaction/bet')).toHaveLength(3);
    expect(calls.every((call) => call.outcome.kind === 'response' && (call.outcome.body as { status?: string }).status === 'RS_OK')).toBe(true);
    expect(await t.services.providers.openRounds(0)).toEqual([]);
    // The header heard the balance move.
    await expect.poll(() => events.length).toBeGreaterThanOrEqual(3);
    unsubscribe();
  });
});
