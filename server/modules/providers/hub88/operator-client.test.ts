// Our calls to Hub88's Operator API (docs/decisions/0100), against the reference aggregator in-process: signed bodies
// exactly as published, DEMO and real launches, the Freebets API, and every failure mapped to a Problem.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Aggregator, startAggregator } from '../../../../aggregator/aggregator.ts';
import { rsaKeyPair } from '../testing.ts';
import { createHub88OperatorClient, Hub88OperatorError, type OperatorCall, operatorProblem, platformOf } from './operator-client.ts';

const keys = { aggregator: rsaKeyPair(), operator: rsaKeyPair() };
let aggregator: Aggregator;
let silent: Server;
const calls: OperatorCall[] = [];

const client = (options: Partial<Parameters<typeof createHub88OperatorClient>[0]> = {}) =>
  createHub88OperatorClient({
    apiUrl: aggregator.url,
    operatorId: 42,
    privateKey: keys.operator.privateKey,
    onCall: (call) => calls.push(call),
    ...options,
  });

beforeAll(async () => {
  aggregator = await startAggregator({
    port: 0,
    privateKey: keys.aggregator.privateKey,
    operatorPublicKey: keys.operator.publicKey,
    operatorWalletUrl: 'http://127.0.0.1:9/api/hub88',
    operatorId: 42,
    log: () => {},
  });
  // Takes the request and never answers: the timeout's case.
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await aggregator.close();
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
});

describe('the Games API', () => {
  it('lists the games with the fields Hub88 documents, signed with our key', async () => {
    const games = await client().gameList();
    expect(games.map((game) => game.game_code)).toEqual(['crp_copper_clover', 'crp_lantern_drift', 'crp_tide_pool_trio']);
    expect(games[0]).toMatchObject({
      name: 'Copper Clover',
      product: 'Croupier Reference Studio',
      category: 'Video Slots',
      demo_game_support: true,
      freebet_support: true,
      url_thumb: `${aggregator.publicUrl}/thumbs/crp_copper_clover.svg`,
    });
    expect(calls.at(-1)).toMatchObject({ endpoint: 'game/list', ok: true, status: 200, error: null });
  });

  it('launches a demo with currency XXX and no user or token, and a real game with both', async () => {
    const base = {
      game_code: 'crp_lantern_drift',
      platform: 'GPL_MOBILE' as const,
      lang: 'en',
      lobby_url: 'http://casino.example/',
      ip: '203.0.113.9',
      country: 'EE',
    };
    const demo = await client().gameUrl({ ...base, currency: 'XXX' });
    const real = await client().gameUrl({ ...base, currency: 'EUR', user: 'a1b2c3d4e5f6a1b2c3d4e5f6', token: 'x'.repeat(43) });
    const sessionOf = (url: string) => aggregator.play.get(new URL(url).pathname.split('/').pop()!)!;
    expect(new URL(demo).origin).toBe(aggregator.publicUrl);
    expect(sessionOf(demo)).toMatchObject({ mode: 'demo', currency: 'XXX', user: undefined, platform: 'GPL_MOBILE', lobbyUrl: 'http://casino.example/' });
    expect(sessionOf(real)).toMatchObject({ mode: 'real', currency: 'EUR', user: 'a1b2c3d4e5f6a1b2c3d4e5f6', token: 'x'.repeat(43), country: 'EE' });
    // The game page may be framed by the lobby's origin.
    expect(sessionOf(real).frameOrigins).toContain('http://casino.example');
  });

  it('makes free rounds from a prepaid (Freebets API)', async () => {
    const prepaids = await client().prepaids('crp_copper_clover');
    const prepaid = prepaids.find((candidate) => candidate.currency === 'EUR')!;
    expect(prepaid).toMatchObject({ game_code: 'crp_copper_clover', bet_value: null, bet_count: null });
    const reward = await client().createReward({
      user: 'player-ref-1',
      prepaid_uuid: prepaid.prepaid_uuid,
      game_code: 'crp_copper_clover',
      bet_value: 20_000,
      bet_count: 10,
    });
    expect(reward).toMatchObject({ status: 'FRS_ACTIVE', user: 'player-ref-1', bet_value: 20_000, bet_count: 10, currency: 'EUR' });
    expect((await client().rewards({ user: 'player-ref-1' })).map((row) => row.reward_uuid)).toEqual([reward.reward_uuid]);
  });
});

describe('failures', () => {
  it('a body signed with another key is refused (401) and reported as the provider being unavailable', async () => {
    const error = await client({ privateKey: rsaKeyPair().privateKey })
      .gameList()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Hub88OperatorError);
    expect(error).toMatchObject({ kind: 'refused', status: 401 });
    expect((error as Error).message).toContain('Request signature is invalid');
    expect(operatorProblem(error)).toMatchObject({ statusCode: 502, type: 'provider_unavailable' });
    expect(calls.at(-1)).toMatchObject({ endpoint: 'game/list', ok: false, status: 401 });
  });

  it('an operator_id Hub88 does not know, or a game it does not know, is a 404: the game is not available', async () => {
    const unknownGame = await client()
      .gameUrl({ game_code: 'nope', currency: 'XXX', platform: 'GPL_DESKTOP', lang: 'en', lobby_url: 'http://casino.example/', ip: '::1', country: 'XX' })
      .catch((caught: unknown) => caught);
    expect(unknownGame).toMatchObject({ kind: 'refused', status: 404 });
    expect(operatorProblem(unknownGame)).toMatchObject({ statusCode: 409, type: 'game_unavailable' });
    expect(
      await client({ operatorId: 7 })
        .gameList()
        .catch((caught: unknown) => caught),
    ).toMatchObject({ kind: 'refused', status: 404 });
  });

  it('no answer in time is a timeout (504); nobody listening is a network failure (502)', async () => {
    const port = (silent.address() as AddressInfo).port;
    const slow = await client({ apiUrl: `http://127.0.0.1:${port}`, timeoutMs: 200 })
      .gameList()
      .catch((caught: unknown) => caught);
    expect(slow).toMatchObject({ kind: 'timeout' });
    expect(operatorProblem(slow)).toMatchObject({ statusCode: 504, type: 'provider_unavailable' });
    const down = await client({ apiUrl: 'http://127.0.0.1:9' })
      .gameList()
      .catch((caught: unknown) => caught);
    expect(down).toMatchObject({ kind: 'network' });
    expect(operatorProblem(down)).toMatchObject({ statusCode: 502 });
  });
});

describe('platformOf', () => {
  it('tells phones and tablets from desktops by the user agent', () => {
    expect(platformOf('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe('GPL_MOBILE');
    expect(platformOf('Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36')).toBe('GPL_MOBILE');
    expect(platformOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36')).toBe('GPL_DESKTOP');
    expect(platformOf(undefined)).toBe('GPL_DESKTOP');
  });
});
