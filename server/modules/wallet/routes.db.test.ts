import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { DECLINING_CARD, OPERATOR_ENV, paymentsKit } from '../payments/testing.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = paymentsKit(t);

/** A bet and a win settled through the ledger as the games will: cash ↔ the house game account. */
async function playRound(playerId: string, stake: number, win: number) {
  const { ledger } = t.services;
  const accounts = await ledger.ensurePlayerAccounts(Number(playerId), 'EUR');
  const game = await ledger.houseAccount('game', 'EUR');
  const round = randomUUID();
  await ledger.transfer({
    idempotencyKey: `bet:${round}`,
    type: 'bet',
    referenceId: round,
    entries: [
      { accountId: accounts.cash.id, amount: -stake },
      { accountId: game.id, amount: stake },
    ],
  });
  if (win > 0)
    await ledger.transfer({
      idempotencyKey: `win:${round}`,
      type: 'win',
      referenceId: round,
      entries: [
        { accountId: game.id, amount: -win },
        { accountId: accounts.cash.id, amount: win },
      ],
    });
  return round;
}

const transactions = (token: string, query = '') => kit.call('GET', `/api/player/transactions${query}`, { token });

describe('GET /api/player/wallet', () => {
  it('answers zeros for a new player and needs a session', async () => {
    const player = await kit.player({ active: false });
    expect(await kit.wallet(player.token)).toEqual({
      currency: 'EUR',
      balance: 0,
      cash: 0,
      bonus: 0,
      withdrawable: 0,
      pending_withdrawals: 0,
      pending_withdrawals_count: 0,
      net_deposits: { lifetime: 0, this_month: 0 },
      has_deposited: false,
    });
    expect((await kit.call('GET', '/api/player/wallet')).statusCode).toBe(401);
  });

  it('balance is cash plus bonus; bonus money is not withdrawable', async () => {
    const player = await kit.player();
    await kit.deposit(player.token, 100_00);
    const { ledger } = t.services;
    const accounts = await ledger.ensurePlayerAccounts(Number(player.id), 'EUR');
    const bonusCost = await ledger.houseAccount('bonus_cost', 'EUR');
    await ledger.transfer({
      idempotencyKey: `bonus:${randomUUID()}`,
      type: 'bonus',
      entries: [
        { accountId: bonusCost.id, amount: -25_00 },
        { accountId: accounts.bonus.id, amount: 25_00 },
      ],
    });
    expect(await kit.wallet(player.token)).toMatchObject({ balance: 125_00, cash: 100_00, bonus: 25_00, withdrawable: 100_00 });
  });
});

describe('GET /api/player/transactions', () => {
  it('lists deposits (every status), withdrawals, bets and wins newest first, signed from the player’s side', async () => {
    const player = await kit.player({ kyc: 'verified' });
    const depositId = await kit.deposit(player.token, 100_00);
    const declined = (
      await kit.call('POST', '/api/payments/deposits', { token: player.token, key: randomUUID(), payload: { method: 'sandbox-card', amount: 20_00 } })
    ).json().data;
    await kit.payByCard(declined.redirect_url, DECLINING_CARD);
    const round = await playRound(player.id, 10_00, 35_00);
    const withdrawal = (
      await kit.call('POST', '/api/payments/withdrawals', { token: player.token, key: randomUUID(), payload: { method: 'sandbox-card', amount: 50_00 } })
    ).json().data;

    const response = await transactions(player.token);
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as {
      id: string;
      type: string;
      status: string;
      amount: number;
      currency: string;
      reference_id: string;
      created_at: string;
    }[];
    expect(rows.map((r) => [r.type, r.status, r.amount, r.reference_id])).toEqual([
      ['withdrawal', 'pending', -50_00, withdrawal.id],
      ['win', 'completed', 35_00, round],
      ['bet', 'completed', -10_00, round],
      ['deposit', 'declined', 20_00, declined.id],
      ['deposit', 'completed', 100_00, depositId],
    ]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(5);
    expect(rows.every((r) => r.currency === 'EUR' && !Number.isNaN(Date.parse(r.created_at)))).toBe(true);
    expect(response.json().meta).toEqual({ current_page: 1, per_page: 20, total: 5, last_page: 1 });

    // The withdrawal row follows its decision.
    const operator = await kit.operator();
    await kit.call('POST', `/api/admin/withdrawals/${withdrawal.id}/approve`, { token: operator });
    expect((await transactions(player.token, '?type=withdrawal')).json().data[0]).toMatchObject({ status: 'paid', amount: -50_00 });
  });

  it('filters by type, status and date range, and pages', async () => {
    const player = await kit.player();
    await kit.deposit(player.token, 100_00);
    for (let i = 0; i < 5; i++) await playRound(player.id, 1_00, i % 2 === 0 ? 2_00 : 0);
    const all = (await transactions(player.token)).json();
    expect(all.meta.total).toBe(9);
    expect((await transactions(player.token, '?type=bet')).json().data.map((r: { amount: number }) => r.amount)).toEqual([-1_00, -1_00, -1_00, -1_00, -1_00]);
    expect((await transactions(player.token, '?type=win')).json().meta.total).toBe(3);
    expect((await transactions(player.token, '?type=deposit&status=completed')).json().meta.total).toBe(1);
    expect((await transactions(player.token, '?status=declined')).json().data).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await transactions(player.token, `?from=${today}&to=${today}`)).json().meta.total).toBe(9);
    expect((await transactions(player.token, '?from=2020-01-01&to=2020-12-31')).json().meta.total).toBe(0);
    expect((await transactions(player.token, '?to=2020-12-31')).json().meta.total).toBe(0);
    expect((await transactions(player.token, '?from=2099-01-01')).json().meta.total).toBe(0);

    const page1 = (await transactions(player.token, '?per_page=4')).json();
    const page3 = (await transactions(player.token, '?per_page=4&page=3')).json();
    expect(page1.meta).toEqual({ current_page: 1, per_page: 4, total: 9, last_page: 3 });
    expect(page3.data).toHaveLength(1);
    expect([...page1.data, ...(await transactions(player.token, '?per_page=4&page=2')).json().data, ...page3.data].map((r: { id: string }) => r.id)).toEqual(
      all.data.map((r: { id: string }) => r.id),
    );
    expect((await transactions(player.token, '?page=9')).json().data).toEqual([]);
  });

  it('refuses malformed filters with a 422 that names the field', async () => {
    const player = await kit.player();
    for (const [query, field] of [
      ['?type=jackpot', 'type'],
      ['?status=lost', 'status'],
      ['?from=yesterday', 'from'],
      ['?from=2026-02-30', 'from'],
      ['?to=2026-13-01', 'to'],
      ['?from=2026-05-02&to=2026-05-01', 'to'],
      ['?page=0', 'page'],
      ['?per_page=101', 'per_page'],
      ['?page=-1', 'page'],
    ] as const) {
      const response = await transactions(player.token, query);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toEqual([field]);
    }
  });

  it('a player sees only their own rows', async () => {
    const mine = await kit.player();
    const theirs = await kit.player();
    await kit.deposit(theirs.token, 40_00);
    await playRound(theirs.id, 5_00, 0);
    expect((await transactions(mine.token)).json()).toEqual({ data: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } });
    expect((await kit.call('GET', '/api/player/transactions')).statusCode).toBe(401);
  });
});

describe('GET /api/player/transactions/export', () => {
  it('downloads the filtered history as CSV with a header row and amounts in major units', async () => {
    const player = await kit.player();
    const depositId = await kit.deposit(player.token, 12_34);
    const round = await playRound(player.id, 2_50, 0);
    const response = await kit.call('GET', '/api/player/transactions/export', { token: player.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,date,type,status,amount,currency,reference');
    expect(lines.slice(1).map((line) => line.split(',').slice(2))).toEqual([
      ['bet', 'completed', '-2.50', 'EUR', round],
      ['deposit', 'completed', '12.34', 'EUR', depositId],
    ]);
    const onlyBets = await kit.call('GET', '/api/player/transactions/export?type=bet', { token: player.token });
    expect(onlyBets.body.trimEnd().split('\r\n')).toHaveLength(2);
    expect((await kit.call('GET', '/api/player/transactions/export?type=nope', { token: player.token })).statusCode).toBe(422);
    expect((await kit.call('GET', '/api/player/transactions/export')).statusCode).toBe(401);
  });
});

describe('net deposits', () => {
  it('count completed deposits minus paid withdrawals, lifetime and this month', async () => {
    const player = await kit.player({ kyc: 'verified' });
    await kit.deposit(player.token, 200_00);
    await kit.deposit(player.token, 50_00, 'sandbox-crypto');
    const started = (
      await kit.call('POST', '/api/payments/deposits', { token: player.token, key: randomUUID(), payload: { method: 'sandbox-card', amount: 30_00 } })
    ).json().data;
    await kit.payByCard(started.redirect_url, DECLINING_CARD);
    const paid = (
      await kit.call('POST', '/api/payments/withdrawals', { token: player.token, key: randomUUID(), payload: { method: 'sandbox-card', amount: 70_00 } })
    ).json().data;
    await kit.call('POST', '/api/payments/withdrawals', { token: player.token, key: randomUUID(), payload: { method: 'sandbox-card', amount: 20_00 } });
    await kit.call('POST', `/api/admin/withdrawals/${paid.id}/approve`, { token: await kit.operator() });
    // A deposit completed last year counts for the lifetime only.
    const old = await kit.deposit(player.token, 10_00);
    await t.services.database.db.execute(sql`update deposits set completed_at = now() - interval '400 days' where id = ${old}`);
    expect((await kit.wallet(player.token)).net_deposits).toEqual({ lifetime: 190_00, this_month: 180_00 });
  });
});
