import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { gamesKit } from './testing.ts';

const t = useTestApp();
const kit = gamesKit(t);

async function gameIds(): Promise<Record<string, number>> {
  const { data } = (await kit.call('GET', '/api/games')).json() as { data: { id: number; slug: string }[] };
  return Object.fromEntries(data.map((game) => [game.slug, game.id]));
}
const toggle = (token: string, gameId: number | string) => kit.call('POST', `/api/player/favourite/games/${gameId}`, { token });
const list = (token: string) => kit.call('GET', '/api/player/favourite/games', { token, headers: { accept: 'application/json' } });
const slugsOf = (response: { json: () => { data: { slug: string }[] } }) => response.json().data.map((game) => game.slug);

describe('favourite games (SPEC.md §5, §7, §8)', () => {
  it('toggles: adds when absent, removes when present, the latest favourite last, and answers the new list', async () => {
    const ids = await gameIds();
    const { token } = await kit.player();
    expect((await list(token)).json()).toEqual({ data: [] });
    expect(slugsOf(await toggle(token, ids.blackjack!))).toEqual(['blackjack']);
    expect(slugsOf(await toggle(token, ids['lantern-orchard']!))).toEqual(['blackjack', 'lantern-orchard']);
    expect(slugsOf(await toggle(token, ids['european-roulette']!))).toEqual(['blackjack', 'lantern-orchard', 'european-roulette']);
    const removed = await toggle(token, ids.blackjack!);
    expect(removed.statusCode).toBe(200);
    expect(slugsOf(removed)).toEqual(['lantern-orchard', 'european-roulette']);
    // Added again, it is now the latest.
    expect(slugsOf(await toggle(token, ids.blackjack!))).toEqual(['lantern-orchard', 'european-roulette', 'blackjack']);
    const listed = await list(token);
    expect(listed.statusCode).toBe(200);
    expect(slugsOf(listed)).toEqual(['lantern-orchard', 'european-roulette', 'blackjack']);
    expect(listed.json().data[0]).toEqual({
      id: ids['lantern-orchard'],
      slug: 'lantern-orchard',
      name: 'Lantern Orchard',
      provider: 'croupier-studio',
      category: 'slots',
      rtp: 96.42,
      volatility: 'low',
      thumbnail: '/games/lantern-orchard.svg',
      tags: ['popular'],
      kind: 'slot',
      source: 'house',
      studio: 'Croupier Studio',
      demo: true,
    });
  });

  it('keeps each player their own list', async () => {
    const ids = await gameIds();
    const a = await kit.player();
    const b = await kit.player();
    await toggle(a.token, ids['tidebound-hoard']!);
    expect(slugsOf(await list(b.token))).toEqual([]);
    expect(slugsOf(await toggle(b.token, ids['clockwork-comet']!))).toEqual(['clockwork-comet']);
    expect(slugsOf(await list(a.token))).toEqual(['tidebound-hoard']);
  });

  it('refuses not-activated (403) and blocked (423) accounts with the spec messages, and guests (401), changing nothing', async () => {
    const ids = await gameIds();
    const inactive = await kit.player({ active: false });
    const blocked = await kit.player({ blocked: true });
    for (const response of [await toggle(inactive.token, ids.blackjack!), await list(inactive.token)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Your account is not activated.', type: 'inactive' });
    }
    for (const response of [await toggle(blocked.token, ids.blackjack!), await list(blocked.token)]) {
      expect(response.statusCode).toBe(423);
      expect(response.json()).toEqual({ message: 'Your account is blocked.', type: 'blocked' });
    }
    expect((await kit.call('GET', '/api/player/favourite/games')).statusCode).toBe(401);
    expect((await kit.call('POST', `/api/player/favourite/games/${ids.blackjack}`)).statusCode).toBe(401);
    expect(await t.services.games.favourites.list(Number(inactive.id))).toEqual([]);
    expect(await t.services.games.favourites.list(Number(blocked.id))).toEqual([]);
  });

  it('answers 404 for a game that does not exist, whatever the id looks like', async () => {
    const { token } = await kit.player();
    for (const id of ['999999', '0', '-1', 'abc', '1.5', '99999999999999999999']) {
      const response = await toggle(token, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json(), id).toEqual({ message: 'No game with that id.' });
    }
    expect(slugsOf(await list(token))).toEqual([]);
  });

  it('is what the site loads for a player', async () => {
    const ids = await gameIds();
    const player = await kit.player();
    await toggle(player.token, ids['european-roulette']!);
    expect((await t.services.site.favouriteGames(player.id)).map((game) => game.slug)).toEqual(['european-roulette']);
  });
});
