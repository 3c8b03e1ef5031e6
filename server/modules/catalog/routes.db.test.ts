import { describe, expect, it } from 'vitest';
import { gameInfo } from '../../../games/catalogue.ts';
import { useTestApp } from '../../test-app.ts';

const t = useTestApp();
const get = (url: string) => t.app.inject({ method: 'GET', url });

type Tile = { id: number; slug: string; category: string; provider: string; rtp: number; tags: string[] };

describe('GET /api/games', () => {
  it('lists our nine games, newest first, with the spec fields, category as its slug and RTP in percent', async () => {
    const response = await get('/api/games');
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json() as { data: Tile[]; meta: unknown };
    expect(data.map((game) => game.slug)).toEqual([
      'crash',
      'mines',
      'dice',
      'plinko',
      'tidebound-hoard',
      'blackjack',
      'clockwork-comet',
      'lantern-orchard',
      'european-roulette',
    ]);
    expect(meta).toEqual({ current_page: 1, per_page: 20, total: 9, last_page: 1 });
    const roulette = data.find((game) => game.slug === 'european-roulette')!;
    expect(roulette).toEqual({
      id: expect.any(Number),
      slug: 'european-roulette',
      name: 'European Roulette',
      provider: 'croupier-studio',
      category: 'table-games',
      rtp: 97.3,
      volatility: 'medium',
      thumbnail: '/games/european-roulette.svg',
      tags: ['popular'],
      kind: 'roulette',
      source: 'house',
      studio: 'Croupier Studio',
      demo: true,
    });
    for (const game of data) expect(game.rtp).toBe(gameInfo(game.slug)!.rtpPercent);
  });

  it('filters by category (its own games and those tagged with it), provider and search text', async () => {
    const slugs = async (url: string) => ((await get(url)).json().data as Tile[]).map((game) => game.slug).sort();
    expect(await slugs('/api/games?category=slots')).toEqual(['clockwork-comet', 'lantern-orchard', 'tidebound-hoard']);
    expect(await slugs('/api/games?category=table-games')).toEqual(['blackjack', 'european-roulette']);
    expect(await slugs('/api/games?category=new')).toEqual(['blackjack', 'crash', 'dice', 'mines', 'plinko', 'tidebound-hoard']);
    expect(await slugs('/api/games?category=originals')).toEqual(['crash', 'dice', 'mines', 'plinko']);
    expect(await slugs('/api/games?category=popular')).toEqual(['clockwork-comet', 'crash', 'european-roulette', 'lantern-orchard', 'plinko']);
    expect(await slugs('/api/games?provider=croupier-studio')).toHaveLength(9);
    expect(await slugs('/api/games?provider=someone-else')).toEqual([]);
    expect(await slugs('/api/games?category=no-such-category')).toEqual([]);
    expect(await slugs('/api/games?q=COMET')).toEqual(['clockwork-comet']);
    expect(await slugs('/api/games?q=o&category=slots')).toEqual(['clockwork-comet', 'lantern-orchard', 'tidebound-hoard']);
    // LIKE wildcards are searched for as characters, not as patterns.
    expect(await slugs('/api/games?q=%25')).toEqual([]);
    expect(await slugs('/api/games?q=_')).toEqual([]);
    expect(await slugs('/api/games?q=%20%20')).toHaveLength(9);
  });

  it('pages', async () => {
    const first = (await get('/api/games?per_page=2')).json();
    const last = (await get('/api/games?per_page=2&page=5')).json();
    const beyond = (await get('/api/games?per_page=2&page=9')).json();
    expect(first.meta).toEqual({ current_page: 1, per_page: 2, total: 9, last_page: 5 });
    expect(first.data).toHaveLength(2);
    expect(last.data.map((game: Tile) => game.slug)).toEqual(['european-roulette']);
    expect(beyond.data).toEqual([]);
  });

  it('refuses malformed filters with a 422', async () => {
    for (const query of ['page=0', 'page=abc', 'per_page=0', 'per_page=101', 'category=SLOTS', 'provider=a%20b', `q=${'x'.repeat(101)}`]) {
      const response = await get(`/api/games?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().message, query).toEqual(expect.any(String));
    }
  });
});

describe('GET /api/games/{slug}', () => {
  it('answers one game with its info panel and the house limits', async () => {
    const response = await get('/api/games/lantern-orchard');
    expect(response.statusCode).toBe(200);
    const game = response.json().data;
    expect(game).toMatchObject({
      slug: 'lantern-orchard',
      name: 'Lantern Orchard',
      category: 'slots',
      category_name: 'Slots',
      provider_name: 'Croupier Studio',
      release_date: '2026-03-12',
      limits: { min_stake: 20, max_stake: 10_000, stake_step: 20, bet_limits: {} },
      info: { kind: 'slot', rtp: 96.42, volatility: 'low', lines: 20, free_spins: { award: 10, multiplier: 2, max_per_round: 50 } },
    });
    expect(game.info.paytable[0]).toEqual({ symbol: 'plum', name: 'Plum', kind: 'pay', colour: '#7b2d5c', pays: { 3: 8, 4: 15, 5: 60 }, pays_on: 'line bet' });
    expect(game.info.paylines).toHaveLength(20);
    expect(game.info.rules.length).toBeGreaterThan(3);
  });

  it('gives roulette its per-position limits and blackjack its stakes', async () => {
    const roulette = (await get('/api/games/european-roulette')).json().data;
    expect(roulette.limits).toMatchObject({ min_stake: 10, max_stake: 1_000_00, stake_step: 1, bet_limits: { straight: 25_00, red: 450_00 } });
    expect(roulette.info.paytable.find((row: { type: string }) => row.type === 'straight')).toMatchObject({ payout: '35:1', multiplier: 35 });
    const blackjack = (await get('/api/games/blackjack')).json().data;
    expect(blackjack).toMatchObject({ limits: { min_stake: 1_00, max_stake: 500_00 }, info: { kind: 'blackjack', rtp: 99.58 } });
    // Decision 0041: the rule for a hand left unfinished is published with the game's rules.
    expect(blackjack.info.rules).toContain(
      'If you leave a hand unfinished, you can continue it at any time. A hand untouched for 24 hours is completed for you: you stand on every hand and the dealer plays out as usual; any win is paid to your balance.',
    );
  });

  it('is a 404 for unknown or malformed slugs', async () => {
    for (const slug of ['no-such-game', 'Lantern-Orchard', "x'--", 'a'.repeat(65)]) {
      const response = await get(`/api/games/${encodeURIComponent(slug)}`);
      expect(response.statusCode, slug).toBe(404);
      expect(response.json()).toEqual({ message: 'No game with that slug.' });
    }
  });
});

describe('the site services', () => {
  it('list the games of a listing target the all-games guard resolved', async () => {
    const target = await t.services.site.resolveListing('/new');
    expect(target).toMatchObject({ kind: 'category', slug: 'new' });
    const page = await t.services.site.games({ [target!.kind]: target!.slug, page: 1, perPage: 24 });
    expect(page.data.map((game) => game.slug)).toEqual(['crash', 'mines', 'dice', 'plinko', 'tidebound-hoard', 'blackjack']);
    const provider = await t.services.site.resolveListing('/providers/croupier-studio');
    expect((await t.services.site.games({ provider: provider!.slug, page: 1, perPage: 24 })).meta.total).toBe(9);
    expect(await t.services.site.game('no-such-game')).toBeNull();
    expect((await t.services.site.game('blackjack'))?.info.kind).toBe('blackjack');
  });

  it('seeding again changes nothing', async () => {
    const { seedCatalog } = await import('./seed.ts');
    await seedCatalog(t.services.database.db);
    expect((await get('/api/games')).json().meta.total).toBe(9);
  });
});
