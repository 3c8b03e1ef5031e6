// The production server runs without PAYMENTS_SANDBOX (playwright.config.ts), as an operator's would before a
// real provider is connected: the sandbox gateway does not exist and the cashier says there is nothing to pay with.
import type { Page } from '@playwright/test';
import { addSessionCookie, api, expect, registerActivePlayer, screenshotPage, servers, sessionOf, test, waitForHydration } from './fixtures.ts';

const base = servers.production;

test.beforeEach(async ({ context }) => {
  await addSessionCookie(context, await sessionOf(await registerActivePlayer(base), base), base);
});

async function open(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${base}${path}`);
  await waitForHydration(page);
}

test('production offers no sandbox method and its gateway paths do not exist', async () => {
  expect(await api('/api/payments/methods', { baseURL: base })).toEqual({ status: 200, body: { data: [] } });
  expect((await fetch(`${base}/sandbox-gateway/checkout/cs_000000000000000000000000`)).status).toBe(404);
  // No gateway route answers: a POST falls through to the site, whose catch-all page takes no POST (405).
  expect((await api('/sandbox-gateway/crypto/cc_000000000000000000000000/confirm', { method: 'POST', baseURL: base })).status).toBe(405);
  expect((await api('/api/payments/webhooks/sandbox', { method: 'POST', body: {}, baseURL: base })).status).toBe(404);
});

for (const width of [375, 1280]) {
  test(`at ${width} px /deposit and /withdraw say plainly that no payment method is available`, async ({ page }) => {
    await open(page, '/deposit', width);
    const deposit = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'No payment method is available right now' }) });
    await expect(deposit).toContainText('Deposits are paused for the moment');
    await expect(deposit.getByRole('link', { name: 'Back to the games' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.getByLabel('Amount (€)')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshotPage(page, `test-results/screenshots/no-methods-deposit-${width}.png`);

    await open(page, '/withdraw', width);
    await expect(page.getByTestId('withdrawable')).toHaveText('€0.00');
    const withdraw = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'No payment method is available right now' }) });
    await expect(withdraw).toContainText('Withdrawals are paused for the moment');
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.getByText('You have no withdrawals waiting for review.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshotPage(page, `test-results/screenshots/no-methods-withdraw-${width}.png`);
  });
}
