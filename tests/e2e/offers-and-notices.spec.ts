// Offers where players look and notices for money (issue 34 §2 and §4, decisions 0118 and 0119): the deposit screen
// offers the eligible deposit bonuses with their terms, none chosen unless the player picks one; a player on a
// time-out sees why they cannot deposit or claim instead of forms and Claim buttons; a credited deposit arrives as a
// message with the unread count in the header, live.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { api, depositFor, expect, PLAYER_PASSWORD, playerTest, screenshotPage, waitForHydration } from './fixtures.ts';

const test = playerTest;
test.describe.configure({ timeout: 90_000 });

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    for (const badge of document.querySelectorAll('[data-first-load-spinner]')) for (const animation of badge.getAnimations()) animation.finish();
  });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshotPage(page, `test-results/screens/offers-${name}-${width}.png`);
  }
}

test('the header Deposit button leads to the offers: none chosen, one picked goes with the deposit, "No bonus" takes it off', async ({ page, player }) => {
  expect(player.id).toBeTruthy();
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('banner').getByRole('link', { name: 'Deposit', exact: true }).click();
  await expect(page).toHaveURL(/\/deposit$/);
  await waitForHydration(page);

  const offers = page.getByRole('group', { name: 'Bonus offers' });
  await expect(offers.getByRole('radio', { name: /No bonus/ })).toBeChecked();
  const welcome = offers.getByRole('radio', { name: /100% Match Bonus/ });
  await expect(welcome).not.toBeChecked();
  await expect(offers).toContainText('Min. deposit €20.00 · 100% up to €500.00 · wagering 10x in 30 days · max bet €5.00');
  await expect(page.getByRole('region', { name: 'Your bonus' })).toHaveCount(0);
  await shoot(page, 'deposit');
  expect(await seriousViolations(page)).toEqual([]);

  await welcome.check();
  const card = page.getByRole('region', { name: 'Your bonus' });
  await page.getByText('Crypto', { exact: true }).click();
  await page.getByLabel('Amount (€)').fill('40');
  await expect(card.getByTestId('bonus-preview')).toHaveText('€40.00 gives you €40.00 bonus, to wager €400.00 within 30 days.');
  await shoot(page, 'deposit-chosen');

  // "No bonus" again: the deposit goes without one.
  await offers.getByRole('radio', { name: /No bonus/ }).check();
  await expect(card).toHaveCount(0);
  await welcome.check();
  await card.getByRole('button', { name: 'Remove bonus' }).click();
  await expect(offers.getByRole('radio', { name: /No bonus/ })).toBeChecked();
  const request = page.waitForRequest((r) => r.url().endsWith('/api/payments/deposits') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Deposit €40.00' }).click();
  expect((await request).postDataJSON()).toEqual({ method: 'sandbox-crypto', amount: 40_00 });
});

test('a player on a time-out is told why and until when, instead of a deposit form or Claim buttons', async ({ page, player }) => {
  const timedOut = await api('/api/player/time-out', { method: 'POST', token: player.token, body: { days: 1, password: PLAYER_PASSWORD } });
  expect(timedOut.status).toBe(200);

  await page.goto('/deposit');
  await waitForHydration(page);
  const why = page.getByRole('region', { name: 'Why you cannot deposit' });
  await expect(why).toContainText('You cannot deposit right now');
  await expect(why).toContainText(/You are taking a time-out until \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
  await expect(page.getByLabel('Amount (€)')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Deposit/ })).toHaveCount(0);
  await shoot(page, 'deposit-closed');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/all-bonuses');
  await waitForHydration(page);
  await expect(page.getByRole('region', { name: 'Why you cannot claim a bonus' })).toContainText('You are taking a time-out until');
  await expect(page.getByRole('article', { name: '50 Free Spins' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Claim free spins' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Deposit now' })).toHaveCount(0);
  await shoot(page, 'all-bonuses-closed');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a credited deposit arrives as one message, and the header counts it live', async ({ page, player }) => {
  await page.goto('/account/wallet');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'live', { timeout: 10_000 });
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);

  await depositFor(player.token, 25_00);
  await expect(page.getByTestId('unread-badge')).toHaveText('1');
  await shoot(page, 'header-unread');

  await page.goto('/messages');
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: /Your deposit of €25\.00 is in your balance/ })).toHaveCount(1);
  const inbox = await api<{ data: { subject: string }[]; meta: { unread: number } }>('/api/player/messages', { token: player.token });
  expect(inbox.body.data.map((message) => message.subject)).toEqual(['Your deposit of €25.00 is in your balance']);
});
