import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Aggregator } from './aggregator.ts';
import { operatorCall, sessionOf, startTestAggregator } from './testing.ts';

let aggregator: Aggregator;
beforeAll(async () => {
  aggregator = await startTestAggregator('http://127.0.0.1:9/api/hub88', { publicUrl: 'http://games.localhost:3100' });
});
afterAll(() => aggregator.close());

describe('POST /operator/generic/v2/game/list', () => {
  it('lists the demo games with the fields Hub88 documents', async () => {
    const { status, json } = await operatorCall(aggregator, 'game/list', {});
    expect(status).toBe(200);
    const games = json as Record<string, unknown>[];
    expect(games.length).toBeGreaterThanOrEqual(3);
    for (const game of games) {
      expect(game).toMatchObject({
        name: expect.any(String),
        game_code: expect.stringMatching(/^crp_[a-z_]+$/),
        category: expect.any(String),
        product: 'Croupier Reference Studio',
        url_thumb: `http://games.localhost:3100/thumbs/${game.game_code}.svg`,
        url_background: `http://games.localhost:3100/backgrounds/${game.game_code}.svg`,
        platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
        freebet_support: true,
        demo_game_support: true,
        phoenix_jackpot_support: false,
        enabled: true,
        blocked_countries: [],
        release_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        rtp: '96.64',
        paylines: 1,
        technology: ['HTML5'],
      });
    }
    expect(new Set(games.map((game) => game.game_code)).size).toBe(games.length);
  });

  it('serves each thumbnail and background as an SVG image other origins may show', async () => {
    const response = await fetch(`${aggregator.url}/thumbs/crp_lantern_drift.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const svg = await response.text();
    expect(svg).toContain('<svg');
    expect(svg).toContain('Lantern Drift');
    expect(svg).not.toMatch(/<script/i);
    expect((await fetch(`${aggregator.url}/backgrounds/crp_tide_pool_trio.svg`)).status).toBe(200);
    expect((await fetch(`${aggregator.url}/thumbs/nope.svg`)).status).toBe(404);
  });
});

describe('POST /operator/generic/v2/game/url', () => {
  const real = {
    user: 'john12345',
    token: 'f562a685-a160-4d17-876d-ab3363db331c',
    sub_partner_id: 'croupier',
    platform: 'GPL_DESKTOP',
    lang: 'en',
    ip: '127.0.0.1',
    game_code: 'crp_copper_clover',
    currency: 'EUR',
    country: 'EE',
    lobby_url: 'https://casino.example/lobby',
  };

  it('answers {url} pointing at its own game page, framable by the lobby origin and the configured casino', async () => {
    const { status, json } = await operatorCall(aggregator, 'game/url', real);
    expect(status).toBe(200);
    expect(Object.keys(json as object)).toEqual(['url']);
    const { url } = json as { url: string };
    expect(url).toMatch(/^http:\/\/games\.localhost:3100\/play\/[A-Za-z0-9]{16,64}$/);
    const page = await fetch(`${aggregator.url}/play/${sessionOf(url)}`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toMatch(/frame-ancestors http:\/\/localhost:3000 https:\/\/casino\.example(;|$)/);
    expect(page.headers.get('x-frame-options')).toBeNull();
    const html = await page.text();
    expect(html).toContain('Copper Clover');
    expect(html).toContain('data-mode="real"');
    // Nothing inline for the CSP to refuse: scripts come from /assets, no style attributes or inline handlers.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(html).not.toMatch(/\sstyle=|\son[a-z]+=/i);
    for (const asset of ['/assets/slot.js', '/assets/slot.css', '/assets/themes.css']) {
      expect((await fetch(`${aggregator.url}${asset}`)).status, asset).toBe(200);
    }
  });

  it('opens DEMO mode for currency XXX with no user or token', async () => {
    const { status, json } = await operatorCall(aggregator, 'game/url', {
      game_code: 'crp_tide_pool_trio',
      currency: 'XXX',
      platform: 'GPL_MOBILE',
      lang: 'en',
    });
    expect(status).toBe(200);
    const html = await (await fetch(`${aggregator.url}/play/${sessionOf((json as { url: string }).url)}`)).text();
    expect(html).toContain('data-mode="demo"');
  });

  it('refuses what Hub88 refuses: missing user or token outside DEMO, a bad platform (400), an unknown game (404)', async () => {
    const { token: _token, ...noToken } = real;
    expect((await operatorCall(aggregator, 'game/url', noToken)).status).toBe(400);
    const { user: _user, ...noUser } = real;
    expect((await operatorCall(aggregator, 'game/url', noUser)).status).toBe(400);
    expect((await operatorCall(aggregator, 'game/url', { ...real, token: 'short' })).status).toBe(400);
    expect((await operatorCall(aggregator, 'game/url', { ...real, platform: 'GPL_TV' })).status).toBe(400);
    const unknown = await operatorCall(aggregator, 'game/url', { ...real, game_code: 'crp_nothing' });
    expect(unknown).toEqual({ status: 404, json: { error: expect.any(String) } });
  });

  it('answers an unknown session page with 404, and non-POST Operator API calls with 405', async () => {
    expect((await fetch(`${aggregator.url}/play/0123456789abcdef0123456789abcdef`)).status).toBe(404);
    expect((await fetch(`${aggregator.url}/operator/generic/v2/game/list`)).status).toBe(405);
  });
});

describe('Freebets API', () => {
  it('lists prepaids per game and currency, with value and count left to the operator', async () => {
    const { status, json } = await operatorCall(aggregator, 'freebet/prepaids/list', { game_code: 'crp_copper_clover' });
    expect(status).toBe(200);
    const prepaids = json as Record<string, unknown>[];
    expect(prepaids.length).toBeGreaterThan(0);
    expect(prepaids.every((prepaid) => prepaid.game_code === 'crp_copper_clover')).toBe(true);
    expect(prepaids.find((prepaid) => prepaid.currency === 'EUR')).toEqual({
      prepaid_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      game_code: 'crp_copper_clover',
      currency: 'EUR',
      bet_value: null,
      bet_count: null,
      bonus_buy: false,
    });
  });

  it('creates, lists and cancels a single-use reward made from a prepaid', async () => {
    const prepaids = (await operatorCall(aggregator, 'freebet/prepaids/list', { game_code: 'crp_lantern_drift' })).json as {
      prepaid_uuid: string;
      currency: string;
    }[];
    const prepaid = prepaids.find((candidate) => candidate.currency === 'EUR')!;
    const created = await operatorCall(aggregator, 'freebet/rewards/create', {
      user: 'john12345',
      prepaid_uuid: prepaid.prepaid_uuid,
      game_code: 'crp_lantern_drift',
      bet_value: 100_000,
      bet_count: 5,
      start_time: '2020-01-01T00:00:00',
      end_time: '2099-01-01T00:00:00',
    });
    expect(created.status).toBe(200);
    expect(created.json).toEqual({
      reward_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'FRS_ACTIVE',
      user: 'john12345',
      sub_partner_id: null,
      prepaid_uuid: prepaid.prepaid_uuid,
      game_code: 'crp_lantern_drift',
      currency: 'EUR',
      bet_value: 100_000,
      bet_count: 5,
      start_time: '2020-01-01T00:00:00',
      end_time: '2099-01-01T00:00:00',
    });
    const rewardUuid = (created.json as { reward_uuid: string }).reward_uuid;
    const listed = await operatorCall(aggregator, 'freebet/rewards/list', { user: 'john12345' });
    expect((listed.json as { reward_uuid: string }[]).map((reward) => reward.reward_uuid)).toContain(rewardUuid);
    const cancelled = await operatorCall(aggregator, 'freebet/rewards/cancel', { reward_uuid: rewardUuid });
    expect(cancelled).toEqual({ status: 200, json: expect.objectContaining({ reward_uuid: rewardUuid, status: 'FRS_CANCELED' }) });
    expect((await operatorCall(aggregator, 'freebet/rewards/cancel', { reward_uuid: rewardUuid })).status).toBe(400);
    expect((await operatorCall(aggregator, 'freebet/rewards/cancel', { reward_uuid: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  });

  it('refuses rewards without a known prepaid, value or count, or with a past end', async () => {
    const prepaid = ((await operatorCall(aggregator, 'freebet/prepaids/list', {})).json as { prepaid_uuid: string }[])[0]!;
    const base = { user: 'john12345', prepaid_uuid: prepaid.prepaid_uuid, bet_value: 100_000, bet_count: 3 };
    expect((await operatorCall(aggregator, 'freebet/rewards/create', { ...base, prepaid_uuid: 'nope' })).status).toBe(404);
    expect((await operatorCall(aggregator, 'freebet/rewards/create', { ...base, bet_value: undefined })).status).toBe(400);
    expect((await operatorCall(aggregator, 'freebet/rewards/create', { ...base, bet_count: 0 })).status).toBe(400);
    expect((await operatorCall(aggregator, 'freebet/rewards/create', { ...base, end_time: '2001-01-01T00:00:00' })).status).toBe(400);
    expect((await operatorCall(aggregator, 'freebet/rewards/create', { ...base, campaign_uuid: '7b5c8a93-4d3a-4bfb-8554-f923d46aa485' })).status).toBe(400);
  });
});
