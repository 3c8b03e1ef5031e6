// The home page sends each lobby row once, in place: its games are loaded before the page is rendered, so no row
// goes out first as skeleton tiles and again in a hidden block that React swaps in (issue 28: the page was 165 KB).
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app.ts';
import { productionSite } from './test-production-site.ts';

describe('the home page', () => {
  const t = useTestApp({}, productionSite);

  it('renders every row of games in place, each tile once per row, with no skeleton and no streamed hidden block', async () => {
    const categories = await t.services.catalog.gameCategories();
    expect(categories.length).toBeGreaterThan(0);
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).not.toContain('aria-busy="true"');
    expect(html).not.toMatch(/<div hidden id="S:/);
    const tiles = [...html.matchAll(/data-game="([^"]+)"/g)].map((match) => match[1]);
    expect(tiles.length).toBeGreaterThan(0);
    // A game in two categories has a tile on each of their rows, and no more.
    const expected = new Map<string, number>();
    for (const category of categories) {
      const shelf = await t.services.catalog.games({ category: category.slug, page: 1, perPage: 12 });
      for (const game of shelf.data) expected.set(game.slug, (expected.get(game.slug) ?? 0) + 1);
    }
    expect(expected.size).toBeGreaterThan(0);
    for (const [slug, rows] of expected)
      expect(
        tiles.filter((tile) => tile === slug),
        slug,
      ).toHaveLength(rows);
    expect(tiles).toHaveLength([...expected.values()].reduce((sum, rows) => sum + rows, 0));
    // The banner's art is a file the browser caches, not inline markup, offered to wide screens only.
    expect(html).toContain('<source media="(min-width: 768px)" srcSet="/hero.svg"/>');
    expect(html).not.toContain('src="/hero.svg"');
  });
});
