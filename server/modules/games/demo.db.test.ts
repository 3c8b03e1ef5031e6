import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { ledgerJournals } from '../ledger/schema.ts';
import { gameRounds } from './schema.ts';
import { gamesKit } from './testing.ts';

const t = useTestApp();
const kit = gamesKit(t);

async function stored() {
  const { db } = t.services.database;
  const [journals] = await db.select({ n: count() }).from(ledgerJournals);
  const [rounds] = await db.select({ n: count() }).from(gameRounds);
  return { journals: journals!.n, rounds: rounds!.n };
}

describe('demo play', () => {
  it('a guest plays in 1,000.00 fun credits kept in the session; nothing reaches the ledger or the rounds table', async () => {
    const before = await stored();
    const wallet = await kit.call('GET', '/api/demo/wallet');
    expect(wallet.json()).toEqual({ data: { balance: 1_000_00, currency: 'FUN' } });
    const cookie = kit.demoCookie(wallet);
    expect(wallet.cookies.find((c) => c.name === 'demo_session')).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
    let balance = 1_000_00;
    for (let i = 0; i < 5; i++) {
      const response = await kit.play('tidebound-hoard', { mode: 'demo', stake: 2_00 }, { cookie, key: null });
      expect(response.statusCode).toBe(201);
      expect(response.cookies.find((c) => c.name === 'demo_session')).toBeUndefined();
      const round = response.json().data;
      expect(round).toMatchObject({ mode: 'demo', currency: 'FUN', status: 'settled', stake: 2_00, fairness: { nonce: i } });
      balance += round.win - 2_00;
      expect(round.balance).toBe(balance);
    }
    expect((await kit.call('GET', '/api/demo/wallet', { headers: { cookie } })).json().data.balance).toBe(balance);
    expect(await stored()).toEqual(before);
  });

  it('applies the same rules and limits, refuses stakes above the fun balance, and resets it', async () => {
    const first = await kit.play('european-roulette', { mode: 'demo', bets: [{ type: 'straight', numbers: [3], amount: 25_01 }] }, { key: null });
    expect(first.statusCode).toBe(422);
    expect(Object.keys(first.json().errors)).toEqual(['bets.0.amount']);
    const cookie = kit.demoCookie(await kit.call('GET', '/api/demo/wallet'));
    // Open blackjack hands at the table maximum hold their stakes until the credits cannot cover another.
    let refused: Awaited<ReturnType<typeof kit.play>> | undefined;
    for (let i = 0; i < 200 && !refused; i++) {
      const response = await kit.play('blackjack', { mode: 'demo', stake: 500_00 }, { cookie, key: null });
      if (response.statusCode !== 201) refused = response;
    }
    expect(refused?.statusCode).toBe(422);
    expect(refused?.json().errors).toEqual({ stake: ['Your demo balance is too low for this stake. Reset it to play on.'] });
    const reset = await kit.call('POST', '/api/demo/wallet/reset', { headers: { cookie } });
    expect(reset.json()).toEqual({ data: { balance: 1_000_00, currency: 'FUN' } });
  });

  it('replays a round played with the same Idempotency-Key and refuses another body with it', async () => {
    const cookie = kit.demoCookie(await kit.call('GET', '/api/demo/wallet'));
    const key = randomUUID();
    const first = await kit.play('clockwork-comet', { mode: 'demo', stake: 1_00 }, { cookie, key });
    const again = await kit.play('clockwork-comet', { mode: 'demo', stake: 1_00 }, { cookie, key });
    expect(again.json().data).toEqual(first.json().data);
    const other = await kit.play('clockwork-comet', { mode: 'demo', stake: 2_00 }, { cookie, key });
    expect([other.statusCode, other.json().type]).toEqual([409, 'idempotency']);
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => kit.play('clockwork-comet', { mode: 'demo', stake: 50 }, { cookie, key: 'same-again' })),
    );
    expect(new Set(concurrent.map((r) => r.json().data.round_id)).size).toBe(1);
  });

  it('a cookie naming no live session starts a new one', async () => {
    const response = await kit.call('GET', '/api/demo/wallet', { headers: { cookie: 'demo_session=forged-or-expired-value' } });
    expect(response.json().data.balance).toBe(1_000_00);
    expect(kit.demoCookie(response)).not.toBe('demo_session=forged-or-expired-value');
  });

  it('is open to not-activated players but not to blocked ones', async () => {
    const inactive = await kit.player({ active: false });
    expect((await kit.play('lantern-orchard', { mode: 'demo', stake: 20 }, { token: inactive.token, key: null })).statusCode).toBe(201);
    const blocked = await kit.player({ blocked: true });
    const refused = await kit.play('lantern-orchard', { mode: 'demo', stake: 20 }, { token: blocked.token, key: null });
    expect([refused.statusCode, refused.json()]).toEqual([423, { message: 'Your account is blocked.', type: 'blocked' }]);
  });
});
