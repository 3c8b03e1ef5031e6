// Responsible gambling in the browser (issue 14): a deposit limit that refuses a deposit, a raise that waits out
// its 24 hours, the reality check stopping a slot session, self-exclusion refusing deposits but not withdrawals,
// the slot stake cap for a young player, and the limits screen at 375 and 1280 px.
import type { Page } from '@playwright/test';
import type { PlayerLimits } from '../../contract/limits.ts';
import type { Deposit } from '../../contract/wallet.ts';
import { api, expect, operatorToken, PLAYER_PASSWORD, playerTest, screenshotPage, waitForHydration, type FreshPlayer } from './fixtures.ts';

const test = playerTest;
const SHOTS = 'test-results/limits-shots';

async function fund(player: FreshPlayer, amount: number): Promise<void> {
  const created = await api<{ data: Deposit }>('/api/payments/deposits', {
    method: 'POST',
    token: player.token,
    body: { method: 'sandbox-crypto', amount },
    key: crypto.randomUUID(),
  });
  expect(created.status).toBe(201);
  const { sandbox_confirm_url: url, sandbox_confirm_signature: signature } = created.body.data;
  expect((await api(url!, { method: 'POST', headers: { 'sandbox-signature': signature! } })).status).toBe(200);
}

async function openLimits(page: Page): Promise<void> {
  await page.goto('/account/limit');
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Save limit' })).toBeVisible();
}

async function setLimit(page: Page, type: string, period: string, amount: string): Promise<void> {
  await page.getByLabel('Limit', { exact: true }).selectOption({ label: type });
  await page.getByLabel('Per', { exact: true }).selectOption({ label: period });
  await page.getByLabel('Amount (EUR)').fill(amount);
  await page.getByRole('button', { name: 'Save limit' }).click();
}

async function noSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
}

test.describe('limits', () => {
  test('a daily deposit limit of €20 refuses a deposit past it; raising it shows the 24-hour countdown', async ({ page, player }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await openLimits(page);
    await expect(page.getByText('You have no deposit, loss or wager limits yet.')).toBeVisible();
    await setLimit(page, 'Deposit', '24 hours', '20');
    const limit = page.getByTestId('limit-deposit-day');
    await expect(limit).toContainText('Deposit limit · 24 hours');
    await expect(limit).toContainText('€20.00');
    await expect(limit).toContainText('€20.00 left');

    await page.goto('/deposit');
    await waitForHydration(page);
    await page.getByLabel('Amount (€)').fill('25');
    await page.getByRole('button', { name: 'Deposit €25.00' }).click();
    await expect(page.getByRole('alert')).toContainText('This deposit would pass your deposit limit of €20.00 for 24 hours: €20.00 is left.');
    await expect(page).toHaveURL(/\/deposit$/);

    await openLimits(page);
    await setLimit(page, 'Deposit', '24 hours', '50');
    const pending = page.getByTestId('limit-deposit-day').getByTestId('pending-change');
    await expect(pending).toContainText('Raising to €50.00');
    await expect(pending.getByTestId('countdown')).toHaveText(/^2[34] h \d\d min$/);
    await expect(pending.getByRole('button', { name: 'Confirm change' })).toBeDisabled();
    await expect(page.getByTestId('limit-deposit-day')).toContainText('€20.00 left');
    await screenshotPage(page, `${SHOTS}/limits-pending-1280.png`);
    await page.setViewportSize({ width: 375, height: 800 });
    await noSideways(page);
    await screenshotPage(page, `${SHOTS}/limits-pending-375.png`);

    // Cancelling a raise is immediate; the €20 limit stays.
    await pending.getByRole('button', { name: 'Cancel change' }).click();
    await expect(page.getByTestId('pending-change')).toHaveCount(0);
    const after = await api<{ data: PlayerLimits }>('/api/player/limits', { token: player.token });
    expect(after.body.data.limits).toMatchObject([{ type: 'deposit', period: 'day', amount: 20_00, pending: null }]);
  });

  test('the reality check interrupts a slot session; play goes on only after Continue', async ({ page, player }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await fund(player, 50_00);
    await openLimits(page);
    await page.getByLabel('Reality check').selectOption({ label: 'Every 15 minutes' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Your session settings are saved.')).toBeVisible();

    await page.goto('/play/lantern-orchard');
    await waitForHydration(page);
    const spin = page.getByRole('button', { name: 'Spin' });
    await spin.click();
    await expect(page.getByTestId('round-result')).toContainText(/You won|You lost|Push/, { timeout: 10_000 });
    await expect(page.getByTestId('reality-check')).toHaveCount(0);

    // The staging server's stand-in for 16 minutes of play: the session began that much earlier.
    expect((await api('/api/testing/limits/rewind-session', { method: 'POST', token: player.token, body: { minutes: 16 } })).status).toBe(204);
    await spin.click();
    const check = page.getByTestId('reality-check');
    await expect(check).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Reality check' })).toBeVisible();
    await expect(check).toContainText('You have been playing for 16 minutes');
    await expect(check).toContainText('Staked');
    await expect(check).toContainText('€0.20');
    await expect(check.getByRole('link', { name: 'View history' })).toHaveAttribute('href', '/account/transaction');
    await expect(check.getByRole('button', { name: 'Log out' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/reality-check-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${SHOTS}/reality-check-375.png` });

    const session = await api<{ data: { stakes: number; reality_check: { due: boolean } } }>('/api/player/limits/session', { token: player.token });
    expect(session.body.data).toMatchObject({ stakes: 20, reality_check: { due: true } });
    await check.getByRole('button', { name: 'Continue playing' }).click();
    await expect(check).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await spin.click();
    await expect(page.getByTestId('round-result')).toContainText(/You won|You lost|Push/, { timeout: 10_000 });
    const after = await api<{ data: { stakes: number } }>('/api/player/limits/session', { token: player.token });
    expect(after.body.data.stakes).toBe(40);
  });

  test('self-exclusion needs the password, then a deposit is refused and a withdrawal still goes through', async ({ page, player }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await fund(player, 60_00);
    expect((await api(`/api/admin/players/${player.id}/kyc`, { method: 'POST', token: await operatorToken(), body: { status: 'verified' } })).status).toBe(200);
    await openLimits(page);
    const form = page.getByTestId('self-exclusion');
    await form.getByLabel('For').selectOption({ label: '6 months' });
    await form.getByLabel('Your password, to confirm').fill('not my password');
    await form.getByRole('button', { name: 'Exclude me' }).click();
    await expect(form.getByRole('alert')).toHaveText('The password is incorrect.');
    await form.getByLabel('Your password, to confirm').fill(PLAYER_PASSWORD);
    await form.getByRole('button', { name: 'Exclude me' }).click();
    await expect(page.getByTestId('current-break')).toContainText('You have excluded yourself until');
    await screenshotPage(page, `${SHOTS}/limits-excluded-1280.png`);
    await page.setViewportSize({ width: 375, height: 800 });
    await noSideways(page);
    await screenshotPage(page, `${SHOTS}/limits-excluded-375.png`);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The cashier says why instead of offering a deposit form (issue 34 §2), and the API refuses one all the same.
    await page.goto('/deposit');
    await waitForHydration(page);
    const why = page.getByRole('region', { name: 'Why you cannot deposit' });
    await expect(why).toContainText('You have excluded yourself from play until');
    await expect(page.getByLabel('Amount (€)')).toHaveCount(0);
    const refused = await api<{ message: string }>('/api/payments/deposits', {
      method: 'POST',
      token: player.token,
      key: crypto.randomUUID(),
      body: { method: 'sandbox-card', amount: 20_00 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('you can still sign in, see your history and withdraw your balance');

    await page.goto('/withdraw');
    await waitForHydration(page);
    await page.getByText('Crypto', { exact: true }).click();
    await page.getByLabel('Amount (€)').fill('60');
    await page.getByLabel('Wallet address', { exact: true }).fill('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    await page.getByRole('button', { name: 'Withdraw €60.00' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Withdrawal of €60.00 requested' })).toBeVisible();

    const stake = await api('/api/games/lantern-orchard/rounds', {
      method: 'POST',
      token: player.token,
      key: crypto.randomUUID(),
      body: { mode: 'real', stake: 20 },
    });
    expect(stake.status).toBe(403);
    const view = await api<{ data: { self_excluded_until: string | null } }>(`/api/admin/players/${player.id}/limits`, { token: await operatorToken() });
    expect(view.body.data.self_excluded_until).not.toBeNull();
  });

  test('a player aged 22 is never offered a slot stake above €2.00', async ({ page, player }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const birthdate = `${new Date().getUTCFullYear() - 22}-01-01`;
    expect((await api('/api/player', { method: 'PATCH', token: player.token, body: { birthdate } })).status).toBe(200);
    await fund(player, 20_00);
    await page.goto('/play/lantern-orchard');
    await waitForHydration(page);
    const raise = page.getByRole('button', { name: 'Raise stake' });
    await expect(raise).toBeEnabled();
    while (await raise.isEnabled()) await raise.click();
    await expect(page.getByTestId('stake')).toHaveText('€2.00');
    const over = await api<{ errors: { stake: string[] } }>('/api/games/lantern-orchard/rounds', {
      method: 'POST',
      token: player.token,
      key: crypto.randomUUID(),
      body: { mode: 'real', stake: 4_00 },
    });
    expect(over.status).toBe(422);
    expect(over.body.errors.stake).toEqual(['The stake may not be greater than €2.00 a spin.']);
  });
});
