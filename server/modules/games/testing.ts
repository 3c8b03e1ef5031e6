// Test support for the games suites: funded players, rounds played over HTTP, and a look at everything a round
// may touch (wallet, ledger, rounds, nonce) so a refused request can be shown to have changed nothing.
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../test-app.ts';
import { ledgerEntries } from '../ledger/schema.ts';
import { paymentsKit } from '../payments/testing.ts';
import { gameRounds } from './schema.ts';

export function gamesKit(t: TestApp) {
  const kit = paymentsKit(t);

  /** Credits the player's cash as a completed deposit would, straight through the ledger. */
  async function fund(playerId: string, amount: number): Promise<void> {
    const { ledger, config } = t.services;
    const accounts = await ledger.ensurePlayerAccounts(Number(playerId), config.defaultCurrency);
    const clearing = await ledger.houseAccount('payment_clearing', config.defaultCurrency);
    await ledger.transfer({
      idempotencyKey: `test-funding:${randomUUID()}`,
      type: 'deposit',
      entries: [
        { accountId: clearing.id, amount: -amount },
        { accountId: accounts.cash.id, amount },
      ],
    });
  }

  /** An active player holding `amount` of cash. */
  async function fundedPlayer(amount = 100_00, state: { active?: boolean; blocked?: boolean } = {}) {
    const player = await kit.player(state);
    if (amount > 0) await fund(player.id, amount);
    return player;
  }

  type PlayOptions = { token?: string; key?: string | null; cookie?: string };
  function play(slug: string, body: unknown, { token, key = randomUUID(), cookie }: PlayOptions = {}) {
    return kit.call('POST', `/api/games/${slug}/rounds`, {
      token,
      ...(key ? { key } : {}),
      payload: body,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  }
  function act(slug: string, roundId: string, action: unknown, { token, key = randomUUID(), cookie }: PlayOptions = {}) {
    return kit.call('POST', `/api/games/${slug}/rounds/${roundId}/actions`, {
      token,
      ...(key ? { key } : {}),
      payload: { action },
      ...(cookie ? { headers: { cookie } } : {}),
    });
  }

  /** Everything a real round could change for this player: wallet, ledger entries, rounds, the house and the nonce. */
  async function snapshot(player: { id: string; token: string }) {
    const { ledger, config, database, games } = t.services;
    const accounts = await ledger.ensurePlayerAccounts(Number(player.id), config.defaultCurrency);
    const [entries] = await database.db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.accountId, accounts.cash.id));
    const [rounds] = await database.db
      .select({ n: count() })
      .from(gameRounds)
      .where(eq(gameRounds.playerId, Number(player.id)));
    return {
      wallet: await kit.wallet(player.token),
      cashEntries: entries!.n,
      rounds: rounds!.n,
      house: await ledger.houseBalance('game', config.defaultCurrency),
      nonce: (await games.fairness.seeds(Number(player.id))).nonce,
    };
  }

  /** The `demo_session=…` cookie a response set, to send back as the browser would. */
  function demoCookie(response: { cookies: { name: string; value: string }[] }): string {
    const cookie = response.cookies.find((c) => c.name === 'demo_session');
    expect(cookie, 'a demo_session cookie').toBeDefined();
    return `demo_session=${cookie!.value}`;
  }

  return { ...kit, fund, fundedPlayer, play, act, snapshot, demoCookie };
}
