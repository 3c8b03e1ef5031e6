// SPEC.md §2 "Error screens", raised through the staging-only /test-route.
import type { Page } from '@playwright/test';
import { clientNavigate, expect, logIn, servers, test, waitForHydration } from './fixtures.ts';

const errorScreen = (page: Page, status: number) => page.locator(`main[data-error-status="${status}"]`);

test.describe('error screens', () => {
  test('400 shows the server message', async ({ page }) => {
    const response = await page.goto('/test-route?status=400&message=Bad+thing');
    expect(response?.status()).toBe(400);
    const screen = errorScreen(page, 400);
    await expect(screen).toBeVisible();
    await expect(screen.getByText('Bad thing', { exact: true })).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Go to verification' })).toHaveCount(0);
    await expect(screen.getByRole('link', { name: /Bonuses page/ })).toHaveCount(0);
    await expect(page.locator('[data-layout]')).toHaveCount(0);
  });

  test('400 of type kyc shows the message and a "Go to verification" link to /account/verification', async ({ page, context }) => {
    const response = await page.goto('/test-route?status=400&type=kyc&message=Verify+your+identity+first');
    expect(response?.status()).toBe(400);
    const screen = errorScreen(page, 400);
    await expect(screen.getByText('Verify your identity first')).toBeVisible();
    const link = screen.getByRole('link', { name: 'Go to verification' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '/account/verification');

    await logIn(context);
    await waitForHydration(page);
    await link.click();
    await expect(page).toHaveURL(`${servers.staging}/account/verification`);
    await expect(page.locator('[data-layout="account"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Verification' })).toBeVisible();
  });

  test('400 of type kyc without a message shows the default KYC message', async ({ page }) => {
    await page.goto('/test-route?status=400&type=kyc');
    const screen = errorScreen(page, 400);
    await expect(screen.getByText('Your account must be KYC verified!')).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Go to verification' })).toBeVisible();
  });

  test('400 of type bonus links back to /account/bonuses', async ({ playerPage: page }) => {
    await page.goto('/test-route?status=400&type=bonus&message=This+bonus+has+expired');
    const screen = errorScreen(page, 400);
    await expect(screen.getByText('This bonus has expired')).toBeVisible();
    const link = screen.getByRole('link', { name: 'Back to the Bonuses page' });
    await expect(link).toHaveAttribute('href', '/account/bonuses');
    await expect(screen.getByRole('link', { name: 'Go to verification' })).toHaveCount(0);

    await waitForHydration(page);
    await link.click();
    await expect(page).toHaveURL(`${servers.staging}/account/bonuses`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bonuses' })).toBeVisible();
  });

  test('403 of type inactive shows the activation prompt with Resend email and Go back', async ({ page }) => {
    const response = await page.goto('/test-route?status=403&type=inactive&message=Your+account+is+not+activated.');
    expect(response?.status()).toBe(403);
    const screen = errorScreen(page, 403);
    await expect(screen.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
    await expect(screen).toContainText('check your e-mail');
    await expect(screen.getByRole('button', { name: 'Resend email' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Go back' })).toBeVisible();
    // E-mail mode (the default setting): no SMS "Activate" button.
    await expect(screen.getByRole('button', { name: 'Activate', exact: true })).toHaveCount(0);
  });

  test('Resend email confirms with "Please check your e-mail." and shows a failure from the response', async ({ page }) => {
    let answer = { status: 429, body: { message: 'Please wait a minute before asking again.' } };
    let calls = 0;
    await page.route('**/api/resend-activation', (route) => {
      calls += 1;
      expect(route.request().method()).toBe('POST');
      return route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) });
    });
    await page.goto('/test-route?status=403&type=inactive');
    await waitForHydration(page);
    const screen = errorScreen(page, 403);
    const resend = screen.getByRole('button', { name: 'Resend email' });

    await resend.click();
    await expect(screen.getByRole('alert')).toHaveText('Please wait a minute before asking again.');
    await expect(screen.getByRole('status')).toHaveCount(0);

    answer = { status: 200, body: { message: 'sent' } };
    await resend.click();
    await expect(screen.getByRole('status')).toHaveText('Please check your e-mail.');
    await expect(screen.getByRole('alert')).toHaveCount(0);
    expect(calls).toBe(2);
  });

  test('404 says the page cannot be found and Go back returns to the page of ours it was opened from', async ({ page }) => {
    await page.goto('/faq');
    // A full page load from one of our pages (a link followed without the client router) carries it as referrer.
    const response = await page.goto('/test-route?status=404', { referer: `${servers.staging}/faq` });
    expect(response?.status()).toBe(404);
    const screen = errorScreen(page, 404);
    await expect(screen.getByRole('heading', { name: 'This page cannot be found' })).toBeVisible();
    await waitForHydration(page);
    await screen.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(`${servers.staging}/faq`);
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  });

  test('404 opened in a fresh tab goes back to / by default', async ({ page: opener, context }) => {
    // A tab opened straight on the address has no history to go back to.
    await opener.goto('/faq');
    const [page] = await Promise.all([
      context.waitForEvent('page'),
      opener.evaluate(() => void window.open('/test-route?status=404&message=Nothing+here', '_blank', 'noopener')),
    ]);
    await page.waitForLoadState();
    const screen = errorScreen(page, 404);
    await expect(screen.getByText('Nothing here')).toBeVisible();
    await waitForHydration(page);
    expect(await page.evaluate(() => window.history.length)).toBe(1);
    await screen.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(`${servers.staging}/`);
    await expect(page.locator('[data-layout="default"]')).toBeVisible();
  });

  test('404 scrolls the page to the top, and Go back leaves it for the previous page in the app', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/faq');
    await waitForHydration(page);
    await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await clientNavigate(page, '/no-such-thing');
    await expect(errorScreen(page, 404)).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await errorScreen(page, 404).getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(`${servers.staging}/faq`);
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await expect(page.locator('[data-error-status]')).toHaveCount(0);
  });

  test('423 of type blocked says the account is blocked and to contact support', async ({ page }) => {
    const response = await page.goto('/test-route?status=423&type=blocked&message=Your+account+is+blocked.');
    expect(response?.status()).toBe(423);
    const screen = errorScreen(page, 423);
    await expect(screen.getByRole('heading', { name: 'Your account is currently blocked' })).toBeVisible();
    await expect(screen).toContainText('Your account is currently blocked.');
    await expect(screen).toContainText(/contact our support/i);
  });

  for (const query of ['status=500', 'status=503&message=Upstream+down', 'status=403', 'status=423', 'status=418&type=kyc']) {
    test(`${query} shows "Something went wrong. Please reload the page!"`, async ({ page }) => {
      const status = Number(new URLSearchParams(query).get('status'));
      const response = await page.goto(`/test-route?${query}`);
      expect(response?.status()).toBe(status);
      const screen = errorScreen(page, status);
      await expect(screen.getByText('Something went wrong. Please reload the page!', { exact: true })).toBeVisible();
      await expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
      await expect(screen.getByRole('button', { name: 'Resend email' })).toHaveCount(0);
      await expect(screen).not.toContainText('Upstream down');
    });
  }

  test('Reload reloads the page', async ({ page }) => {
    await page.goto('/test-route?status=500');
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { __beforeReload?: boolean }).__beforeReload = true;
    });
    await Promise.all([page.waitForEvent('load'), errorScreen(page, 500).getByRole('button', { name: 'Reload' }).click()]);
    expect(await page.evaluate(() => (window as unknown as { __beforeReload?: boolean }).__beforeReload)).toBeUndefined();
    await expect(errorScreen(page, 500)).toBeVisible();
  });
});

test.describe('bots', () => {
  const googlebot = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };

  test('a bot gets a plain 404 page for an unknown slug, without the error screen', async ({ request }) => {
    const response = await request.get('/no-such-thing', { headers: googlebot });
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    expect(html).not.toContain('data-error-status');
    expect(html).not.toContain('Page Not Found');
    expect(html).not.toContain('Go back');
  });

  test('a bot gets plain pages for raised errors too', async ({ request }) => {
    for (const status of [400, 403, 423, 500]) {
      const response = await request.get(`/test-route?status=${status}&type=kyc&message=Secret+detail`, { headers: googlebot });
      expect(response.status()).toBe(status);
      const html = await response.text();
      expect(html).not.toContain('data-error-status');
      expect(html).not.toContain('Secret detail');
    }
  });

  test('a bot still gets the full page when there is no error', async ({ request }) => {
    const response = await request.get('/faq', { headers: googlebot });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-layout="black"');
    expect(html).toContain('Frequently asked questions');
  });

  test('a person gets the error screen for the same address', async ({ request }) => {
    const response = await request.get('/no-such-thing');
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('data-error-status="404"');
    expect(html).toContain('Page Not Found: /no-such-thing');
  });
});
