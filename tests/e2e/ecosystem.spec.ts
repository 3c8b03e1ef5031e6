// Search engines and sharing (canonical addresses, titles, robots.txt, favicon, sitemap, JSON-LD, unique ids),
// axe-core over the public pages, and the lobby's live "N playing now" from the games' presence channels.
import AxeBuilder from '@axe-core/playwright';
import { PUBLIC_PAGES } from '../../app/lib/public-pages.ts';
import type { Page } from '@playwright/test';
import { expect, logIn, playerTest, playerUserAgent, screenshotPage, servers, test, waitForHydration } from './fixtures.ts';

const SITE = 'https://casino.example'; // the staging server's PUBLIC_URL

const FIXED_PAGES = PUBLIC_PAGES;

/** Every public page: the fixed ones and what the sitemap lists (each promotion, each category listing). */
async function publicPages(): Promise<string[]> {
  const sitemap = await (await fetch(`${servers.staging}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  return [...new Set([...FIXED_PAGES, ...listed])];
}

/** The page with its streamed parts in: no shelf still loading. */
async function settled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // The first-load badge fades out after about 3 s; axe judges the page a player reads after that, not mid-fade
  // (half-transparent text would be measured as low contrast).
  await page.evaluate(() => {
    for (const badge of document.querySelectorAll('[data-first-load-spinner]')) for (const animation of badge.getAnimations()) animation.finish();
  });
}

async function axeViolations(page: Page, path: string): Promise<string[]> {
  await settled(page, path);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const path of FIXED_PAGES) {
  test(`axe-core finds no violations on ${path}`, async ({ page }) => {
    test.setTimeout(120_000);
    expect(await axeViolations(page, path)).toEqual([]);
  });
}

test('axe-core finds no violations on the pages the sitemap adds (promotions, category listings)', async ({ page }) => {
  test.setTimeout(300_000);
  const found: Record<string, string[]> = {};
  for (const path of (await publicPages()).filter((path) => !FIXED_PAGES.includes(path))) {
    const violations = await axeViolations(page, path);
    if (violations.length > 0) found[path] = violations;
  }
  expect(found).toEqual({});
});

test('every public page names its canonical address and og:url, absolute and without tracking queries, and has its own title', async ({ page }) => {
  test.setTimeout(360_000);
  const titles = new Map<string, string>();
  for (const path of await publicPages()) {
    await page.goto(`${path}?utm_source=newsletter&gclid=abc&ma_token=aff-1`);
    const expected = `${SITE}${path === '/' ? '/' : path}`;
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute('href', expected);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('meta[property="og:url"]'), path).toHaveAttribute('content', expected);
    const title = await page.title();
    expect(title, path).not.toMatch(/games games/i);
    expect(await page.locator('meta[name="description"]').getAttribute('content'), path).toBeTruthy();
    if (path !== '/') titles.set(path, title);
  }
  const home = await (await page.goto('/'))?.text();
  expect(home).toBeTruthy();
  // No page but the home page carries the home page's title.
  const homeTitle = await page.title();
  for (const [path, title] of titles) expect(title, path).not.toBe(homeTitle);
  await page.goto('/promotion/sweet-bonanza');
  await expect(page).toHaveTitle(/^Sweet Treats Week \| /);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'A week of sugar-coated extras on our own candy-themed slots.');
  // A listing's later page keeps its page number; the /en copy points at the unprefixed page.
  await page.goto('/en/faq');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE}/faq`);
});

test('the home page carries a JSON-LD Organization, and its server HTML has unique ids and no heading-level gap', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  expect(repeated).toEqual([]);
  const block = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1];
  expect(JSON.parse(block ?? 'null')).toMatchObject({ '@context': 'https://schema.org', '@type': 'Organization', url: `${SITE}/` });

  for (const path of ['/', '/promotion', '/faq']) {
    await settled(page, path);
    const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) => headings.map((heading) => Number(heading.tagName[1])));
    expect(levels[0], path).toBe(1);
    for (let index = 1; index < levels.length; index++) expect(levels[index]! - levels[index - 1]!, `${path} heading ${index}`).toBeLessThanOrEqual(1);
  }
});

test('robots.txt keeps crawlers out of account, cashier, admin and play paths and names the sitemap; favicon.ico and lastmod exist', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  const text = await robots.text();
  for (const path of ['/account/', '/deposit', '/withdraw', '/admin', '/play/']) expect(text).toContain(`Disallow: ${path}`);
  expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`);

  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  // An ICO header: reserved 0, type 1.
  expect([...(await icon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  const urls = sitemap.match(/<url>/g)?.length ?? 0;
  expect(urls).toBeGreaterThan(5);
  expect(sitemap.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)?.length).toBe(urls);
});

playerTest('the lobby says how many play a game now, live, as players open and leave its play page', async ({ page, player, browser }) => {
  test.setTimeout(90_000);
  expect(player.id).toBeTruthy();
  await settled(page, '/');
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'live', { timeout: 10_000 });
  const tile = page.locator('[data-game]').first();
  const slug = await tile.getAttribute('data-game');
  expect(slug).toBeTruthy();
  const count = page.locator(`[data-game="${slug}"] [data-testid="playing-now"]`).first();
  await expect(count).toHaveCount(0);

  // Another signed-in player opens the game.
  const other = await browser.newContext({ baseURL: servers.staging, userAgent: playerUserAgent });
  await logIn(other);
  const playPage = await other.newPage();
  await playPage.goto(`/play/${slug}?mode=demo`);
  await waitForHydration(playPage);
  await expect(playPage.locator('html')).toHaveAttribute('data-realtime', 'live', { timeout: 10_000 });
  // The server counts the player on the game's presence channel ...
  await expect
    .poll(async () => ((await (await fetch(`${servers.staging}/api/playing-now`)).json()) as { data: Record<string, number> }).data[slug!], { timeout: 10_000 })
    .toBe(1);
  // ... and the lobby hears it without a reload.
  await expect(count).toHaveText('1 playing now', { timeout: 10_000 });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await count.scrollIntoViewIfNeeded();
    await screenshotPage(page, `test-results/ecosystem-playing-now-${width}.png`);
  }
  await other.close();
  await expect(count).toHaveCount(0, { timeout: 10_000 });
});
