// POST /api/games/{slug}/launch (docs/decisions/0100): a guest's demo, a player's real-money launch with a session
// token, and every guard our own games have, each refused with its 4xx before Hub88 is asked anything.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startAggregator } from '../../../aggregator/aggregator.ts';
import { STRONG_PASSWORD } from '../accounts/testing.ts';
import { games } from '../catalog/schema.ts';
import { gamesKit } from '../games/testing.ts';
import { providerSessions } from './schema.ts';
import { useAppWithReferenceAggregator } from './testing.ts';

const { t, aggregator } = useAppWithReferenceAggregator(startAggregator);
const kit = gamesKit(t);
const SLUG = 'lantern-drift';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

const launch = (slug: string, mode: 'real' | 'demo', token?: string, headers: Record<string, string> = {}) =>
  kit.call('POST', `/api/games/${slug}/launch`, { token, payload: { mode }, headers });
const sessionOf = (url: string) => aggregator().play.get(new URL(url).pathname.split('/').pop()!)!;
const setGame = async (change: Partial<typeof games.$inferInsert>) => {
  await t.services.database.db.update(games).set(change).where(eq(games.slug, SLUG));
  t.services.catalog.invalidate();
};

beforeAll(async () => {
  await t.services.providers.syncGames('operator');
  await t.services.catalog.providerGames.update('hub88', SLUG, { enabled: true });
  t.services.catalog.invalidate();
});

describe('a guest', () => {
  it('plays the demo: Hub88’s DEMO mode, no user, no token, no session of ours', async () => {
    const response = await launch(SLUG, 'demo', undefined, { 'user-agent': PHONE });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ mode: 'demo', currency: 'XXX', game: { slug: SLUG, name: 'Lantern Drift' } });
    expect(sessionOf(data.url)).toMatchObject({ mode: 'demo', currency: 'XXX', user: undefined, token: undefined, platform: 'GPL_MOBILE', lang: 'en' });
    expect(sessionOf(data.url).lobbyUrl).toBe(`${t.config.publicUrl}/`);
  });

  it('is sent to log in for real money (401), and told when a game has no demo (409)', async () => {
    expect((await launch(SLUG, 'real')).statusCode).toBe(401);
    await setGame({ demoAvailable: false });
    const refused = await launch(SLUG, 'demo');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ type: 'demo_unavailable' });
    await setGame({ demoAvailable: true });
  });
});

describe('a player', () => {
  it('launches for real money with a session token made for this game and currency', async () => {
    const player = await kit.fundedPlayer(20_00);
    const response = await launch(SLUG, 'real', player.token);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ mode: 'real', currency: t.config.defaultCurrency });
    const session = sessionOf(data.url);
    const user = await t.services.providers.userReference(Number(player.id));
    expect(session).toMatchObject({ mode: 'real', user, currency: t.config.defaultCurrency, country: 'MT', platform: 'GPL_DESKTOP' });
    // Only the token's hash is kept, for this player and this game's code.
    const [row] = await t.services.database.db
      .select()
      .from(providerSessions)
      .where(and(eq(providerSessions.playerId, Number(player.id)), eq(providerSessions.gameCode, 'crp_lantern_drift')));
    expect(row).toBeDefined();
    expect(row!.tokenHash).not.toBe(session.token);
    expect(await t.services.providers.balance('hub88', { user, token: session.token! })).toMatchObject({ outcome: 'ok', balance: 20_00 });
  });

  it('is refused before Hub88 is asked: not activated (403), blocked (423), timed out (403 excluded), blocked country (403)', async () => {
    const inactive = await kit.fundedPlayer(0, { active: false });
    expect((await launch(SLUG, 'real', inactive.token)).statusCode).toBe(403);
    const blocked = await kit.fundedPlayer(0, { blocked: true });
    expect((await launch(SLUG, 'real', blocked.token)).statusCode).toBe(423);
    expect((await launch(SLUG, 'demo', blocked.token)).statusCode).toBe(423);
    const resting = await kit.fundedPlayer(0);
    await t.services.limits.timeOut(Number(resting.id), 1, STRONG_PASSWORD);
    const excluded = await launch(SLUG, 'real', resting.token);
    expect(excluded.statusCode).toBe(403);
    expect(excluded.json()).toMatchObject({ type: 'excluded' });
    const player = await kit.fundedPlayer(0);
    await setGame({ blockedCountries: ['MT'] });
    const country = await launch(SLUG, 'real', player.token);
    expect(country.statusCode).toBe(403);
    expect(country.json()).toMatchObject({ type: 'country' });
    await setGame({ blockedCountries: [] });
    const sessions = await t.services.database.db
      .select()
      .from(providerSessions)
      .where(eq(providerSessions.playerId, Number(resting.id)));
    expect(sessions).toEqual([]);
  });
});

describe('the game and the site', () => {
  it('a game switched off is 409, one gone from the list too; an unknown slug or one of our own games is 404', async () => {
    const player = await kit.fundedPlayer(0);
    await setGame({ enabled: false });
    const off = await launch(SLUG, 'real', player.token);
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ type: 'game_unavailable' });
    await setGame({ enabled: true, withdrawnAt: new Date() });
    expect((await launch(SLUG, 'demo')).statusCode).toBe(409);
    await setGame({ withdrawnAt: null });
    expect((await launch('no-such-game', 'demo')).statusCode).toBe(404);
    expect((await launch('european-roulette', 'demo')).statusCode).toBe(404);
    expect((await launch('../etc', 'demo')).statusCode).toBe(404);
  });

  it('during maintenance nothing launches (503)', async () => {
    await t.services.settings.setMaintenance('true');
    const response = await launch(SLUG, 'demo');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ type: 'maintenance' });
    await t.services.settings.setMaintenance('false');
    expect((await launch(SLUG, 'demo')).statusCode).toBe(200);
  });

  it('bad input is a 422 and launches nothing', async () => {
    const response = await kit.call('POST', `/api/games/${SLUG}/launch`, { payload: { mode: 'free' } });
    expect(response.statusCode).toBe(422);
  });
});
