import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Aggregator } from './aggregator.ts';
import { BET_STEPS, UNIT } from './play.ts';
import {
  type FakeWallet,
  openSession,
  WALLET_TIMEOUT_MS,
  operatorCall,
  playCall,
  sessionOf,
  startFakeWallet,
  startTestAggregator,
  UUID_V4,
} from './testing.ts';

let wallet: FakeWallet;
let aggregator: Aggregator;
const OPENING = 100 * UNIT;

beforeAll(async () => {
  wallet = await startFakeWallet({ balance: OPENING });
  aggregator = await startTestAggregator(wallet.url, { seed: 'play-tests' });
});
afterAll(async () => {
  await aggregator.close();
  await wallet.close();
});
beforeEach(() => {
  wallet.calls.length = 0;
  wallet.intercept = undefined;
});
afterEach(() => {
  // Every call the aggregator made carried a valid signature by its key.
  expect(wallet.calls.every((call) => call.signatureValid)).toBe(true);
});

const paths = () => wallet.calls.map((call) => call.path);
const callsTo = (path: string) => wallet.calls.filter((call) => call.path === path);
/** Spins until the outcome is a win (or a loss), so a test can rely on a non-zero (or zero) win amount. */
async function spinUntil(session: string, wanted: 'win' | 'loss', bet = BET_STEPS[3]) {
  for (let i = 0; i < 200; i++) {
    wallet.calls.length = 0;
    const answer = await playCall(aggregator, session, 'spin', { bet });
    if (!answer.ok) throw new Error(JSON.stringify(answer));
    if (answer.win > 0 === (wanted === 'win')) return answer;
  }
  throw new Error(`no ${wanted} in 200 spins`);
}

describe('session start', () => {
  it('calls user/info once, then user/balance, and shows the wallet balance', async () => {
    const session = await openSession(aggregator, 'start-user');
    const state = await playCall(aggregator, session, 'state');
    expect(state).toMatchObject({ ok: true, mode: 'real', currency: 'EUR', balance: OPENING, bets: BET_STEPS, freebets: [] });
    expect(paths()).toEqual(['/user/info', '/user/balance']);
    expect(callsTo('/user/info')[0]!.body).toEqual({ user: 'start-user', request_uuid: expect.stringMatching(UUID_V4) });
    expect(callsTo('/user/balance')[0]!.body).toEqual({
      user: 'start-user',
      token: expect.any(String),
      game_code: 'crp_copper_clover',
      request_uuid: expect.stringMatching(UUID_V4),
    });
    await playCall(aggregator, session, 'state');
    expect(paths()).toEqual(['/user/info', '/user/balance', '/user/balance']);
  });

  it('tells the player when the wallet does not answer', async () => {
    const session = await openSession(aggregator, 'start-down');
    wallet.intercept = () => ({ httpStatus: 503 });
    expect(await playCall(aggregator, session, 'state')).toMatchObject({ ok: false, error: 'wallet_unavailable' });
  });
});

describe('a real-money spin', () => {
  it('sends bet then win, with the fields Hub88 sends, and shows the balance the wallet reports', async () => {
    const session = await openSession(aggregator, 'spin-user');
    await playCall(aggregator, session, 'state');
    const answer = await spinUntil(session, 'win');
    expect(paths()).toEqual(['/transaction/bet', '/transaction/win']);
    const [bet, win] = wallet.calls.map((call) => call.body);
    expect(bet).toEqual({
      user: 'spin-user',
      token: expect.any(String),
      game_code: 'crp_copper_clover',
      supplier_user: 'spin-user',
      round: answer.round,
      currency: 'EUR',
      is_free: false,
      is_aggregated: false,
      bet: expect.any(String),
      transaction_uuid: expect.stringMatching(UUID_V4),
      supplier_transaction_id: expect.any(String),
      round_closed: false,
      amount: BET_STEPS[3],
      request_uuid: expect.stringMatching(UUID_V4),
    });
    expect(win).toEqual({
      ...bet,
      transaction_uuid: expect.stringMatching(UUID_V4),
      supplier_transaction_id: expect.any(String),
      request_uuid: expect.stringMatching(UUID_V4),
      reference_transaction_uuid: bet!.transaction_uuid,
      round_closed: true,
      amount: answer.win,
    });
    expect(win!.transaction_uuid).not.toBe(bet!.transaction_uuid);
    expect(win!.request_uuid).not.toBe(bet!.request_uuid);
    expect(answer.win).toBe(answer.multiplier * BET_STEPS[3]!);
    expect(answer).toMatchObject({ ok: true, free: false, winPending: false, balance: wallet.balances.get('spin-user') });
    expect(answer.reels).toHaveLength(3);
    expect(answer.line).toEqual(answer.reels.map((reel: string[]) => reel[1]));
  });

  it('closes a losing round with a win of amount 0', async () => {
    const session = await openSession(aggregator, 'loss-user');
    const answer = await spinUntil(session, 'loss');
    expect(paths()).toEqual(['/transaction/bet', '/transaction/win']);
    const [bet, win] = wallet.calls;
    expect(win!.body).toMatchObject({ amount: 0, round_closed: true, round: answer.round, reference_transaction_uuid: bet!.body.transaction_uuid });
    expect(answer.balance).toBe((bet!.answer!.body as { balance: number }).balance);
    expect(answer.balance).toBe(wallet.balances.get('loss-user'));
  });

  it('answers one spin at a time per session and refuses bets that are not offered', async () => {
    const session = await openSession(aggregator, 'busy-user');
    wallet.intercept = (call) => (call.path === '/transaction/bet' ? { delayMs: 100 } : undefined);
    const [first, second] = await Promise.all([
      playCall(aggregator, session, 'spin', { bet: BET_STEPS[0] }),
      playCall(aggregator, session, 'spin', { bet: BET_STEPS[0] }),
    ]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    expect([first, second].find((answer) => !answer.ok)).toMatchObject({ error: 'busy' });
    expect(await playCall(aggregator, session, 'spin', { bet: 12345 })).toMatchObject({ ok: false, error: 'bad_bet' });
    const response = await fetch(`${aggregator.url}/play/${session}/spin`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(415);
  });
});

describe('failures, handled as Hub88 does', () => {
  it('retries a win after a timeout with the same transaction_uuid, and the wallet books it once', async () => {
    const session = await openSession(aggregator, 'retry-user');
    await playCall(aggregator, session, 'state');
    let answer: Awaited<ReturnType<typeof spinUntil>>;
    do {
      aggregator.injectFaults({ winTimeouts: 2 }, session);
      wallet.calls.length = 0;
      answer = await playCall(aggregator, session, 'spin', { bet: BET_STEPS[2] });
    } while (answer.win === 0);
    const wins = callsTo('/transaction/win');
    expect(wins).toHaveLength(3);
    expect(new Set(wins.map((call) => call.body.transaction_uuid)).size).toBe(1);
    expect(new Set(wins.map((call) => call.body.request_uuid)).size).toBe(3);
    expect(wins.map((call) => ({ ...call.body, request_uuid: null }))).toEqual(Array(3).fill({ ...wins[0]!.body, request_uuid: null }));
    expect(answer).toMatchObject({ ok: true, winPending: false, balance: wallet.balances.get('retry-user') });
    const recorded = aggregator.wallet.calls.filter((call) => call.path === '/transaction/win').slice(-3);
    expect(recorded.map((call) => Boolean(call.forcedTimeout))).toEqual([true, true, false]);
  });

  it('retries a win answered with HTTP 5xx or a real timeout, then keeps retrying in the background', async () => {
    const session = await openSession(aggregator, 'outage-user');
    // Each winning round's win fails at first: 502, then no answer within the aggregator's timeout, then 500 twice; the
    // fifth attempt is booked. (Wins of 0 go through, so losing spins are quick.)
    const attempts = new Map<unknown, number>();
    wallet.intercept = (call) => {
      if (call.path !== '/transaction/win' || call.body.amount === 0) return undefined;
      const attempt = (attempts.get(call.body.transaction_uuid) ?? 0) + 1;
      attempts.set(call.body.transaction_uuid, attempt);
      if (attempt === 1) return { httpStatus: 502 };
      if (attempt === 2) return { delayMs: WALLET_TIMEOUT_MS + 300 };
      if (attempt <= 4) return { httpStatus: 500, body: { status: 'RS_ERROR_UNKNOWN' } };
      return undefined;
    };
    let answer: Awaited<ReturnType<typeof spinUntil>>;
    do answer = await playCall(aggregator, session, 'spin', { bet: BET_STEPS[1] });
    while (answer.win === 0);
    // Three attempts while the player waits, none confirmed: the answer says the win is pending.
    expect(answer).toMatchObject({ ok: true, winPending: true, message: expect.stringMatching(/credited/) });
    const transaction = callsTo('/transaction/win').at(-1)!.body.transaction_uuid;
    await expect.poll(() => aggregator.play.deliveries.find((delivery) => delivery.transaction_uuid === transaction)?.state, { timeout: 5000 }).toBe('settled');
    const wins = callsTo('/transaction/win').filter((call) => call.body.transaction_uuid === transaction);
    expect(wins.length).toBe(5);
    expect(wins.at(-1)!.answer).toMatchObject({ httpStatus: 200, body: { status: 'RS_OK' } });
  });

  it('rolls back a bet that errors (HTTP 500), referencing it, and tells the player nothing was charged', async () => {
    const session = await openSession(aggregator, 'bet-error-user');
    const before = wallet.balances.get('bet-error-user') ?? OPENING;
    wallet.intercept = (call) => (call.path === '/transaction/bet' ? { httpStatus: 500 } : undefined);
    const answer = await playCall(aggregator, session, 'spin', { bet: BET_STEPS[3] });
    expect(answer).toMatchObject({ ok: false, error: 'bet_failed', message: expect.stringMatching(/nothing was charged/) });
    expect(paths()).toEqual(['/transaction/bet', '/transaction/rollback', '/user/balance']);
    const [bet, rollback] = wallet.calls.map((call) => call.body);
    expect(rollback).toEqual({
      user: 'bet-error-user',
      token: bet!.token,
      game_code: 'crp_copper_clover',
      supplier_user: 'bet-error-user',
      round: bet!.round,
      transaction_uuid: expect.stringMatching(UUID_V4),
      supplier_transaction_id: expect.any(String),
      reference_transaction_uuid: bet!.transaction_uuid,
      round_closed: true,
      request_uuid: expect.stringMatching(UUID_V4),
    });
    expect(rollback!.transaction_uuid).not.toBe(bet!.transaction_uuid);
    expect(wallet.balances.get('bet-error-user') ?? OPENING).toBe(before);
  });

  it('rolls back a bet that timed out (the wallet booked it), and the money comes back', async () => {
    const session = await openSession(aggregator, 'bet-timeout-user');
    await playCall(aggregator, session, 'state');
    aggregator.injectFaults({ betTimeout: true }, session);
    wallet.calls.length = 0;
    const answer = await playCall(aggregator, session, 'spin', { bet: BET_STEPS[4] });
    expect(answer).toMatchObject({ ok: false, error: 'bet_failed', balance: OPENING });
    expect(paths()).toEqual(['/transaction/bet', '/transaction/rollback', '/user/balance']);
    expect(callsTo('/transaction/bet')[0]!.answer?.body).toMatchObject({ status: 'RS_OK' });
    expect(wallet.balances.get('bet-timeout-user')).toBe(OPENING);
  });

  it('rolls back a bet answered with an error status, and retries the rollback with the same transaction_uuid', async () => {
    const session = await openSession(aggregator, 'bet-status-user');
    let rollbacks = 0;
    wallet.intercept = (call) => {
      if (call.path === '/transaction/bet') return { body: { status: 'RS_ERROR_UNKNOWN', request_uuid: call.body.request_uuid } };
      if (call.path === '/transaction/rollback' && ++rollbacks === 1) return { httpStatus: 503 };
      return undefined;
    };
    const answer = await playCall(aggregator, session, 'spin', { bet: BET_STEPS[0] });
    expect(answer).toMatchObject({ ok: false, error: 'bet_failed' });
    const sent = callsTo('/transaction/rollback');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body.transaction_uuid).toBe(sent[1]!.body.transaction_uuid);
    expect(sent[0]!.body.request_uuid).not.toBe(sent[1]!.body.request_uuid);
  });

  it('sends the rollback before the late bet when the test hook asks, and the wallet refuses the bet', async () => {
    const session = await openSession(aggregator, 'reorder-user');
    aggregator.injectFaults({ rollbackBeforeBet: true }, session);
    const answer = await playCall(aggregator, session, 'spin', { bet: BET_STEPS[3] });
    expect(answer).toMatchObject({ ok: false, error: 'bet_failed', balance: OPENING });
    expect(paths()).toEqual(['/transaction/rollback', '/transaction/bet', '/user/balance']);
    const [rollback, bet] = wallet.calls;
    expect(rollback!.body.reference_transaction_uuid).toBe(bet!.body.transaction_uuid);
    expect(bet!.answer?.body).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' });
    expect(wallet.balances.get('reorder-user')).toBe(OPENING);
  });

  it('shows RS_ERROR_NOT_ENOUGH_MONEY to the player and sends no rollback', async () => {
    const session = await openSession(aggregator, 'poor-user');
    wallet.balances.set('poor-user', BET_STEPS[0]!);
    const answer = await playCall(aggregator, session, 'spin', { bet: BET_STEPS[3] });
    expect(answer).toEqual({ ok: false, error: 'not_enough_money', message: expect.stringMatching(/Not enough money/), balance: BET_STEPS[0] });
    expect(paths()).toEqual(['/transaction/bet']);
  });

  it('ends the session for an expired token (after rolling the bet back)', async () => {
    const session = await openSession(aggregator, 'expired-user');
    wallet.intercept = (call) =>
      call.path === '/transaction/bet' ? { body: { status: 'RS_ERROR_TOKEN_EXPIRED', request_uuid: call.body.request_uuid } } : undefined;
    const answer = await playCall(aggregator, session, 'spin', { bet: BET_STEPS[0] });
    expect(answer).toMatchObject({ ok: false, error: 'session_expired', message: expect.stringMatching(/open it again/) });
    expect(paths()).toContain('/transaction/rollback');
  });
});

describe('demo mode', () => {
  it('plays with fun money and never calls the wallet', async () => {
    const { json } = await operatorCall(aggregator, 'game/url', { game_code: 'crp_lantern_drift', currency: 'XXX', platform: 'GPL_DESKTOP' });
    const session = sessionOf((json as { url: string }).url);
    const state = await playCall(aggregator, session, 'state');
    expect(state).toMatchObject({ ok: true, mode: 'demo', currency: 'XXX', balance: 1000 * UNIT, freebets: [] });
    let balance = state.balance;
    for (let i = 0; i < 20; i++) {
      const answer = await playCall(aggregator, session, 'spin', { bet: BET_STEPS[2] });
      expect(answer.ok).toBe(true);
      expect(answer.balance).toBe(balance - BET_STEPS[2]! + answer.win);
      balance = answer.balance;
    }
    expect(await playCall(aggregator, session, 'spin', { reward_uuid: 'x' })).toMatchObject({ ok: false, error: 'no_freebets' });
    expect(wallet.calls).toEqual([]);
  });
});

describe('free spins from the Freebets API', () => {
  it('bets with the reward_uuid, amount 0 and is_free, pays the win in real money, and counts the spins down', async () => {
    const prepaid = (
      (await operatorCall(aggregator, 'freebet/prepaids/list', { game_code: 'crp_copper_clover' })).json as { prepaid_uuid: string; currency: string }[]
    ).find((candidate) => candidate.currency === 'EUR')!;
    const created = await operatorCall(aggregator, 'freebet/rewards/create', {
      user: 'free-user',
      prepaid_uuid: prepaid.prepaid_uuid,
      bet_value: 50_000,
      bet_count: 2,
    });
    const reward = created.json as { reward_uuid: string };
    const session = await openSession(aggregator, 'free-user');
    const state = await playCall(aggregator, session, 'state');
    expect(state.freebets).toEqual([{ reward_uuid: reward.reward_uuid, left: 2, bet_value: 50_000, end_time: expect.any(String) }]);

    wallet.calls.length = 0;
    const first = await playCall(aggregator, session, 'spin', { reward_uuid: reward.reward_uuid });
    expect(first).toMatchObject({ ok: true, free: true, bet: 50_000, win: first.multiplier * 50_000 });
    const [bet, win] = wallet.calls.map((call) => call.body);
    expect(bet).toMatchObject({ is_free: true, reward_uuid: reward.reward_uuid, amount: 0, round_closed: false });
    expect(win).toMatchObject({
      is_free: true,
      reward_uuid: reward.reward_uuid,
      amount: first.win,
      reference_transaction_uuid: bet!.transaction_uuid,
      round_closed: true,
    });
    expect(first.freebets).toEqual([expect.objectContaining({ left: 1 })]);

    // A free bet whose bet fails is given back.
    wallet.intercept = (call) => (call.path === '/transaction/bet' ? { httpStatus: 500 } : undefined);
    expect(await playCall(aggregator, session, 'spin', { reward_uuid: reward.reward_uuid })).toMatchObject({
      ok: false,
      freebets: [expect.objectContaining({ left: 1 })],
    });
    wallet.intercept = undefined;

    expect(await playCall(aggregator, session, 'spin', { reward_uuid: reward.reward_uuid })).toMatchObject({ ok: true, free: true, freebets: [] });
    expect(await playCall(aggregator, session, 'spin', { reward_uuid: reward.reward_uuid })).toMatchObject({ ok: false, error: 'freebet_unavailable' });
    const listed = (await operatorCall(aggregator, 'freebet/rewards/list', { reward_uuid: reward.reward_uuid })).json as { status: string }[];
    expect(listed[0]!.status).toBe('FRS_USED');
  });

  it('does not let another player, game or currency use a reward', async () => {
    const prepaid = (
      (await operatorCall(aggregator, 'freebet/prepaids/list', { game_code: 'crp_copper_clover' })).json as { prepaid_uuid: string; currency: string }[]
    ).find((candidate) => candidate.currency === 'EUR')!;
    const reward = (
      await operatorCall(aggregator, 'freebet/rewards/create', { user: 'owner-user', prepaid_uuid: prepaid.prepaid_uuid, bet_value: 50_000, bet_count: 1 })
    ).json as { reward_uuid: string };
    const other = await openSession(aggregator, 'other-user');
    expect(await playCall(aggregator, other, 'spin', { reward_uuid: reward.reward_uuid })).toMatchObject({ ok: false, error: 'freebet_unavailable' });
    const otherGame = await openSession(aggregator, 'owner-user', { game_code: 'crp_tide_pool_trio' });
    expect(await playCall(aggregator, otherGame, 'spin', { reward_uuid: reward.reward_uuid })).toMatchObject({ ok: false, error: 'freebet_unavailable' });
    const otherCurrency = await openSession(aggregator, 'owner-user', { currency: 'USD' });
    expect(await playCall(aggregator, otherCurrency, 'spin', { reward_uuid: reward.reward_uuid })).toMatchObject({ ok: false, error: 'freebet_unavailable' });
  });
});

describe('test hooks over HTTP', () => {
  it('are served only when enabled', async () => {
    expect((await fetch(`${aggregator.url}/__test/wallet-calls`)).status).toBe(404);
    const hooked = await startTestAggregator(wallet.url, { testHooks: true });
    try {
      const session = await openSession(hooked, 'hook-user');
      const set = await fetch(`${hooked.url}/__test/faults`, { method: 'POST', body: JSON.stringify({ session, win_timeouts: 1 }) });
      expect(await set.json()).toEqual({ ok: true, faults: { betTimeout: false, rollbackBeforeBet: false, winTimeouts: 1 } });
      await playCall(hooked, session, 'spin', { bet: BET_STEPS[0] });
      const calls = (await (await fetch(`${hooked.url}/__test/wallet-calls`)).json()) as { path: string; forcedTimeout?: boolean }[];
      expect(calls.map((call) => [call.path, Boolean(call.forcedTimeout)])).toEqual([
        ['/transaction/bet', false],
        ['/transaction/win', true],
        ['/transaction/win', false],
      ]);
    } finally {
      await hooked.close();
    }
  });
});
