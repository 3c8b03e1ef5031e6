// Issue 3: site-wide behaviours (cookie banner, spinner, loading bar, locale cookie, deploy notice),
// public content, the design system and the mobile menu.
import { clientNavigate, expect, servers, test, waitForHydration } from './fixtures.ts';

test.describe('cookie banner', () => {
  test.use({ consentGiven: false });

  test('is absent at 1 s, shown by 6 s, gone after accepting and after a reload', async ({ page }) => {
    await page.clock.install();
    await page.goto('/faq');
    // The banner's timer starts at hydration; moving the clock before it would skip past nothing. The installed
    // clock also moves with real time, so the first look leaves room for a slow machine between hydration and it.
    await waitForHydration(page);
    const banner = page.locator('[data-cookie-banner]');
    await page.clock.runFor(1000);
    await expect(banner).toHaveCount(0);
    await page.clock.runFor(5000);
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('cookie-consent'))).toBe('true');
    await page.reload();
    await page.clock.runFor(10_000);
    await expect(banner).toHaveCount(0);
  });

  test('links to the cookie policy in a new tab', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await waitForHydration(page);
    await page.clock.runFor(4600);
    const link = page.locator('[data-cookie-banner]').getByRole('link', { name: 'cookie policy' });
    await expect(link).toHaveAttribute('href', '/cookie-policy');
    await expect(link).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/cookie-policy');
    await expect(tab.getByRole('heading', { level: 1, name: 'Cookie policy' })).toBeVisible();
  });
});

test.describe('first-load spinner', () => {
  test('shows a small badge that covers no content and fades after about 3 s', async ({ page }) => {
    await page.goto('/');
    const spinner = page.locator('[data-first-load-spinner]');
    // The fade is a CSS animation that starts when the badge is parsed. A loaded machine can take longer than
    // 3 s to finish loading the page, so the test rewinds the fade to its start instead of racing it.
    const fade = await spinner.evaluate((element) => {
      const animation = element.getAnimations().find((a) => (a as CSSAnimation).animationName === 'first-load-spinner-out');
      if (!animation) throw new Error('the badge has no fade animation');
      animation.pause();
      animation.currentTime = 0;
      const { delay, duration } = animation.effect!.getTiming();
      return { delay, duration };
    });
    expect(fade).toEqual({ delay: 3000, duration: 300 });
    await expect(spinner).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const box = await spinner.boundingBox();
    expect(box?.height).toBeLessThan(60);
    expect(box?.width).toBeLessThan(200);
    await spinner.evaluate((element) => element.getAnimations().forEach((animation) => animation.play()));
    await expect(spinner).toBeHidden({ timeout: 6000 });
  });

  test('is not sent to bots, who get the whole server-rendered page', async ({ request }) => {
    const html = await (
      await request.get('/', { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } })
    ).text();
    expect(html).not.toContain('data-first-load-spinner');
    expect(html).toContain('100% Match Bonus up to €500');
    const player = await (await request.get('/')).text();
    expect(player).toContain('data-first-load-spinner');
  });
});

test.describe('loading bar', () => {
  test('appears on a slow navigation with 3 px height, then completes and hides', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const bar = page.locator('[data-loading-bar]');
    await expect(bar).toHaveAttribute('data-loading-bar', 'hidden');
    await page.route('**/faq.data*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    await clientNavigate(page, '/faq');
    await expect(bar).toHaveAttribute('data-loading-bar', 'visible');
    expect(await bar.evaluate((el) => getComputedStyle(el).height)).toBe('3px');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await expect(bar).toHaveAttribute('data-loading-bar', 'hidden', { timeout: 3000 });
  });

  test('waits out the 200 ms throttle before showing, and hides 500 ms after the page arrives', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await waitForHydration(page);
    const bar = page.locator('[data-loading-bar]');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/faq.data*', async (route) => {
      await held;
      await route.continue();
    });
    // Freeze the page's clock so only runFor moves it. The installed clock runs until then: the pause lies far
    // enough ahead that a loaded machine cannot pass it between reading the time and pausing (CI once took over 1 s).
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10_000));
    await clientNavigate(page, '/faq');
    await page.clock.runFor(150);
    await expect(bar).toHaveAttribute('data-loading-bar', 'hidden');
    await page.clock.runFor(100);
    await expect(bar).toHaveAttribute('data-loading-bar', 'visible');
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await page.clock.runFor(450);
    await expect(bar).toHaveAttribute('data-loading-bar', 'visible');
    await page.clock.runFor(100);
    await expect(bar).toHaveAttribute('data-loading-bar', 'hidden');
  });
});

test.describe('locale, metadata and deploys', () => {
  test('keeps the en-US locale cookie for 365 days and sets title, description and share image', async ({ page, context }) => {
    await page.goto('/faq');
    const locale = (await context.cookies()).find((cookie) => cookie.name === 'locale');
    expect(locale?.value).toBe('en-US');
    const days = ((locale?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    await expect(page).toHaveTitle('Frequently asked questions | Croupier');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', 'https://casino.example/share-image.png');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Answers about accounts/);
    const image = await page.request.get('/share-image.png');
    expect(image.headers()['content-type']).toBe('image/png');
  });

  test('offers a reload when builds/latest.json announces a newer build', async ({ page }) => {
    let served = 0;
    await page.route('**/builds/latest.json', async (route) => {
      served += 1;
      await route.fulfill({ json: served === 1 ? { id: 'aaaa', timestamp: 1000 } : { id: 'bbbb', timestamp: 2000 } });
    });
    await page.route('**/builds/meta/bbbb.json', (route) => route.fulfill({ json: { id: 'bbbb', timestamp: 2000, assets: 40 } }));
    await page.clock.install();
    await page.goto('/promotion');
    await waitForHydration(page);
    await expect(page.locator('[data-new-build]')).toHaveCount(0);
    await page.clock.runFor(5 * 60 * 1000 + 1000);
    const notice = page.locator('[data-new-build="bbbb"]');
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Reload' })).toBeVisible();
  });

  test('the build writes latest.json and its meta file, served without long caching', async ({ request }) => {
    const latest = await request.get('/builds/latest.json');
    expect(latest.headers()['cache-control']).toBe('no-cache');
    const { id } = (await latest.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    const meta = await request.get(`/builds/meta/${id}.json`);
    expect(meta.status()).toBe(200);
    expect(await meta.json()).toMatchObject({ id });
  });
});

test.describe('public content', () => {
  const pages: [string, string, string[]][] = [
    ['/faq', 'Frequently asked questions', ['How does wagering work?', 'Can I cancel a withdrawal?']],
    ['/about', 'About us', ['Our games', 'double-entry ledger']],
    ['/cookie-policy', 'Cookie policy', ['trackingParams', 'ma_token', '365 days', '7 days']],
    ['/privacy-policy', 'Privacy policy', ['Your rights', 'How long we keep it']],
    ['/terms-and-conditions', 'Terms and conditions', ['Your account', 'Complaints']],
    ['/responsible-gaming', 'Responsible gaming', ['Self-exclusion', 'Time-out', 'BeGambleAware', 'Deposit limits']],
  ];
  for (const [path, title, phrases] of pages) {
    test(`${path} renders its Markdown content in the black layout`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('[data-layout="black"]')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      for (const phrase of phrases) await expect(page.locator('.prose-casino')).toContainText(phrase);
    });
  }

  test('the cookie policy lists every cookie of the spec in its table', async ({ page }) => {
    await page.goto('/cookie-policy');
    const rows = page.locator('.prose-casino table tbody tr');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText('token');
    await expect(rows.nth(3)).toContainText('365 days');
  });

  test('promotions come from the database, and a promotion shows its terms', async ({ page }) => {
    await page.goto('/promotion');
    const cards = page.locator('article');
    await expect(cards).toHaveCount(4);
    await expect(cards.first()).toContainText('100% Match Bonus up to €500');
    await cards.first().getByRole('link', { name: 'Read more' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '100% Match Bonus up to €500' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Wagering' })).toBeVisible();
  });

  test('the VIP and loyalty pages explain the tiers and the points', async ({ page }) => {
    await page.goto('/vip-club');
    for (const tier of ['Bronze', 'Silver', 'Gold', 'Platinum']) await expect(page.getByRole('heading', { level: 2, name: tier })).toBeVisible();
    await expect(page.getByText('2,500 points a month')).toBeVisible();
    await page.goto('/loyalty-club');
    await expect(page.getByRole('cell', { name: '€10 staked' })).toBeVisible();
    await expect(page.getByText('100 points buy €1.00 in cash')).toBeVisible();
  });
});

test.describe('design system and mobile menu', () => {
  test('the staging gallery shows accessible tabs, fields, toast and dialog', async ({ page }) => {
    await page.goto('/test-route');
    await waitForHydration(page);
    const tabs = page.getByRole('tablist', { name: 'Component groups' });
    await tabs.getByRole('tab', { name: 'Buttons' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'Forms' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: 'at least 8 characters' })).toBeVisible();
    await page.getByLabel('I am over 18').check();
    await expect(page.getByLabel('I am over 18')).toBeChecked();
    await page.keyboard.press('Home');
    await tabs.getByRole('tab', { name: 'Buttons' }).click();
    await page.getByRole('button', { name: 'Show toast' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your changes were saved.' })).toBeVisible();
    await page.getByRole('button', { name: 'Open dialog' }).click();
    await expect(page.getByRole('dialog', { name: 'Example dialog' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Example dialog' })).toHaveCount(0);
    await tabs.getByRole('tab', { name: 'Data' }).click();
    await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: '3' })).toHaveAttribute('aria-current', 'page');
  });

  test('at 375 px the main navigation folds into a menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByLabel('Menu').click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobile.getByRole('link', { name: 'Promotions' })).toBeVisible();
    await mobile.getByRole('link', { name: 'Promotions' }).click();
    await expect(page).toHaveURL(`${servers.staging}/promotion`);
  });
});

test.describe('screenshots', () => {
  for (const [name, path] of [
    ['home', '/'],
    ['promotions', '/promotion'],
    ['landing', '/promotion/sweet-bonanza'],
    ['faq', '/faq'],
  ] as const) {
    for (const width of [375, 1280]) {
      test(`${name} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
      });
    }
  }
});
