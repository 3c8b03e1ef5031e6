// SPEC.md §2 "Global route rules": maintenance, promo query, server route rules, unmatched routes,
// page validation, the staging-only test route and the auth and guest-only guards.
import { clientNavigate, expect, isSameDocument, markDocument, servers, test, tokenCookieHeader } from './fixtures.ts';

/** A relative or absolute Location header, read against the server that sent it. */
function locationOf(headers: Record<string, string>, base: string = servers.staging): URL {
  const location = headers.location;
  expect(location, 'Location header').toBeTruthy();
  return new URL(location!, base);
}

test.describe('maintenance', () => {
  for (const path of ['/', '/faq', '/en/faq', '/promotion/1', '/login']) {
    test(`the maintenance server answers ${path} with a redirect to /maintenance`, async ({ request }) => {
      const response = await request.get(`${servers.maintenance}${path}`, { maxRedirects: 0 });
      expect([301, 302, 303, 307, 308]).toContain(response.status());
      const location = locationOf(response.headers(), servers.maintenance);
      expect(location.origin).toBe(servers.maintenance);
      expect(location.pathname).toBe('/maintenance');
    });
  }

  test('a browser opening / or /faq on the maintenance server lands on /maintenance', async ({ page }) => {
    for (const path of ['/', '/faq']) {
      await test.step(path, async () => {
        const response = await page.goto(`${servers.maintenance}${path}`);
        expect(response?.status()).toBe(200);
        expect(page.url()).toBe(`${servers.maintenance}/maintenance`);
        await expect(page.locator('[data-layout="none"]')).toBeVisible();
        await expect(page.getByRole('heading', { level: 1, name: 'We’ll be right back' })).toBeVisible();
      });
    }
  });

  test('a logged-in player is sent to /maintenance too', async ({ request }) => {
    const response = await request.get(`${servers.maintenance}/account/profile`, { maxRedirects: 0, headers: await tokenCookieHeader(servers.maintenance) });
    expect(response.status()).toBe(302);
    expect(locationOf(response.headers(), servers.maintenance).pathname).toBe('/maintenance');
  });

  test('the staging server redirects /maintenance to /', async ({ request, page }) => {
    const response = await request.get('/maintenance', { maxRedirects: 0 });
    expect([301, 302, 303, 307, 308]).toContain(response.status());
    expect(locationOf(response.headers()).pathname).toBe('/');

    await page.goto('/maintenance');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.locator('[data-layout="default"]')).toBeVisible();
  });

  test('the staging server redirects /en/maintenance to the home page', async ({ request }) => {
    const response = await request.get('/en/maintenance', { maxRedirects: 0 });
    expect([301, 302, 303, 307, 308]).toContain(response.status());
    expect(['/', '/en', '/en/']).toContain(locationOf(response.headers()).pathname);
  });
});

test.describe('promo query', () => {
  test('bonusId and promo without landing send a guest to /register keeping both', async ({ request, page }) => {
    const response = await request.get('/?bonusId=7&promo=SPRING', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const location = locationOf(response.headers());
    expect(location.pathname).toBe('/register');
    expect(location.searchParams.get('bonusId')).toBe('7');
    expect(location.searchParams.get('promo')).toBe('SPRING');

    await page.goto('/?bonusId=7&promo=SPRING');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/register');
    expect(url.searchParams.get('bonusId')).toBe('7');
    expect(url.searchParams.get('promo')).toBe('SPRING');
    await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
  });

  test('bonusId and promo do not redirect a logged-in player', async ({ request, playerPage: page }) => {
    const response = await request.get('/?bonusId=7&promo=SPRING', { maxRedirects: 0, headers: await tokenCookieHeader() });
    expect(response.status()).toBe(200);

    await page.goto('/?bonusId=7&promo=SPRING');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/');
    expect(url.search).toBe('?bonusId=7&promo=SPRING');
    await expect(page.locator('[data-layout="default"]')).toBeVisible();
  });

  test('landing and promo go to /promotion/{landing} keeping bonusId, landing and promo', async ({ request, page }) => {
    const response = await request.get('/faq?landing=1&promo=X&bonusId=7', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const location = locationOf(response.headers());
    expect(location.pathname).toBe('/promotion/1');
    expect(Object.fromEntries(location.searchParams)).toEqual({ bonusId: '7', landing: '1', promo: 'X' });

    await page.goto('/faq?landing=1&promo=X&bonusId=7');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/promotion/1');
    expect(Object.fromEntries(url.searchParams)).toEqual({ bonusId: '7', landing: '1', promo: 'X' });
    await expect(page.locator('[data-layout="black"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: '100% Match Bonus up to €500' })).toBeVisible();
  });

  test('landing and promo without bonusId go to the landing for a guest and a player alike', async ({ request }) => {
    for (const headers of [{}, await tokenCookieHeader()]) {
      const response = await request.get('/about?landing=2&promo=X', { maxRedirects: 0, headers });
      expect(response.status()).toBe(302);
      const location = locationOf(response.headers());
      expect(location.pathname).toBe('/promotion/2');
      expect(Object.fromEntries(location.searchParams)).toEqual({ landing: '2', promo: 'X' });
    }
  });

  test('a logged-in player holding bonusId, landing and promo is not redirected', async ({ request }) => {
    const response = await request.get('/faq?landing=1&promo=X&bonusId=7', { maxRedirects: 0, headers: await tokenCookieHeader() });
    expect(response.status()).toBe(200);
  });

  for (const path of [
    '/promotion?bonusId=7&promo=SPRING',
    '/promotion?landing=1&promo=X&bonusId=7',
    '/promotion/2?bonusId=7&promo=SPRING',
    '/promotion/2?landing=1&promo=X',
    '/register?bonusId=7&promo=SPRING',
    '/register?landing=1&promo=X',
  ]) {
    test(`no promo redirect on ${path}`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
    });
  }

  test('a guest stays on /promotion with a promo query in the browser', async ({ page }) => {
    await page.goto('/promotion?bonusId=7&promo=SPRING');
    expect(page.url()).toBe(`${servers.staging}/promotion?bonusId=7&promo=SPRING`);
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  });
});

test.describe('server route rules', () => {
  const rules = [
    { source: '/promotions', status: 301, target: '/promotion' },
    { source: '/bonuses', status: 302, target: '/all-bonuses' },
    { source: '/help', status: 301, target: '/faq' },
  ];

  for (const rule of rules) {
    test(`${rule.source} answers ${rule.status} to ${rule.target}, unprefixed and under /en`, async ({ request }) => {
      for (const source of [rule.source, `/en${rule.source}`, `${rule.source}/`]) {
        const response = await request.get(source, { maxRedirects: 0 });
        expect(response.status(), source).toBe(rule.status);
        const location = locationOf(response.headers());
        expect(location.origin).toBe(servers.staging);
        expect(location.pathname, source).toBe(rule.target);
      }
    });
  }

  test('an external rule target is sent as an absolute Location', async ({ request }) => {
    const response = await request.get('/gambling-help', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('https://www.begambleaware.org/');
  });

  test('a browser following a rule lands on the target page', async ({ page }) => {
    await page.goto('/help');
    expect(new URL(page.url()).pathname).toBe('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();

    await page.goto('/promotions');
    expect(new URL(page.url()).pathname).toBe('/promotion');
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  });

  test('a client-side navigation to a rule source ends at the target without a page load', async ({ page }) => {
    await page.goto('/');
    await markDocument(page);
    await clientNavigate(page, '/help');
    await expect(page).toHaveURL(`${servers.staging}/faq`);
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    expect(await isSameDocument(page)).toBe(true);

    await clientNavigate(page, '/promotions');
    await expect(page).toHaveURL(`${servers.staging}/promotion`);
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    expect(await isSameDocument(page)).toBe(true);
  });

  test('a client-side navigation to /bonuses ends at /all-bonuses for a player', async ({ playerPage: page }) => {
    await page.goto('/');
    await markDocument(page);
    await clientNavigate(page, '/bonuses');
    await expect(page).toHaveURL(`${servers.staging}/all-bonuses`);
    await expect(page.locator('[data-layout="wallet"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Bonuses' })).toBeVisible();
    expect(await isSameDocument(page)).toBe(true);
  });

  test('an external rule target causes a full page load', async ({ page }) => {
    // The network is closed: the external site is answered here.
    await page.route('https://www.begambleaware.org/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>BeGambleAware</title><h1>BeGambleAware stand-in</h1>' }),
    );
    await page.goto('/');
    await markDocument(page);
    await clientNavigate(page, '/gambling-help');
    await expect(page).toHaveURL('https://www.begambleaware.org/');
    await expect(page.getByRole('heading', { name: 'BeGambleAware stand-in' })).toBeVisible();
    expect(await isSameDocument(page)).toBe(false);
  });
});

test.describe('unmatched routes and page validation', () => {
  for (const path of ['/account/nope', '/en/account/nope', '/promotion/1/extra', '/player/nope']) {
    test(`${path} shows the non-fatal "Page not found" inside the games layout with 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      expect(new URL(page.url()).pathname).toBe(path);
      await expect(page.locator('[data-layout="games"]')).toBeVisible();
      const notFound = page.locator('[data-unmatched-route]');
      await expect(notFound).toBeVisible();
      await expect(notFound.getByRole('heading', { level: 1 })).toHaveText('Page not found');
      // Non-fatal: the site header and footer stay, no fatal error screen.
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.locator('[data-error-status]')).toHaveCount(0);
    });
  }

  test('the unmatched route is non-fatal for a logged-in player too', async ({ playerPage: page }) => {
    const response = await page.goto('/account/nope');
    expect(response?.status()).toBe(404);
    await expect(page.locator('[data-unmatched-route]')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Deposit' })).toBeVisible();
  });

  for (const path of ['/no-such-thing', '/en/no-such-thing', '/slots/nope/deeper', '/promotion/999', '/providers/nope', '/play/Not_A_Game']) {
    test(`${path} is the fatal "Page Not Found: ${path}" with 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const screen = page.locator('main[data-error-status="404"]');
      await expect(screen).toBeVisible();
      await expect(screen).toContainText(`Page Not Found: ${path}`);
      await expect(page.locator('[data-layout]')).toHaveCount(0);
      await expect(page.locator('[data-unmatched-route]')).toHaveCount(0);
    });
  }

  test('a client-side navigation to an unknown slug shows the fatal error too', async ({ page }) => {
    await page.goto('/');
    await markDocument(page);
    await clientNavigate(page, '/no-such-thing');
    await expect(page.locator('main[data-error-status="404"]')).toContainText('Page Not Found: /no-such-thing');
    expect(await isSameDocument(page)).toBe(true);
  });
});

test.describe('staging-only test route', () => {
  test('/test-route is 404 on the production server', async ({ request, page }) => {
    for (const path of ['/test-route', '/en/test-route', '/test-route?status=500']) {
      const response = await request.get(`${servers.production}${path}`);
      expect(response.status(), path).toBe(404);
    }
    const response = await page.goto(`${servers.production}/test-route`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('main[data-error-status="404"]')).toContainText('Page Not Found: /test-route');
  });

  test('/test-route works on staging', async ({ request, page }) => {
    const response = await request.get('/test-route');
    expect(response.status()).toBe(200);
    await page.goto('/test-route');
    await expect(page.getByRole('heading', { level: 1, name: 'Staging test route' })).toBeVisible();
    await expect(page.locator('pre')).toContainText('"app_env": "staging"');
  });
});

test.describe('auth guard', () => {
  for (const path of ['/account/profile', '/deposit', '/messages', '/en/account/wallet', '/all-bonuses?bonusId=7']) {
    test(`a guest opening ${path} is sent to log in and comes back there`, async ({ request, page }) => {
      const prefix = path.startsWith('/en/') ? '/en' : '';
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      const location = locationOf(response.headers());
      expect(location.pathname).toBe(`${prefix}/login`);
      expect(location.searchParams.get('redirect')).toBe(path);

      await page.goto(path);
      const url = new URL(page.url());
      expect(url.pathname).toBe(`${prefix}/login`);
      expect(url.searchParams.get('redirect')).toBe(path);
      await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    });
  }

  test('a client-side navigation by a guest to an auth page opens the login dialog', async ({ page }) => {
    await page.goto('/');
    await markDocument(page);
    await clientNavigate(page, '/withdraw');
    await expect(page).toHaveURL(`${servers.staging}/login?redirect=%2Fwithdraw`);
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    expect(await isSameDocument(page)).toBe(true);
  });
});

test.describe('guest-only pages', () => {
  for (const path of ['/login', '/register', '/reset-password', '/account/reset-password/abc']) {
    test(`${path} redirects a logged-in player to /`, async ({ request, playerPage: page }) => {
      const response = await request.get(path, { maxRedirects: 0, headers: await tokenCookieHeader() });
      expect(response.status()).toBe(302);
      expect(locationOf(response.headers()).pathname).toBe('/');

      await page.goto(path);
      expect(new URL(page.url()).pathname).toBe('/');
      await expect(page.locator('[data-layout="default"]')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  }

  test('/en/login redirects a logged-in player to the /en home page', async ({ playerPage: page }) => {
    await page.goto('/en/login');
    expect(new URL(page.url()).pathname).toMatch(/^\/en\/?$/);
    await expect(page.locator('[data-layout="default"]')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
