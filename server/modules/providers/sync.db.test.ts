// Hub88's game list into the catalogue (docs/decisions/0100): against the reference aggregator in-process, new games
// arrive switched off, a second sync changes nothing, a game gone from the list is hidden (never deleted) and comes
// back as the operator left it, and the scheduled job syncs too.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startAggregator } from '../../../aggregator/aggregator.ts';
import type { GameSummary } from '../../../contract/games.ts';
import { games } from '../catalog/schema.ts';
import { createHub88OperatorClient } from './hub88/operator-client.ts';
import { listingOf, volatilityOf } from './sync.ts';
import { providerCalls, providerSyncs } from './schema.ts';
import { useAppWithReferenceAggregator } from './testing.ts';

const { t, aggregator } = useAppWithReferenceAggregator(startAggregator);

const CODES = ['crp_copper_clover', 'crp_lantern_drift', 'crp_tide_pool_trio'];
const hub88Rows = () => t.services.database.db.select().from(games).where(eq(games.source, 'hub88'));
const lobby = async (query = '') => (await t.app.inject({ method: 'GET', url: `/api/games?per_page=100${query}` })).json().data as GameSummary[];

describe('the game list sync', () => {
  it('adds every game switched off, filed under our category, with the studio as its provider', async () => {
    const result = await t.services.providers.syncGames('operator', null);
    expect(result).toMatchObject({ ok: true, total: 3, added: 3, updated: 0, withdrawn: 0 });
    const rows = await hub88Rows();
    expect(rows.map((row) => row.externalCode).sort()).toEqual(CODES);
    for (const row of rows) {
      expect(row).toMatchObject({ enabled: false, engine: 'provider', demoAvailable: true, freebetSupport: true, withdrawnAt: null, rtp: 96.64 });
      expect(row.thumbnail).toBe(`${aggregator().publicUrl}/thumbs/${row.externalCode}.svg`);
    }
    expect(rows.find((row) => row.externalCode === 'crp_copper_clover')!.slug).toBe('copper-clover');
    // Off: not in the lobby, not found by search, not a game page.
    expect((await lobby()).filter((game) => game.source === 'hub88')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/games/copper-clover' })).statusCode).toBe(404);
    const [sync] = await t.services.database.db.select().from(providerSyncs).where(eq(providerSyncs.id, result.id));
    expect(sync).toMatchObject({ provider: 'hub88', trigger: 'operator', ok: true, added: 3 });
    const calls = await t.services.database.db.select().from(providerCalls);
    expect(calls.some((call) => call.endpoint === 'game/list' && call.ok)).toBe(true);
  });

  it('changes nothing when run again, and keeps the operator’s switch', async () => {
    const [first] = await hub88Rows();
    await t.services.catalog.providerGames.update('hub88', first!.slug, { enabled: true, wageringContribution: 50 });
    t.services.catalog.invalidate();
    const before = await hub88Rows();
    const again = await t.services.providers.syncGames('schedule');
    expect(again).toMatchObject({ ok: true, total: 3, added: 0, updated: 0, withdrawn: 0 });
    expect(await hub88Rows()).toEqual(before);
    const tile = (await lobby()).find((game) => game.slug === first!.slug)!;
    expect(tile).toMatchObject({ source: 'hub88', kind: 'provider', studio: 'Croupier Reference Studio', demo: true, provider: 'croupier-reference-studio' });
    // Listed with our own games: by category, by its studio, and by search.
    expect((await lobby('&category=slots')).map((game) => game.slug)).toContain(first!.slug);
    expect((await lobby('&provider=croupier-reference-studio')).map((game) => game.slug)).toEqual([first!.slug]);
    expect((await lobby(`&q=${encodeURIComponent(first!.name.slice(0, 5))}`)).map((game) => game.slug)).toContain(first!.slug);
  });

  it('hides a game the list no longer names, never deletes it, and brings it back as the operator left it', async () => {
    const catalogue = t.services.catalog.providerGames;
    const enabled = (await catalogue.list('hub88')).find((game) => game.enabled)!;
    const today = '2026-11-28';
    const client = createHub88OperatorClient({ apiUrl: aggregator().url, operatorId: 42, privateKey: t.config.hub88!.privateKey });
    const listed = (await client.gameList()).map((game) => listingOf(game, today));
    const without = listed.filter((listing) => listing.code !== enabled.code);
    expect(await catalogue.sync('hub88', without)).toMatchObject({ total: 2, added: 0, updated: 0, withdrawn: 1 });
    t.services.catalog.invalidate();
    const hidden = (await hub88Rows()).find((row) => row.externalCode === enabled.code)!;
    expect(hidden).toMatchObject({ enabled: true });
    expect(hidden.withdrawnAt).toBeInstanceOf(Date);
    expect((await lobby()).map((game) => game.slug)).not.toContain(enabled.slug);
    expect(await catalogue.offered('hub88', enabled.code)).toBeNull();
    // Hidden once, hidden still: a repeat changes nothing.
    expect(await catalogue.sync('hub88', without)).toMatchObject({ withdrawn: 0, updated: 0 });
    // Listed again: back, still switched on.
    expect(await t.services.providers.syncGames('operator')).toMatchObject({ added: 0, updated: 1, withdrawn: 0 });
    t.services.catalog.invalidate();
    expect((await lobby()).map((game) => game.slug)).toContain(enabled.slug);
    expect(await catalogue.offered('hub88', enabled.code)).toMatchObject({ slug: enabled.slug, category: 'slots' });
  });

  it('offers games new to the list at once when told to (HUB88_NEW_GAMES=on), and leaves known games as the operator set them', async () => {
    const catalogue = t.services.catalog.providerGames;
    const known = await catalogue.list('hub88');
    const client = createHub88OperatorClient({ apiUrl: aggregator().url, operatorId: 42, privateKey: t.config.hub88!.privateKey });
    const listed = (await client.gameList()).map((game) => listingOf(game, '2026-11-28'));
    const fresh = { ...listed[0]!, code: 'crp_brand_new', name: 'Brand New Reels' };
    expect(await catalogue.sync('hub88', [...listed, fresh], { enableNew: true })).toMatchObject({ added: 1 });
    const after = await catalogue.list('hub88');
    expect(after.find((game) => game.code === 'crp_brand_new')).toMatchObject({ enabled: true });
    for (const game of known) expect(after.find((other) => other.code === game.code)?.enabled).toBe(game.enabled);
    expect(await catalogue.offered('hub88', 'crp_brand_new')).toMatchObject({ name: 'Brand New Reels' });
  });

  it('is a keyed hourly job of the scheduler', async () => {
    const job = t.services.providers.jobs.find((candidate) => candidate.name === 'providers:hub88-sync')!;
    expect(job.pattern).toBe('7 * * * *');
    expect(await job.run(new Date())).toMatchObject({ ok: true, added: 0 });
  });
});

describe('listingOf', () => {
  it('reads Hub88’s fields: volatility 1 to 5 or a word, RTP as text, countries upper case, dates or today', () => {
    expect([1, 2, 3, 4, 5, 'High', null].map((value) => volatilityOf(value))).toEqual(['low', 'low', 'medium', 'high', 'high', 'high', 'medium']);
    expect(
      listingOf(
        { game_code: 'x', name: ' X ', rtp: '95.5', blocked_countries: ['us', 'GBR', 'fr'], release_date: 'soon', url_thumb: 'javascript:alert(1)' },
        '2026-11-28',
      ),
    ).toEqual({
      code: 'x',
      name: 'X',
      studio: 'Hub88',
      category: '',
      thumbnail: '',
      demo: false,
      freebets: false,
      rtp: 95.5,
      volatility: 'medium',
      releaseDate: '2026-11-28',
      blockedCountries: ['US', 'FR'],
    });
  });
});
