// Bonuses in the browser: the welcome offer claimed from its promotion and activated by a deposit, wagering
// progress moving live, a small operator-granted bonus played to conversion, free spins and cancellation, the
// 400 bonus screen, and a withdrawal that forfeits the active bonus.
import type { Page } from '@playwright/test';
import type { PlayerBonus } from '../../contract/bonuses.ts';
import type { Wallet } from '../../contract/wallet.ts';
import { api, expect, operatorToken, playerTest, screenshotPage, type FreshPlayer, waitForHydration } from './fixtures.ts';

const test = playerTest;
// A deposit through the sandbox, rounds and realtime in one story: more than the default 30 s on a shared machine.
test.describe.configure({ timeout: 120_000 });

async function walletOf(player: FreshPlayer): Promise<Wallet> {
  return (await api<{ data: Wallet }>('/api/player/wallet', { token: player.token })).body.data;
}

async function bonusesOf(player: FreshPlayer): Promise<PlayerBonus[]> {
  return (await api<{ data: PlayerBonus[] }>('/api/player/bonuses', { token: player.token })).body.data;
}

/** A real-money slot round played from another device (the API), as the play screen would. */
async function spin(player: FreshPlayer, stake: number) {
  const round = await api<{ data: { win: number } }>('/api/games/lantern-orchard/rounds', {
    method: 'POST',
    token: player.token,
    key: crypto.randomUUID(),
    body: { mode: 'real', stake },
  });
  expect(round.status).toBe(201);
  return round.body.data;
}

async function live(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'live', { timeout: 10_000 });
}

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshotPage(page, `test-results/screens/bonuses-${name}-${width}.png`);
  }
}

test('a new player claims the welcome offer from its promotion, deposits €100 and sees the bonus and its progress move live', async ({ page, player }) => {
  await page.goto('/promotion/welcome-match');
  await waitForHydration(page);
  await expect(page.getByText('10 times (€1,000 for a €100 bonus) within 30 days')).toBeVisible();
  await page.getByRole('link', { name: 'Claim welcome bonus' }).click();
  await expect(page).toHaveURL(/\/deposit\?bonus=true&bonusId=welcome-match$/);
  await waitForHydration(page);
  const card = page.getByRole('region', { name: 'Your bonus' });
  await expect(card).toContainText('100% Match Bonus up to €500');
  await page.getByText('Crypto', { exact: true }).click();
  await page.getByLabel('Amount (€)').fill('100');
  await expect(card.getByTestId('bonus-preview')).toHaveText('€100.00 gives you €100.00 bonus, to wager €1,000.00 within 30 days.');
  await card.getByText('Terms').click();
  await expect(card).toContainText('Maximum stake while the bonus is active: €5.00 per round.');
  await shoot(page, 'deposit');
  await page.getByRole('button', { name: 'Deposit €100.00' }).click();
  await page.getByRole('button', { name: 'Simulate network confirmation' }).click();
  await expect(page.getByRole('heading', { name: 'Deposit of €100.00 received' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('€200.00');
  expect(await walletOf(player)).toMatchObject({ cash: 100_00, bonus: 100_00, withdrawable: 100_00 });

  await page.goto('/account/bonuses');
  await waitForHydration(page);
  const active = page.getByRole('region', { name: 'Active bonus' });
  await expect(active).toContainText('100% Match Bonus up to €500');
  await expect(active.getByTestId('bonus-wagered')).toHaveText('Wagered €0.00 of €1,000.00');
  await expect(active.getByTestId('bonus-balance')).toHaveText('€100.00');
  await expect(active.getByTestId('bonus-left')).toHaveText('€1,000.00');
  await expect(active).toContainText('€5.00');
  await expect(active.getByTestId('bonus-time-left')).toContainText(/29 days|30 days/);
  await expect(page.getByTestId('header-bonus')).toHaveText('€100.00 cash · €100.00 bonus');
  await shoot(page, 'account-active');

  // Rounds played elsewhere move the bar here without a reload; a stake above the max bet is refused.
  await page.setViewportSize({ width: 1280, height: 900 });
  await live(page);
  await spin(player, 2_00);
  await expect(active.getByTestId('bonus-wagered')).toHaveText('Wagered €2.00 of €1,000.00');
  await spin(player, 3_00);
  await expect(active.getByTestId('bonus-wagered')).toHaveText('Wagered €5.00 of €1,000.00');
  await expect(active.getByRole('progressbar', { name: 'Wagering progress' })).toHaveAttribute('aria-valuenow', '500');
  const refused = await api<{ message: string; type: string }>('/api/games/european-roulette/rounds', {
    method: 'POST',
    token: player.token,
    key: crypto.randomUUID(),
    body: { mode: 'real', bets: [{ type: 'red', amount: 6_00 }] },
  });
  expect([refused.status, refused.body]).toEqual([400, { message: 'While your bonus is active the maximum stake is €5.00 per round.', type: 'bonus' }]);
});

test('an operator-granted bonus is played until it converts, and the conversion shows live', async ({ page, player }) => {
  const operator = await operatorToken();
  const slug = `e2e-chip-${crypto.randomUUID().slice(0, 8)}`;
  const made = await api('/api/admin/bonuses', {
    method: 'POST',
    token: operator,
    body: { slug, title: 'Test chip', type: 'no_deposit', max_bonus: 2_00, wagering_multiplier: 1, visibility: 'hidden' },
  });
  expect(made.status).toBe(201);
  expect((await api(`/api/admin/players/${player.id}/bonuses`, { method: 'POST', token: operator, body: { slug } })).status).toBe(201);

  await page.goto('/account/bonuses');
  await waitForHydration(page);
  const active = page.getByRole('region', { name: 'Active bonus' });
  await expect(active.getByTestId('bonus-wagered')).toHaveText('Wagered €0.00 of €2.00');
  await live(page);
  await spin(player, 1_00);
  await expect(active.getByTestId('bonus-wagered')).toHaveText('Wagered €1.00 of €2.00');
  await spin(player, 1_00);
  // Wagered in full: the bonus balance turned into cash, in one journal, and the page says so.
  await expect(page.getByText('You have no active bonus.')).toBeVisible();
  const history = page.getByRole('region', { name: 'Bonus history' }).locator('[data-history="completed"]');
  await expect(history).toContainText('Test chip');
  const [bonus] = await bonusesOf(player);
  expect(bonus).toMatchObject({ status: 'completed', wagered: 2_00 });
  await expect(history).toContainText(`€${((bonus!.converted ?? 0) / 100).toFixed(2)} turned into cash`);
  expect(await walletOf(player)).toMatchObject({ bonus: 0, cash: bonus!.converted, withdrawable: bonus!.converted });
  await shoot(page, 'account-history');
});

test('free spins are claimed on /all-bonuses, lead from the Bonuses page to the slot, and the bonus is cancelled after confirming', async ({
  page,
  player,
}) => {
  await page.goto('/all-bonuses');
  await waitForHydration(page);
  const spins = page.getByRole('article', { name: '50 Free Spins' });
  await expect(page.getByRole('article', { name: '100% Match Bonus up to €500' })).toBeVisible();
  await spins.getByText('Terms').click();
  await expect(spins).toContainText('50 free spins at €0.20 each on Lantern Orchard');
  await shoot(page, 'all-bonuses');
  await spins.getByRole('button', { name: 'Claim free spins' }).click();
  await expect(page).toHaveURL(/\/bonus-activated\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Bonus activated' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What happens next' })).toContainText('50 free spins at €0.20 each are ready');
  await shoot(page, 'activated');
  expect(await page.evaluate(() => (window as unknown as { dataLayer?: { event: string }[] }).dataLayer?.filter((e) => e.event === 'bonus'))).toEqual([
    { event: 'bonus', slug: 'welcome-spins' },
  ]);

  await page.getByRole('link', { name: 'Go to my bonuses' }).click();
  await waitForHydration(page);
  const active = page.getByRole('region', { name: 'Active bonus' });
  await expect(active.getByTestId('bonus-spins')).toHaveText('50');
  // The spins are played on the slot's own screen (free-spins.spec.ts plays them there).
  await expect(active.getByRole('link', { name: 'Play your 50 free spins' })).toHaveAttribute('href', '/play/lantern-orchard?mode=real');
  expect((await bonusesOf(player))[0]).toMatchObject({ free_spins_left: 50 });
  expect((await walletOf(player)).cash).toBe(0);

  await active.getByRole('button', { name: 'Cancel bonus' }).click();
  await expect(active.getByRole('group', { name: 'Confirm cancellation' })).toContainText('Your cash stays yours.');
  await active.getByRole('button', { name: 'Yes, cancel bonus' }).click();
  await expect(page.getByText('You have no active bonus.')).toBeVisible();
  await expect(page.locator('[data-history="cancelled"]')).toContainText('50 Free Spins');
  expect((await walletOf(player)).bonus).toBe(0);
});

test('an unknown or ineligible bonusId shows the 400 bonus screen, whose link leads to the Bonuses page', async ({ page, player }) => {
  expect(player.id).toBeTruthy();
  const response = await page.goto('/deposit?bonus=true&bonusId=no-such-offer');
  expect(response?.status()).toBe(400);
  await expect(page.getByText('There is no such bonus.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the Bonuses page' }).click();
  await expect(page).toHaveURL(/\/account\/bonuses$/);
});

test('a withdrawal while a bonus is active asks first, then forfeits the bonus and withdraws the cash', async ({ page, player }) => {
  expect((await api(`/api/admin/players/${player.id}/kyc`, { method: 'POST', token: await operatorToken(), body: { status: 'verified' } })).status).toBe(200);
  const created = await api<{ data: { sandbox_confirm_url: string; sandbox_confirm_signature: string } }>('/api/payments/deposits', {
    method: 'POST',
    token: player.token,
    key: crypto.randomUUID(),
    body: { method: 'sandbox-crypto', amount: 50_00, bonusId: 'welcome-match' },
  });
  expect(created.status).toBe(201);
  const { sandbox_confirm_url, sandbox_confirm_signature } = created.body.data;
  expect((await api(sandbox_confirm_url, { method: 'POST', headers: { 'sandbox-signature': sandbox_confirm_signature } })).status).toBe(200);
  expect(await walletOf(player)).toMatchObject({ cash: 50_00, bonus: 50_00 });

  await page.goto('/withdraw');
  await waitForHydration(page);
  await page.getByText('Crypto', { exact: true }).click();
  await page.getByLabel('Amount (€)').fill('20');
  await page.getByLabel('Wallet address', { exact: true }).fill('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
  await page.getByRole('button', { name: 'Withdraw €20.00' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Forfeit your bonus?' });
  await expect(warning).toContainText('Withdrawing now forfeits it');
  await shoot(page, 'withdraw-forfeit');
  expect((await walletOf(player)).bonus).toBe(50_00);
  await warning.getByRole('button', { name: 'Withdraw and forfeit bonus' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Withdrawal of €20.00 requested' })).toBeVisible();
  expect(await walletOf(player)).toMatchObject({ cash: 30_00, bonus: 0, pending_withdrawals: 20_00 });
  expect((await bonusesOf(player))[0]).toMatchObject({ status: 'forfeited' });
});
