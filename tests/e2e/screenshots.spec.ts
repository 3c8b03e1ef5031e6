// The home page at a phone width and a desktop width, saved for review.
import { expect, test, waitForHydration } from './fixtures.ts';

for (const width of [375, 1280]) {
  test(`home page at ${width} px renders without horizontal overflow`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));

    await expect(page.locator('[data-layout="default"]')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Croupier home' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: '100% Match Bonus up to €500' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search games' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Slots', exact: true }).getByRole('link', { name: 'Lantern Orchard' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // The main navigation sits in the header at desktop width and behind the menu button on a phone.
    if (width < 1024) await expect(page.getByRole('banner').getByLabel('Menu', { exact: true })).toBeVisible();
    else await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    const overflow = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.viewport);

    await page.screenshot({ path: `test-results/screenshots/home-${width}.png`, fullPage: true });
  });
}

test('the banner art is loaded on wide screens only, where it shows', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/hero.svg') requested.push(request.url());
  });
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto('/');
  await waitForHydration(page);
  const art = page.getByRole('img', { name: 'A stack of gold chips beside a roulette wheel' });
  await expect(art).toBeHidden();
  await page.waitForLoadState('load');
  expect(requested).toEqual([]);
  // No preload for it in the page either: a phone would fetch it before the stylesheet.
  expect(await page.locator('link[rel="preload"][href="/hero.svg"]').count()).toBe(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(art).toBeVisible();
  await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && new URL(img.currentSrc).pathname)).toBe('/hero.svg');
  expect(requested).toHaveLength(1);
});
