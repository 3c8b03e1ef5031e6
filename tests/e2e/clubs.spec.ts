// The account's Loyalty club and VIP club pages: points exchanged for cash, points and tier following a spin made
// elsewhere without a reload, the tier and points in the account menu, and both pages at phone and desktop widths.
import type { Page } from '@playwright/test';
import { api, depositFor, expect, isSameDocument, markDocument, operatorToken, playerTest, screenshotPage, waitForHydration } from './fixtures.ts';

const test = playerTest;
// Each test loads several pages and plays rounds: three times the default time, for a busy machine.
test.slow();

const givePoints = async (playerId: string, points: number) => {
  const given = await api(`/api/admin/players/${playerId}/loyalty`, {
    method: 'POST',
    token: await operatorToken(),
    body: { points, reason: 'End-to-end test points' },
  });
  expect(given.status).toBe(201);
};

async function noOverflow(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} overflows`).toBeLessThanOrEqual(0);
}

test('a player exchanges 1,000 points for €10.00 cash on the Loyalty club page', async ({ page, player }) => {
  await givePoints(player.id, 1_250);
  await page.goto('/account/loyalty-club');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Loyalty club', level: 1 })).toBeVisible();
  await expect(page.getByTestId('loyalty-points')).toHaveText('1,250');
  await expect(page.getByTestId('header-balance')).toHaveText('€0.00');

  const field = page.getByLabel('Points to exchange');
  await field.fill('999');
  await expect(page.getByTestId('exchange-preview')).toContainText('€9.99');
  await page.getByRole('button', { name: 'Exchange' }).click();
  await expect(page.getByRole('alert')).toHaveText('The smallest exchange is 1,000 points.');

  await field.fill('1000');
  await expect(page.getByTestId('exchange-preview')).toContainText('€10.00');
  await page.getByRole('button', { name: 'Exchange' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You exchanged 1,000 points for €10.00.' })).toBeVisible();
  await expect(page.getByTestId('loyalty-points')).toHaveText('250');
  await expect(page.getByTestId('header-balance')).toHaveText('€10.00');
  await expect(page.getByRole('list', { name: 'Loyalty points history' }).getByRole('listitem').first()).toContainText('Exchanged');
  await expect(page.getByTestId('exchange-locked')).toContainText('750 points to go');
  // The form locks below the minimum, and the confirmation stays on screen with it.
  await expect(page.getByRole('status').filter({ hasText: 'You exchanged 1,000 points for €10.00.' })).toBeVisible();

  const wallet = await api<{ data: { cash: number; withdrawable: number } }>('/api/player/wallet', { token: player.token });
  expect(wallet.body.data).toMatchObject({ cash: 10_00, withdrawable: 10_00 });
});

test('points and tier follow a spin made elsewhere, without a reload; the account menu shows them', async ({ page, player }) => {
  await depositFor(player.token, 500_00);
  await givePoints(player.id, 499);
  await page.goto('/account/vip-club');
  await waitForHydration(page);
  await expect(page.getByTestId('vip-tier')).toHaveText('Bronze');
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'live', { timeout: 10_000 });
  await markDocument(page);

  // Another device bets 50.00 on roulette: one point (table games earn one per 50.00; a slot spin is capped at
  // 5.00), which takes the month to 500 and the player to Silver.
  const spun = await api('/api/games/european-roulette/rounds', {
    method: 'POST',
    token: player.token,
    key: crypto.randomUUID(),
    body: { mode: 'real', bets: [{ type: 'red', amount: 50_00 }] },
  });
  expect(spun.status).toBe(201);
  await expect(page.getByTestId('vip-tier')).toHaveText('Silver');
  expect(await isSameDocument(page)).toBe(true);

  await page.getByLabel(/Account menu/).click();
  await expect(page.getByTestId('menu-club')).toContainText('Silver');
  await expect(page.getByTestId('menu-club')).toContainText('500 pts');
  await page.getByRole('navigation', { name: 'Account', exact: true }).getByRole('link', { name: 'Loyalty club' }).click();
  await expect(page.getByTestId('loyalty-points')).toHaveText('500');
  await markDocument(page);

  const again = await api('/api/games/european-roulette/rounds', {
    method: 'POST',
    token: player.token,
    key: crypto.randomUUID(),
    body: { mode: 'real', bets: [{ type: 'black', amount: 50_00 }] },
  });
  expect(again.status).toBe(201);
  await expect(page.getByTestId('loyalty-points')).toHaveText('501');
  await expect(page.getByTestId('loyalty-month')).toHaveText('501');
  expect(await isSameDocument(page)).toBe(true);
});

test('both pages at 375 px and 1280 px', async ({ page, player }) => {
  await depositFor(player.token, 300_00);
  await givePoints(player.id, 2_600);
  for (let i = 0; i < 3; i++) {
    await api('/api/games/lantern-orchard/rounds', { method: 'POST', token: player.token, key: crypto.randomUUID(), body: { mode: 'real', stake: 4_00 } });
  }
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/account/loyalty-club');
    await waitForHydration(page);
    await expect(page.getByTestId('loyalty-points')).toBeVisible();
    await noOverflow(page, `loyalty at ${width}`);
    await screenshotPage(page, `test-results/screenshots/clubs-loyalty-${width}.png`);
    await page.goto('/account/vip-club');
    await waitForHydration(page);
    await expect(page.getByTestId('vip-tier')).toHaveText('Gold');
    await noOverflow(page, `vip at ${width}`);
    await screenshotPage(page, `test-results/screenshots/clubs-vip-${width}.png`);
  }
});
