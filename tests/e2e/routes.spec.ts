// SPEC.md §2 "Screens and routes": every route renders in its layout, unprefixed and under /en.
import { expect, isSameDocument, logIn, markDocument, prefixes, resetPasswordPath, servers, test, UUID, waitForHydration, withPrefix } from './fixtures.ts';

type Screen = { path: string; layout: string; heading: string };

/** Public screens a guest can open; the heading is the page's visible h1. */
const publicScreens: Screen[] = [
  { path: '/', layout: 'default', heading: '100% Match Bonus up to €500' },
  { path: '/promotion', layout: 'default', heading: 'Promotions' },
  { path: '/promotion/1', layout: 'black', heading: '100% Match Bonus up to €500' },
  { path: '/promotion/sweet-bonanza', layout: 'black', heading: 'Sweet Treats Week' },
  { path: '/promotion/big-bass-bonanza', layout: 'black', heading: 'The Big Catch' },
  { path: '/vip-club', layout: 'black', heading: 'VIP club' },
  { path: '/loyalty-club', layout: 'black', heading: 'Loyalty club' },
  { path: '/faq', layout: 'black', heading: 'Frequently asked questions' },
  { path: '/about', layout: 'black', heading: 'About us' },
  { path: '/cookie-policy', layout: 'black', heading: 'Cookie policy' },
  { path: '/privacy-policy', layout: 'black', heading: 'Privacy policy' },
  { path: '/terms-and-conditions', layout: 'black', heading: 'Terms and conditions' },
  { path: '/responsible-gaming', layout: 'black', heading: 'Responsible gaming' },
  { path: '/slots', layout: 'games', heading: 'Slots' },
  { path: '/table-games', layout: 'games', heading: 'Table games' },
  { path: '/new', layout: 'games', heading: 'New games' },
  { path: '/popular', layout: 'games', heading: 'Popular' },
  { path: '/providers/croupier-studio', layout: 'games', heading: 'Croupier Studio' },
  { path: `/refer-a-friend/${UUID}`, layout: 'blur', heading: 'A friend invited you' },
  { path: `/player/activate/${UUID}`, layout: 'blur', heading: 'Activating your account' },
  { path: '/play/european-roulette', layout: 'none', heading: 'European Roulette' },
  { path: '/play/croupier-studio/lantern-orchard', layout: 'none', heading: 'Lantern Orchard' },
  { path: '/test-route', layout: 'none', heading: 'Staging test route' },
];

/** Screens behind the auth guard, opened with the token cookie. */
const playerScreens: Screen[] = [
  { path: '/messages', layout: 'wallet', heading: 'Messages' },
  { path: '/deposit', layout: 'wallet', heading: 'Deposit' },
  { path: '/withdraw', layout: 'wallet', heading: 'Withdraw' },
  { path: '/all-bonuses', layout: 'wallet', heading: 'Bonuses' },
  { path: '/bonus-activated', layout: 'wallet', heading: 'Bonus activated' },
  { path: '/account/limit', layout: 'account', heading: 'Limits' },
  { path: '/account/bonuses', layout: 'account', heading: 'Bonuses' },
  { path: '/account/profile', layout: 'account', heading: 'Profile' },
  { path: '/account/vip-club', layout: 'account', heading: 'VIP club' },
  { path: '/account/loyalty-club', layout: 'account', heading: 'Loyalty club' },
  { path: '/account/verification', layout: 'account', heading: 'Verification' },
  { path: '/account/wallet', layout: 'account', heading: 'Wallet' },
  { path: '/account/transaction', layout: 'account', heading: 'Transactions' },
];

/** Popup pages (guests only): the home page blurred behind the popup's dialog. */
const popupScreens: { path: string; dialog: string }[] = [
  { path: '/login', dialog: 'Log in' },
  { path: '/register', dialog: 'Create your account' },
  { path: '/reset-password', dialog: 'Reset your password' },
  { path: '/account/reset-password/{token}', dialog: 'Choose a new password' },
];

/**
 * Screens grouped by layout, at most `size` to a test: a page reused across navigations loads much faster than a
 * fresh one, and three screens under both prefixes (six pages) stay well inside the timeout on a loaded machine.
 */
function groups<T extends { layout: string }>(screens: T[], size = 3): { layout: string; screens: T[] }[] {
  const byLayout = new Map<string, T[]>();
  for (const screen of screens) byLayout.set(screen.layout, [...(byLayout.get(screen.layout) ?? []), screen]);
  const out: { layout: string; screens: T[] }[] = [];
  for (const [layout, list] of byLayout) {
    for (let i = 0; i < list.length; i += size) out.push({ layout, screens: list.slice(i, i + size) });
  }
  return out;
}

const label = (screens: { path: string }[]) => screens.map((screen) => screen.path).join(', ');

test.describe('public routes', () => {
  for (const group of groups(publicScreens)) {
    test(`${group.layout} layout: ${label(group.screens)}, unprefixed and under /en`, async ({ page }) => {
      for (const screen of group.screens)
        for (const prefix of prefixes) {
          const path = withPrefix(prefix, screen.path);
          await test.step(path, async () => {
            const response = await page.goto(path);
            expect(response?.status()).toBe(200);
            expect(new URL(page.url()).pathname).toBe(path);
            await expect(page.locator(`[data-layout="${screen.layout}"]`)).toBeVisible();
            await expect(page.locator('[data-layout]')).toHaveCount(1);
            await expect(page.getByRole('heading', { level: 1, name: screen.heading, exact: true })).toBeVisible();
            await expect(page.locator('[data-error-status]')).toHaveCount(0);
          });
        }
    });
  }
});

test.describe('auth routes', () => {
  for (const group of groups(playerScreens)) {
    test(`${group.layout} layout for a logged-in player: ${label(group.screens)}, unprefixed and under /en`, async ({ playerPage: page }) => {
      for (const screen of group.screens)
        for (const prefix of prefixes) {
          const path = withPrefix(prefix, screen.path);
          await test.step(path, async () => {
            const response = await page.goto(path);
            expect(response?.status()).toBe(200);
            expect(new URL(page.url()).pathname).toBe(path);
            await expect(page.locator(`[data-layout="${screen.layout}"]`)).toBeVisible();
            await expect(page.getByRole('heading', { level: 1, name: screen.heading, exact: true })).toBeVisible();
            // The header of a logged-in player: no guest Log in button.
            await expect(page.getByRole('banner').getByRole('link', { name: 'Deposit' })).toBeVisible();
            await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);
          });
        }
    });
  }
});

test.describe('popup routes', () => {
  test(`blur-popup layout with its dialog: ${label(popupScreens)}, unprefixed and under /en`, async ({ page }) => {
    const resetPath = await resetPasswordPath();
    for (const screen of popupScreens)
      for (const prefix of prefixes) {
        const path = withPrefix(prefix, screen.path.replace('/account/reset-password/{token}', resetPath));
        await test.step(path, async () => {
          const response = await page.goto(path);
          expect(response?.status()).toBe(200);
          expect(new URL(page.url()).pathname).toBe(path);
          await expect(page.locator('[data-layout="blur-popup"]')).toBeVisible();
          const dialog = page.getByRole('dialog', { name: screen.dialog });
          await expect(dialog).toBeVisible();
          await expect(dialog.getByRole('heading', { name: screen.dialog })).toBeVisible();
        });
      }
  });
});

test('/maintenance renders in the none layout on the maintenance server, unprefixed and under /en', async ({ page }) => {
  for (const prefix of prefixes) {
    const path = withPrefix(prefix, '/maintenance');
    await test.step(path, async () => {
      const response = await page.goto(`${servers.maintenance}${path}`);
      expect(response?.status()).toBe(200);
      expect(page.url()).toBe(`${servers.maintenance}${path}`);
      await expect(page.locator('[data-layout="none"]')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'We’ll be right back' })).toBeVisible();
    });
  }
});

test.describe('sitemap', () => {
  for (const prefix of prefixes) {
    const path = withPrefix(prefix, '/sitemap.xml');
    test(`${path} lists absolute public URLs`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('xml');
      const xml = await response.text();
      expect(xml.startsWith('<?xml')).toBe(true);
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
      expect(locs.length).toBeGreaterThan(0);
      for (const loc of locs) expect(loc).toMatch(/^https:\/\/casino\.example\//);
      const expected = [
        '/',
        '/promotion',
        '/promotion/sweet-bonanza',
        '/promotion/big-bass-bonanza',
        '/vip-club',
        '/loyalty-club',
        '/faq',
        '/about',
        '/cookie-policy',
        '/privacy-policy',
        '/terms-and-conditions',
        '/responsible-gaming',
        '/fairness',
        '/promotion/1',
        '/promotion/2',
        '/promotion/3',
        '/promotion/4',
        '/slots',
        '/table-games',
        '/new',
        '/popular',
      ];
      for (const page of expected) expect(locs).toContain(`https://casino.example${page}`);
      // Nothing private or staging-only is advertised.
      expect(locs.some((loc) => /\/(account|deposit|withdraw|messages|test-route|login)\b/.test(loc!))).toBe(false);
    });
  }

  test('every sitemap URL opens on the site', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const paths = [...xml.matchAll(/<loc>https:\/\/casino\.example([^<]*)<\/loc>/g)].map((match) => match[1]!);
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
    }
  });
});

test('the header shows Log in for a guest and the Deposit link for a player', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  await logIn(context);
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Deposit' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toHaveCount(0);
});

test.describe('client-side navigation', () => {
  test('a guest clicking through header and footer links gets each page in its layout', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await markDocument(page);
    const steps = [
      { click: page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }), path: '/faq', layout: 'black', heading: 'Frequently asked questions' },
      { click: page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Slots' }), path: '/slots', layout: 'games', heading: 'Slots' },
      {
        click: page.getByRole('navigation', { name: 'Game categories' }).getByRole('link', { name: 'Table games' }),
        path: '/table-games',
        layout: 'games',
        heading: 'Table games',
      },
      {
        click: page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Promotions' }),
        path: '/promotion',
        layout: 'default',
        heading: 'Promotions',
      },
      {
        click: page.getByRole('main').getByRole('link', { name: 'Read more' }).first(),
        path: '/promotion/1',
        layout: 'black',
        heading: '100% Match Bonus up to €500',
      },
      {
        click: page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'VIP club' }),
        path: '/vip-club',
        layout: 'black',
        heading: 'VIP club',
      },
      {
        click: page.getByRole('contentinfo').getByRole('link', { name: 'Responsible gaming' }).first(),
        path: '/responsible-gaming',
        layout: 'black',
        heading: 'Responsible gaming',
      },
      { click: page.getByRole('banner').getByRole('link', { name: 'Croupier home' }), path: '/', layout: 'default', heading: '100% Match Bonus up to €500' },
    ];
    for (const step of steps) {
      await test.step(step.path, async () => {
        await step.click.click();
        await expect(page).toHaveURL(`${servers.staging}${step.path}`);
        await expect(page.locator(`[data-layout="${step.layout}"]`)).toBeVisible();
        await expect(page.getByRole('heading', { level: 1, name: step.heading, exact: true })).toBeVisible();
        await expect(page.locator('[data-error-status]')).toHaveCount(0);
      });
    }
    expect(await isSameDocument(page)).toBe(true);
  });

  test('a player clicking through the cashier and account links gets each page in its layout', async ({ playerPage: page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await markDocument(page);
    await page.getByRole('banner').getByRole('link', { name: 'Deposit' }).click();
    await expect(page).toHaveURL(`${servers.staging}/deposit`);
    await expect(page.locator('[data-layout="wallet"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Deposit' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Cashier' }).getByRole('link', { name: 'Messages' }).click();
    await expect(page).toHaveURL(`${servers.staging}/messages`);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

    await page.getByRole('banner').getByLabel('Account menu').click();
    await page.getByRole('navigation', { name: 'Account', exact: true }).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(`${servers.staging}/account/profile`);
    await expect(page.locator('[data-layout="account"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Limits' }).click();
    await expect(page).toHaveURL(`${servers.staging}/account/limit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Limits' })).toBeVisible();
    await expect(page.locator('[data-error-status]')).toHaveCount(0);
    expect(await isSameDocument(page)).toBe(true);
  });
});
