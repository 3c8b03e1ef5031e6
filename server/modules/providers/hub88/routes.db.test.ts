// The Hub88 Wallet API over HTTP (docs/decisions/0096-hub88-seamless-wallet.md): the signature before anything,
// every status Hub88 publishes for operators and when it is answered, replays, and what a transaction leaves in the
// player's history, limits, loyalty points and balance events.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { redoclyProblems } from '../../../http/test-openapi-lint.ts';
import { createTestApp, useTestApp } from '../../../test-app.ts';
import { players } from '../../accounts/schema.ts';
import { providerSessions, providerTransactions } from '../schema.ts';
import { hub88Env, hub88Kit, rsaKeyPair, SLOT_GAME, units } from '../testing.ts';
import { hub88Endpoints } from './routes.ts';
import { signBody } from './signature.ts';

const aggregator = rsaKeyPair();
const operator = rsaKeyPair();
// The operator's own slot cap (MAX_SLOT_STAKE): the default profile has no statutory one (docs/decisions/0120).
const t = useTestApp(hub88Env(aggregator, operator, { MAX_SLOT_STAKE: '500' }));
const kit = hub88Kit(t, aggregator);

const rowsOf = (uuid: string) =>
  t.services.database.db
    .select()
    .from(providerTransactions)
    .where(and(eq(providerTransactions.provider, 'hub88'), eq(providerTransactions.transactionUuid, uuid)));

describe('the signature', () => {
  it('is checked over the raw bytes before anything is read: missing, from another key, or over a changed body, nothing happens', async () => {
    const player = await kit.player(10_00);
    const bet = kit.body.bet(player, 1_00);
    const raw = JSON.stringify(bet);
    const changed = raw.replace('"amount":100000', '"amount":100001');
    expect(changed).not.toBe(raw);
    const attempts = [
      await kit.call('/transaction/bet', bet, { signature: null }),
      await kit.call('/transaction/bet', bet, { signature: signBody(operator.privateKey, raw) }),
      await kit.call('/transaction/bet', bet, { raw: changed, signature: signBody(aggregator.privateKey, raw) }),
      // One byte of whitespace the JSON parser would not mind.
      await kit.call('/transaction/bet', bet, { raw: `${raw} `, signature: signBody(aggregator.privateKey, raw) }),
      await kit.call('/transaction/bet', bet, { signature: 'bm90IGEgc2lnbmF0dXJl' }),
    ];
    for (const { statusCode, answer } of attempts) {
      expect(statusCode).toBe(200);
      expect(answer).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: bet.request_uuid });
    }
    expect(await kit.balance(player.id)).toBe(10_00);
    expect(await rowsOf(bet.transaction_uuid)).toEqual([]);
    // Signed as sent, the same bet goes through.
    expect((await kit.call('/transaction/bet', bet)).answer.status).toBe('RS_OK');
  });

  it('guards every Wallet API path, first', async () => {
    const routes = t.app.registeredRoutes.filter((route) => route.url.startsWith('/api/hub88/') && route.method === 'POST');
    expect(routes.map((route) => route.url).sort()).toEqual(
      ['/api/hub88/transaction/bet', '/api/hub88/transaction/rollback', '/api/hub88/transaction/win', '/api/hub88/user/balance', '/api/hub88/user/info'].sort(),
    );
    for (const route of routes) {
      expect(route.guards).toEqual(['hub88Signed']);
      const { answer } = await kit.call(route.url.replace('/api/hub88', '') as '/user/info', { request_uuid: 'r-1' }, { signature: null });
      expect(answer).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: 'r-1' });
    }
  });
});

describe('the API reference', () => {
  it('documents each Wallet API call from its endpoint object: its id, the request Hub88 sends, its signature for security', async () => {
    type Operation = { operationId?: string; summary?: string; security?: unknown; requestBody?: unknown; responses: Record<string, unknown> };
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.components.securitySchemes.hub88Signature).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Hub88-Signature' }));
    for (const endpoint of Object.values(hub88Endpoints)) {
      const operation = document.paths[endpoint.path]?.post;
      expect(operation, endpoint.path).toEqual(expect.objectContaining({ operationId: endpoint.operationId, summary: endpoint.summary }));
      expect(operation?.requestBody, endpoint.path).toBeDefined();
      expect(operation?.security, endpoint.path).toEqual([{ hub88Signature: [] }]);
      expect(Object.keys(operation?.responses ?? {}), endpoint.path).toEqual(expect.arrayContaining(['200', '422', '4XX']));
    }
  });

  it("passes Redocly's recommended rules with the Wallet API in it", async () => {
    expect(await redoclyProblems((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body)).toEqual([]);
  });
});

describe('user/info and user/balance', () => {
  it('answer the player by their opaque reference, never their id', async () => {
    const player = await kit.player(12_34);
    // Random, made once: the same for every launch of the player's, unrelated to their id.
    expect(player.user).toMatch(/^[0-9a-f]{24}$/);
    expect(await t.services.providers.userReference(player.id)).toBe(player.user);
    expect((await t.services.providers.createLaunchToken(player.id, 'dice', 'EUR')).user).toBe(player.user);
    expect((await kit.player(0)).user).not.toBe(player.user);
    const request_uuid = randomUUID();
    const info = await kit.call('/user/info', { user: player.user, request_uuid });
    expect(info.statusCode).toBe(200);
    expect(info.answer).toMatchObject({ user: player.user, status: 'RS_OK', request_uuid, country: 'MT', birth_date: '1990-12-10' });
    expect(info.answer.registration_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const balance = await kit.call('/user/balance', { user: player.user, request_uuid, token: player.token, game_code: 'european-roulette' });
    expect(balance.answer).toEqual({ user: player.user, status: 'RS_OK', request_uuid, currency: 'EUR', balance: units(12_34) });
  });

  it('answer RS_ERROR_UNKNOWN for a user we do not know, and RS_ERROR_INVALID_TOKEN for a token that is not theirs', async () => {
    const [player, other] = [await kit.player(1_00), await kit.player(1_00)];
    expect((await kit.call('/user/info', { user: 'nobody-we-know', request_uuid: 'a' })).answer).toEqual({ status: 'RS_ERROR_UNKNOWN', request_uuid: 'a' });
    expect((await kit.call('/user/balance', { user: 'nobody-we-know', request_uuid: 'b' })).answer).toEqual({ status: 'RS_ERROR_UNKNOWN', request_uuid: 'b' });
    expect((await kit.call('/user/balance', { user: player.user, request_uuid: 'c', token: other.token })).answer).toEqual({
      status: 'RS_ERROR_INVALID_TOKEN',
      request_uuid: 'c',
    });
  });
});

describe('requests Hub88 would not send', () => {
  it('answer RS_ERROR_WRONG_SYNTAX (not JSON, a field missing, an amount that is negative or not whole cents) and RS_ERROR_WRONG_TYPES', async () => {
    const player = await kit.player(10_00);
    const bet = kit.body.bet(player, 1_00);
    const { request_uuid } = bet;
    const status = async (body: unknown, raw?: string) => (await kit.call('/transaction/bet', body, raw === undefined ? {} : { raw })).answer;
    expect(await status(null, '{"user":')).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX' });
    expect(await status(null, '[1,2]')).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX' });
    expect(await status({ ...bet, token: undefined })).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX', request_uuid });
    expect(await status({ ...bet, amount: null })).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX', request_uuid });
    expect(await status({ ...bet, amount: -units(1_00) })).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX', request_uuid });
    expect(await status({ ...bet, amount: units(1_00) + 1 })).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX', request_uuid });
    expect(await status({ ...bet, amount: '100000' })).toEqual({ status: 'RS_ERROR_WRONG_TYPES', request_uuid });
    expect(await status({ ...bet, amount: 100000.5 })).toEqual({ status: 'RS_ERROR_WRONG_TYPES', request_uuid });
    expect(await status({ ...bet, user: 12345 })).toEqual({ status: 'RS_ERROR_WRONG_TYPES', request_uuid });
    expect(await status({ ...bet, is_free: 'no' })).toEqual({ status: 'RS_ERROR_WRONG_TYPES', request_uuid });
    expect(await status({ ...bet, round: 'a\u0000b' })).toEqual({ status: 'RS_ERROR_WRONG_TYPES', request_uuid });
    expect(await kit.balance(player.id)).toBe(10_00);
    expect(await rowsOf(bet.transaction_uuid)).toEqual([]);
  });

  it('answer RS_ERROR_INVALID_PARTNER for a sub-partner that is not us', async () => {
    const player = await kit.player(10_00);
    const bet = kit.body.bet(player, 1_00, { sub_partner_id: 'another-casino' });
    expect((await kit.call('/transaction/bet', bet)).answer).toEqual({ status: 'RS_ERROR_INVALID_PARTNER', request_uuid: bet.request_uuid });
    expect(await kit.balance(player.id)).toBe(10_00);
  });
});

describe('a bet', () => {
  it('is taken once from cash to the house’s provider account, answered with the balance, and a repeat answers it again', async () => {
    const player = await kit.player(10_00);
    const bet = kit.body.bet(player, 2_50);
    const houseBefore = await t.services.ledger.houseBalance('provider', 'EUR');
    const first = await kit.call('/transaction/bet', bet);
    expect(first.answer).toEqual({ user: player.user, status: 'RS_OK', request_uuid: bet.request_uuid, currency: 'EUR', balance: units(7_50) });
    const again = await kit.call('/transaction/bet', { ...bet, request_uuid: 'retry-1' });
    expect(again.answer).toEqual({ ...first.answer, request_uuid: 'retry-1' });
    expect(await kit.balance(player.id)).toBe(7_50);
    expect(await t.services.ledger.houseBalance('provider', 'EUR')).toBe(houseBefore + 2_50);
    const [row] = await rowsOf(bet.transaction_uuid);
    expect(row).toMatchObject({ kind: 'bet', state: 'accepted', response: 'ok', amount: 2_50, gameName: 'European Roulette' });
    const journal = await t.services.ledger.journal(row!.journalId!);
    expect(journal).toMatchObject({ type: 'bet', referenceId: 'European Roulette', metadata: { provider: 'hub88', transaction: bet.transaction_uuid } });
  });

  it('answers RS_ERROR_DUPLICATE_TRANSACTION for its uuid with another amount, round, user or game, or as a win', async () => {
    const [player, other] = [await kit.player(10_00), await kit.player(10_00)];
    const bet = kit.body.bet(player, 1_00);
    expect((await kit.call('/transaction/bet', bet)).answer.status).toBe('RS_OK');
    for (const change of [{ amount: units(2_00) }, { round: 'another' }, { game_code: SLOT_GAME }, { user: other.user, token: other.token }]) {
      expect((await kit.call('/transaction/bet', { ...bet, ...change })).answer).toEqual({
        status: 'RS_ERROR_DUPLICATE_TRANSACTION',
        request_uuid: bet.request_uuid,
      });
    }
    const asWin = kit.body.win(player, bet, 1_00, { transaction_uuid: bet.transaction_uuid });
    expect((await kit.call('/transaction/win', asWin)).answer.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await kit.balance(player.id)).toBe(9_00);
    expect(await kit.balance(other.id)).toBe(10_00);
  });

  it('answers RS_ERROR_NOT_ENOUGH_MONEY with the balance, moves nothing, and answers a repeat alike', async () => {
    const player = await kit.player(1_00);
    const bet = kit.body.bet(player, 1_01);
    const refused = { user: player.user, status: 'RS_ERROR_NOT_ENOUGH_MONEY', request_uuid: bet.request_uuid, currency: 'EUR', balance: units(1_00) };
    expect((await kit.call('/transaction/bet', bet)).answer).toEqual(refused);
    await kit.fund(player.id, 5_00);
    expect((await kit.call('/transaction/bet', bet)).answer).toEqual({ ...refused, balance: units(6_00) });
    expect(await kit.balance(player.id)).toBe(6_00);
  });

  it('answers RS_ERROR_INVALID_TOKEN, RS_ERROR_TOKEN_EXPIRED, RS_ERROR_WRONG_CURRENCY and RS_ERROR_INVALID_GAME, moving nothing', async () => {
    const [player, other] = [await kit.player(10_00), await kit.player(10_00)];
    const status = async (body: ReturnType<typeof kit.body.bet>) => (await kit.call('/transaction/bet', body)).answer;
    expect(await status(kit.body.bet(player, 1_00, { token: 'a-token-we-never-made' }))).toMatchObject({ status: 'RS_ERROR_INVALID_TOKEN' });
    expect(await status(kit.body.bet(player, 1_00, { token: other.token }))).toMatchObject({ status: 'RS_ERROR_INVALID_TOKEN' });
    expect(await status(kit.body.bet(player, 1_00, { currency: 'USD' }))).toMatchObject({ status: 'RS_ERROR_WRONG_CURRENCY', balance: units(10_00) });
    expect(await status(kit.body.bet(player, 1_00, { game_code: 'clt_dragonrising' }))).toMatchObject({ status: 'RS_ERROR_INVALID_GAME' });
    const bet = kit.body.bet(player, 1_00, { round: randomUUID() });
    // The token was read (and is kept by this process) above; ended now, it takes no bet.
    await t.services.providers.endSessions(player.id);
    expect(await status(bet)).toEqual({ status: 'RS_ERROR_TOKEN_EXPIRED', request_uuid: bet.request_uuid });
    expect(await kit.balance(player.id)).toBe(10_00);
  });

  it('answers RS_ERROR_USER_DISABLED for a blocked, inactive, timed-out player or one past the slot stake cap, and moves nothing', async () => {
    const { accounts, limits } = t.services;
    const [blocked, inactive, timedOut, capped] = [await kit.player(20_00), await kit.player(20_00), await kit.player(20_00), await kit.player(20_00)];
    await accounts.setBlocked(blocked.id, true);
    await t.services.database.db.update(players).set({ active: false }).where(eq(players.id, inactive.id));
    await limits.operatorTimeOut(1, timedOut.id, 1);
    for (const player of [blocked, inactive, timedOut]) {
      const bet = kit.body.bet(player, 1_00);
      expect((await kit.call('/transaction/bet', bet)).answer).toEqual({
        user: player.user,
        status: 'RS_ERROR_USER_DISABLED',
        request_uuid: bet.request_uuid,
        currency: 'EUR',
        balance: units(20_00),
      });
    }
    // The slot stake cap (MAX_SLOT_STAKE, €5.00 a spin) holds on aggregators' slots, not on their table games.
    expect((await kit.call('/transaction/bet', kit.body.bet(capped, 5_01, { game_code: SLOT_GAME }))).answer.status).toBe('RS_ERROR_USER_DISABLED');
    expect((await kit.call('/transaction/bet', kit.body.bet(capped, 5_00, { game_code: SLOT_GAME }))).answer.status).toBe('RS_OK');
    expect((await kit.call('/transaction/bet', kit.body.bet(capped, 6_00))).answer.status).toBe('RS_OK');
    for (const player of [blocked, inactive, timedOut]) expect(await kit.balance(player.id)).toBe(20_00);
  });
});

describe('a bet while a bonus is active', () => {
  it('is paid from cash, then bonus money, counts toward the wagering, and its win and rollback go back as it was paid', async () => {
    const player = await kit.player(2_00);
    const wallet = () => t.services.wallet.wallet(player.id);
    // The €5 demo chip: wagering 1x, table games count 10 %, a €5 maximum bet.
    await t.services.bonuses.claim(player.id, 'demo-chip', randomUUID());
    expect(await wallet()).toMatchObject({ cash: 2_00, bonus: 5_00 });
    const bet = kit.body.bet(player, 4_00);
    expect((await kit.call('/transaction/bet', bet)).answer).toMatchObject({ status: 'RS_OK', balance: units(3_00) });
    expect(await wallet()).toMatchObject({ cash: 0, bonus: 3_00 });
    expect((await t.services.bonuses.list(player.id))[0]).toMatchObject({ status: 'active', wagered: 40 });
    // Half the stake was cash: half the win is.
    expect((await kit.call('/transaction/win', kit.body.win(player, bet, 8_00))).answer.balance).toBe(units(11_00));
    expect(await wallet()).toMatchObject({ cash: 4_00, bonus: 7_00 });
    const second = kit.body.bet(player, 5_00);
    await kit.call('/transaction/bet', second);
    expect(await wallet()).toMatchObject({ cash: 0, bonus: 6_00 });
    expect((await kit.call('/transaction/rollback', kit.body.rollback(player, second))).answer.balance).toBe(units(11_00));
    expect(await wallet()).toMatchObject({ cash: 4_00, bonus: 7_00 });
    // Above the bonus's maximum bet: refused before any money moves; Hub88 has no status for it but the general one.
    const above = kit.body.bet(player, 5_01);
    expect((await kit.call('/transaction/bet', above)).answer).toMatchObject({ status: 'RS_ERROR_UNKNOWN', balance: units(11_00) });
    expect(await wallet()).toMatchObject({ cash: 4_00, bonus: 7_00 });
  });
});

describe('a win and a rollback', () => {
  it('pay what the bet staked back, once, whoever the player has become and whatever the token', async () => {
    const player = await kit.player(10_00);
    const [bet, second] = [kit.body.bet(player, 3_00), kit.body.bet(player, 2_00)];
    expect((await kit.call('/transaction/bet', bet)).answer.balance).toBe(units(7_00));
    expect((await kit.call('/transaction/bet', second)).answer.balance).toBe(units(5_00));
    // Excluded and the session over: what the player is owed is paid all the same.
    await t.services.limits.operatorSelfExclude(1, player.id, 6);
    await t.services.database.db
      .update(providerSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(providerSessions.playerId, player.id));
    const win = kit.body.win(player, bet, 4_50);
    const paid = await kit.call('/transaction/win', win);
    expect(paid.answer).toEqual({ user: player.user, status: 'RS_OK', request_uuid: win.request_uuid, currency: 'EUR', balance: units(9_50) });
    expect((await kit.call('/transaction/win', { ...win, request_uuid: 'again' })).answer.balance).toBe(units(9_50));
    expect((await kit.call('/transaction/win', { ...win, amount: units(5_00) })).answer.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    const rollback = kit.body.rollback(player, second);
    expect((await kit.call('/transaction/rollback', rollback)).answer).toMatchObject({ status: 'RS_OK', balance: units(11_50) });
    expect((await kit.call('/transaction/rollback', rollback)).answer).toMatchObject({ status: 'RS_OK', balance: units(11_50) });
    // Another rollback of the same bet gives nothing more back.
    expect((await kit.call('/transaction/rollback', kit.body.rollback(player, second))).answer).toMatchObject({ status: 'RS_OK', balance: units(11_50) });
    expect(await kit.balance(player.id)).toBe(11_50);
    const [bets] = await rowsOf(second.transaction_uuid);
    expect(bets).toMatchObject({ state: 'rolled_back' });
    expect(bets!.reversalJournalId).not.toBeNull();
  });

  it('answer RS_ERROR_TRANSACTION_DOES_NOT_EXIST for a win on a bet we never took, and RS_ERROR_TRANSACTION_ROLLED_BACK on one given back', async () => {
    const player = await kit.player(10_00);
    const never = kit.body.win(player, { transaction_uuid: randomUUID(), round: 'r' }, 1_00);
    expect((await kit.call('/transaction/win', never)).answer).toMatchObject({ status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', balance: units(10_00) });
    const refused = kit.body.bet(player, 50_00);
    expect((await kit.call('/transaction/bet', refused)).answer.status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect((await kit.call('/transaction/win', kit.body.win(player, refused, 1_00))).answer.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    const bet = kit.body.bet(player, 1_00);
    await kit.call('/transaction/bet', bet);
    await kit.call('/transaction/rollback', kit.body.rollback(player, bet));
    expect((await kit.call('/transaction/win', kit.body.win(player, bet, 5_00))).answer).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
      balance: units(10_00),
    });
    // Someone else's bet is no bet of this player's.
    const other = await kit.player(10_00);
    const theirs = kit.body.bet(other, 1_00);
    await kit.call('/transaction/bet', theirs);
    expect((await kit.call('/transaction/win', kit.body.win(player, theirs, 5_00))).answer.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await kit.balance(player.id)).toBe(10_00);
  });

  it('record a rollback of a bet that never came, so the bet is refused with RS_ERROR_TRANSACTION_ROLLED_BACK when it comes', async () => {
    const player = await kit.player(10_00);
    const bet = kit.body.bet(player, 4_00);
    const rollback = kit.body.rollback(player, bet);
    expect((await kit.call('/transaction/rollback', rollback)).answer).toMatchObject({ status: 'RS_OK', balance: units(10_00) });
    const late = await kit.call('/transaction/bet', bet);
    expect(late.answer).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', balance: units(10_00) });
    expect((await kit.call('/transaction/bet', bet)).answer.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect((await kit.call('/transaction/bet', { ...bet, amount: units(5_00) })).answer.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await kit.balance(player.id)).toBe(10_00);
  });
});

describe('what a transaction leaves behind', () => {
  it('shows in the history under the game’s name, counts toward the limits and the report, earns points and announces the balance', async () => {
    const player = await kit.player(100_00);
    const hour = 3_600_000;
    const roulette = async () =>
      (await t.services.providers.report({ from: new Date(Date.now() - hour), to: new Date(Date.now() + hour), currency: 'EUR' })).find(
        (row) => row.gameCode === 'european-roulette',
      );
    const before = (await roulette()) ?? { stakes: 0, wins: 0, bets: 0 };
    const seen: number[] = [];
    const stop = t.services.events.subscribe((event) => {
      if (event.playerId === player.id && event.name === 'BalanceUpdated') seen.push((event.data as { wallet: { balance: number } }).wallet.balance);
    });
    const bet = kit.body.bet(player, 60_00);
    await kit.call('/transaction/bet', bet);
    await kit.call('/transaction/win', kit.body.win(player, bet, 10_00));
    await expect.poll(() => seen).toEqual([40_00, 50_00]);
    stop();
    const history = await t.services.wallet.transactions(player.id, {}, { page: 1, perPage: 10 });
    expect(history.data.filter((row) => row.type === 'bet' || row.type === 'win').map((row) => [row.type, row.amount, row.reference_id])).toEqual([
      ['win', 10_00, 'European Roulette'],
      ['bet', -60_00, 'European Roulette'],
    ]);
    const [day] = await t.services.providers.totals(player.id, [new Date(Date.now() - 86_400_000)]);
    expect(day).toMatchObject({ stakes: 60_00, wins: 10_00 });
    const limits = await t.services.limits.overview(player.id);
    expect(limits.limits).toEqual([]);
    await t.services.limits.setLimit(player.id, { type: 'loss', period: 'day', amount: 55_00 });
    // 50.00 lost today: 5.00 of the limit is left.
    expect((await kit.call('/transaction/bet', kit.body.bet(player, 5_01))).answer.status).toBe('RS_ERROR_USER_DISABLED');
    const open = kit.body.bet(player, 5_00);
    expect((await kit.call('/transaction/bet', open)).answer.status).toBe('RS_OK');
    // The round the win closed is done; the last bet's is open, for reconciliation once it has waited too long.
    const rounds = (await t.services.providers.openRounds(0)).filter((round) => round.playerId === player.id);
    expect(rounds.map((round) => [round.round, round.stake, round.win])).toEqual([[open.round, 5_00, 0]]);
    const loyalty = await t.services.clubs.loyalty(player.id, { page: 1, perPage: 10 });
    // 60.00 staked on a table game: one point (5,000 a point), from the stake's own transaction.
    expect(loyalty.data.points).toBe(1);
    const after = (await roulette())!;
    expect(after).toMatchObject({ provider: 'hub88', gameName: 'European Roulette', ggr: after.stakes - after.wins });
    expect([after.stakes - before.stakes, after.wins - before.wins, after.bets - before.bets]).toEqual([65_00, 10_00, 2]);
    expect(after.rtp).toBe(Math.round((after.wins / after.stakes) * 10_000) / 100);
  });

  it('does not exist at all when HUB88_* is unset', async () => {
    const off = await createTestApp();
    try {
      const response = await off.app.inject({ method: 'POST', url: '/api/hub88/user/info', payload: { user: 'x', request_uuid: 'y' } });
      expect(response.statusCode).toBe(404);
      expect(off.app.registeredRoutes.some((route) => route.url.startsWith('/api/hub88'))).toBe(false);
    } finally {
      await off.close();
    }
  });
});
