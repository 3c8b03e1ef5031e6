// The limits where they meet the other areas (docs/decisions/0090-cross-area-wiring.md): bonus claims and grants
// refused during an exclusion, open bonuses forfeited when one starts (cash untouched), a deposit that claims a
// bonus held to the deposit limit, and crash bets behind the same guard as every stake.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { STRONG_PASSWORD } from '../accounts/testing.ts';
import { gamesKit } from '../games/testing.ts';
import { OPERATOR_ENV } from '../payments/testing.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = gamesKit(t);
type Player = { id: string; token: string };

const claim = (player: Player, slug: string) => kit.call('POST', `/api/player/bonuses/${slug}/claim`, { token: player.token, key: randomUUID() });
const bonusesOf = async (player: Player) =>
  (await kit.call('GET', '/api/player/bonuses', { token: player.token })).json().data as { slug: string; status: string; balance: number }[];
const timeOut = (player: Player) => kit.call('POST', '/api/player/time-out', { token: player.token, payload: { days: 1, password: STRONG_PASSWORD } });

describe('bonuses during an exclusion', () => {
  it('a time-out forfeits the open bonus and leaves the cash; claims and operator grants are refused until it ends', async () => {
    const player = await kit.fundedPlayer(30_00);
    const claimed = await claim(player, 'demo-chip');
    expect(claimed.statusCode, claimed.body).toBeLessThan(300);
    expect((await bonusesOf(player)).find((bonus) => bonus.slug === 'demo-chip')?.status).toBe('active');
    const before = await kit.wallet(player.token);
    expect(before.bonus).toBeGreaterThan(0);

    expect((await timeOut(player)).statusCode).toBe(200);
    expect((await bonusesOf(player)).find((bonus) => bonus.slug === 'demo-chip')?.status).toBe('forfeited');
    const after = await kit.wallet(player.token);
    expect(after.bonus).toBe(0);
    expect(after.cash).toBe(before.cash);

    const refused = await claim(player, 'welcome-match');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().type).toBe('excluded');
    const granted = await kit.call('POST', `/api/admin/players/${player.id}/bonuses`, { token: await kit.operator(), payload: { slug: 'demo-chip' } });
    expect(granted.statusCode).toBe(403);
    expect(granted.json().type).toBe('excluded');
    expect((await bonusesOf(player)).filter((bonus) => bonus.status === 'active' || bonus.status === 'pending')).toEqual([]);
  });
});

describe('a deposit that claims a bonus', () => {
  it('is held to the deposit limit before the bonus or any gateway is involved', async () => {
    const player = await kit.fundedPlayer(0);
    expect((await kit.call('PUT', '/api/player/limits', { token: player.token, payload: { type: 'deposit', period: 'day', amount: 20_00 } })).statusCode).toBe(
      200,
    );
    const refused = await kit.call('POST', '/api/payments/deposits', {
      token: player.token,
      key: randomUUID(),
      payload: { method: 'sandbox-card', amount: 100_00, bonusId: 'welcome-match' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: 'limit', limit: { type: 'deposit', period: 'day', amount: 20_00 } });
    expect(await bonusesOf(player)).toEqual([]);
  });
});

describe('crash bets', () => {
  it('are refused during a time-out, before any money moves', async () => {
    const player = await kit.fundedPlayer(10_00);
    expect((await timeOut(player)).statusCode).toBe(200);
    const bet = await kit.call('POST', '/api/crash/bets', { token: player.token, key: randomUUID(), payload: { stake: 1_00 } });
    expect(bet.statusCode).toBe(403);
    expect(bet.json().type).toBe('excluded');
    expect((await kit.wallet(player.token)).cash).toBe(10_00);
  });

  it('count toward the wager limit like any stake', async () => {
    const player = await kit.fundedPlayer(10_00);
    expect((await kit.call('PUT', '/api/player/limits', { token: player.token, payload: { type: 'wager', period: 'day', amount: 50 } })).statusCode).toBe(200);
    const bet = await kit.call('POST', '/api/crash/bets', { token: player.token, key: randomUUID(), payload: { stake: 1_00 } });
    expect(bet.statusCode).toBe(403);
    expect(bet.json()).toMatchObject({ type: 'limit', limit: { type: 'wager', period: 'day' } });
  });
});
