// The wallet in the browser: deposits by card through the sandbox gateway's hosted page and by crypto
// with its QR code, withdrawals behind KYC, the wallet summary, the header balance and the history.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Deposit, Wallet, Withdrawal } from '../../contract/wallet.ts';
import { api, expect, operatorToken, playerTest, screenshotPage, servers, waitForHydration, type FreshPlayer } from './fixtures.ts';

/** A player of its own, so balances start at zero. */
type Player = FreshPlayer;
const test = playerTest;

const CARD = { approve: '4242 4242 4242 4242', decline: '4000 0000 0000 0002' };

async function createDeposit(player: Player, method: 'sandbox-card' | 'sandbox-crypto', amount: number): Promise<Deposit> {
  const created = await api<{ data: Deposit }>('/api/payments/deposits', {
    method: 'POST',
    token: player.token,
    body: { method, amount },
    key: crypto.randomUUID(),
  });
  expect(created.status).toBe(201);
  return created.body.data;
}

/** A completed crypto deposit: created, then confirmed by the sandbox network. */
async function fund(player: Player, amount: number): Promise<Deposit> {
  const deposit = await createDeposit(player, 'sandbox-crypto', amount);
  expect((await api(deposit.sandbox_confirm_url!, { method: 'POST', headers: { 'sandbox-signature': deposit.sandbox_confirm_signature! } })).status).toBe(200);
  return deposit;
}

/** Pays a card deposit on the gateway's page as its form would post it. */
async function payByCard(deposit: Deposit, cardNumber: string): Promise<void> {
  const response = await fetch(`${servers.staging}${deposit.redirect_url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: cardNumber, expiry: '12 / 34', cvc: '123', name: 'Eve Tester' }),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
}

async function setKyc(player: Player, status: 'verified' | 'pending'): Promise<void> {
  const answer = await api(`/api/admin/players/${player.id}/kyc`, { method: 'POST', token: await operatorToken(), body: { status } });
  expect(answer.status).toBe(200);
}

async function walletOf(player: Player): Promise<Wallet> {
  return (await api<{ data: Wallet }>('/api/player/wallet', { token: player.token })).body.data;
}

type TrackedEvent = { event: string; [field: string]: unknown };

async function tracked(page: Page, event: string): Promise<TrackedEvent[]> {
  return page.evaluate((name) => ((window as unknown as { dataLayer?: TrackedEvent[] }).dataLayer ?? []).filter((entry) => entry.event === name), event);
}

async function openDeposit(page: Page, path = '/deposit') {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole('radio', { name: /Card/ })).toBeVisible();
}

test.describe('deposits', () => {
  test('a card deposit of 50.00 through the hosted page shows in the header, the wallet and the history', async ({ page, player }) => {
    await openDeposit(page);
    await expect(page.getByTestId('header-balance')).toHaveText('€0.00');
    expect(await tracked(page, 'deposit_page_visit')).toHaveLength(1);
    await expect(page.getByText('Minimum €10.00, maximum €5,000.00.')).toBeVisible();

    const amount = page.getByLabel('Amount (€)');
    await amount.fill('5');
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('The amount must be at least €10.00.');
    await page.getByRole('group', { name: 'Quick amounts' }).getByRole('button', { name: '€50', exact: true }).click();
    await expect(amount).toHaveValue('50.00');
    await expect(page.getByRole('button', { name: '€50', exact: true })).toHaveAttribute('aria-pressed', 'true');

    const request = page.waitForRequest((r) => r.url().endsWith('/api/payments/deposits') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Deposit €50.00' }).click();
    const sent = await request;
    expect(sent.postDataJSON()).toEqual({ method: 'sandbox-card', amount: 5000 });
    expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    await expect(page).toHaveURL(/\/sandbox-gateway\/checkout\/cs_[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('€50.00');
    await page.getByLabel('Card number').fill(CARD.approve);
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page).toHaveURL(/\/deposit\?deposit=[0-9a-f-]{36}$/);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Deposit of €50.00 received' })).toBeVisible();
    await expect(page.getByText('Your balance is now €50.00.')).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText('€50.00');
    expect(await tracked(page, 'payment')).toEqual([{ event: 'payment', type: 'deposit', gateway: 'sandbox-card', amount: 50 }]);
    // Opening the result again reports nothing twice.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Deposit of €50.00 received' })).toBeVisible();
    expect(await tracked(page, 'payment')).toEqual([]);

    await page
      .getByRole('banner')
      .getByRole('link', { name: /Balance/ })
      .click();
    await expect(page).toHaveURL(`${servers.staging}/account/wallet`);
    await expect(page.locator('[data-stat="balance"]')).toContainText('€50.00');
    await expect(page.locator('[data-stat="cash"] dd')).toHaveText('€50.00');
    await expect(page.locator('[data-stat="withdrawable"] dd')).toHaveText('€50.00');
    await expect(page.locator('[data-stat="net-deposits-lifetime"] dd').first()).toHaveText('€50.00');
    await expect(page.locator('[data-stat="net-deposits-month"] dd')).toHaveText('€50.00');

    await page.getByRole('link', { name: 'See all transactions' }).click();
    await expect(page).toHaveURL(`${servers.staging}/account/transaction`);
    const rows = page.getByRole('table', { name: 'Your transactions' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Deposit');
    await expect(rows.first()).toContainText('Completed');
    await expect(rows.first()).toContainText('+€50.00');
    expect((await walletOf(player)).balance).toBe(5000);
  });

  test('a declined card shows the gateway message, offers to try again and credits nothing', async ({ page, player }) => {
    await openDeposit(page);
    await page.getByLabel('Amount (€)').fill('25');
    await page.getByRole('button', { name: 'Deposit €25.00' }).click();
    await expect(page).toHaveURL(/\/sandbox-gateway\/checkout\//);
    await page.getByLabel('Card number').fill(CARD.decline);
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('999');
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page).toHaveURL(/\/deposit\?deposit=/);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Payment declined' })).toBeVisible();
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText('€0.00');
    expect(await tracked(page, 'payment')).toEqual([
      { event: 'payment', type: 'deposit', gateway: 'sandbox-card', amount: 25, error: 'Your card was declined.' },
    ]);
    expect((await walletOf(player)).balance).toBe(0);

    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(`${servers.staging}/deposit`);
    await expect(page.getByLabel('Amount (€)')).toBeVisible();
  });

  test('a pending card deposit is asked about until the gateway confirms it, and the payment page stays in reach', async ({ page, player }) => {
    const deposit = await createDeposit(player, 'sandbox-card', 40_00);
    await page.goto(`/deposit?deposit=${deposit.id}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Waiting for confirmation' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to the payment page' })).toHaveAttribute('href', deposit.redirect_url!);

    await payByCard(deposit, CARD.approve);
    await expect(page.getByRole('heading', { name: 'Deposit of €40.00 received' })).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText('€40.00');
    expect(await tracked(page, 'payment')).toEqual([{ event: 'payment', type: 'deposit', gateway: 'sandbox-card', amount: 40 }]);
  });

  test('a crypto deposit shows its address and QR code, and the simulated confirmation credits it with the chosen bonus', async ({ page, player }) => {
    await openDeposit(page, '/deposit?bonus=true&bonusId=welcome-match');
    const bonus = page.getByRole('region', { name: 'Your bonus' });
    await expect(bonus).toContainText('100% Match Bonus up to €500');

    await page.getByText('Crypto', { exact: true }).click();
    await expect(page.getByRole('radio', { name: /Crypto/ })).toBeChecked();
    await expect(page.getByText('Minimum €20.00, maximum €50,000.00.')).toBeVisible();
    await page.getByLabel('Amount (€)').fill('100');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/payments/deposits') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Deposit €100.00' }).click();
    expect((await request).postDataJSON()).toEqual({ method: 'sandbox-crypto', amount: 10000, bonusId: 'welcome-match' });

    await expect(page).toHaveURL(/\/deposit\?deposit=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Send €100.00 in crypto' })).toBeVisible();
    const address = page.getByTestId('deposit-address');
    await expect(address).toHaveText(/^sbx1q[0-9a-f]{40}$/);
    const qr = page.getByTestId('deposit-qr').locator('svg');
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('width', '100');
    await expect(qr).toHaveAttribute('role', 'img');
    expect(await qr.locator('path').count()).toBeGreaterThan(0);
    await expect(page.getByTestId('header-balance')).toHaveText('€0.00');

    await page.getByRole('button', { name: 'Simulate network confirmation' }).click();
    await expect(page.getByRole('heading', { name: 'Deposit of €100.00 received' })).toBeVisible();
    // The welcome offer matched the deposit: €100 cash and €100 bonus.
    await expect(page.getByTestId('header-balance')).toHaveText('€200.00');
    expect(await tracked(page, 'payment')).toEqual([{ event: 'payment', type: 'deposit', gateway: 'sandbox-crypto', amount: 100 }]);
    const wallet = await walletOf(player);
    expect(wallet).toMatchObject({ balance: 200_00, cash: 100_00, bonus: 100_00, withdrawable: 100_00 });
    const id = new URL(page.url()).searchParams.get('deposit')!;
    expect((await api<{ data: Deposit }>(`/api/payments/deposits/${id}`, { token: player.token })).body.data).toMatchObject({
      status: 'completed',
      bonus_id: 'welcome-match',
    });
  });

  test('the bonus card names the chosen offer, an unknown one is the 400 bonus screen, and the bonus can be removed', async ({ page, player }) => {
    expect(player.id).toBeTruthy();
    await page.goto('/deposit?bonus=true&bonusId=no-such-offer');
    await waitForHydration(page);
    await expect(page.getByText('There is no such bonus.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the Bonuses page' })).toHaveAttribute('href', '/account/bonuses');
    await openDeposit(page, '/en/deposit?bonus=true&bonusId=welcome-match');
    await expect(page.getByRole('region', { name: 'Your bonus' })).toContainText('100% Match Bonus up to €500');
    await page.getByRole('link', { name: 'Remove bonus' }).click();
    await expect(page).toHaveURL(`${servers.staging}/en/deposit`);
    await expect(page.getByRole('region', { name: 'Your bonus' })).toHaveCount(0);
  });
});

test.describe('withdrawals', () => {
  test('refused without KYC, accepted once an operator verifies the player, listed as pending and refused again when KYC lapses', async ({ page, player }) => {
    await fund(player, 100_00);
    await page.goto('/withdraw');
    await waitForHydration(page);
    await expect(page.getByTestId('withdrawable')).toHaveText('€100.00');
    const notice = page.getByRole('alert').filter({ hasText: 'Your account must be KYC verified!' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Go to verification' })).toHaveAttribute('href', '/account/verification');
    await expect(page.getByRole('button', { name: /Withdraw|Request withdrawal/ })).toHaveCount(0);
    await expect(page.getByText('You have no withdrawals waiting for review.')).toBeVisible();

    await setKyc(player, 'verified');
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('radio', { name: /Card/ })).toBeChecked();
    const amount = page.getByLabel('Amount (€)');
    await amount.fill('30');
    await page.getByRole('button', { name: 'Withdraw €30.00' }).click();
    // Only the server knows the player never paid by card.
    await expect(page.getByRole('alert')).toContainText('Card withdrawals go back to the card you deposited with');

    await page.getByText('Crypto', { exact: true }).click();
    await amount.fill('150');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.getByRole('alert')).toHaveText([
      'The amount may not be greater than your withdrawable balance of €100.00.',
      'Enter the wallet address to send the money to.',
    ]);
    await amount.fill('40');
    await expect(page.getByRole('alert')).toHaveText(['Enter the wallet address to send the money to.']);
    await page.getByLabel('Wallet address', { exact: true }).fill('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    await page.getByRole('button', { name: 'Withdraw €40.00' }).click();

    const requested = page.getByRole('status').filter({ hasText: 'Withdrawal of €40.00 requested' });
    await expect(requested).toBeVisible();
    await expect(requested).toContainText('cannot be cancelled once requested');
    await expect(page.getByTestId('pending-withdrawals').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('pending-withdrawals')).toContainText('€40.00');
    await expect(page.getByTestId('pending-withdrawals')).toContainText('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    await expect(page.getByTestId('withdrawable')).toHaveText('€60.00');
    await expect(page.getByTestId('header-balance')).toHaveText('€60.00');
    expect(await tracked(page, 'payment')).toContainEqual({ event: 'payment', type: 'withdrawal', gateway: 'sandbox-crypto', amount: 40 });
    const pending = await api<{ data: Withdrawal[] }>('/api/payments/withdrawals', { token: player.token });
    expect(pending.body.data).toMatchObject([{ amount: 4000, status: 'pending', method: 'sandbox-crypto' }]);

    // The server's kyc answer is shown like the page's own check.
    await page.getByRole('button', { name: 'Request another withdrawal' }).click();
    await setKyc(player, 'pending');
    await page.getByText('Crypto', { exact: true }).click();
    await page.getByLabel('Amount (€)').fill('20');
    await page.getByLabel('Wallet address', { exact: true }).fill('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    await page.getByRole('button', { name: 'Withdraw €20.00' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your account must be KYC verified!' }).getByRole('link', { name: 'Go to verification' }),
    ).toBeVisible();
    expect((await walletOf(player)).withdrawable).toBe(6000);

    await page.goto('/account/wallet');
    await expect(page.locator('[data-stat="pending-withdrawals"]')).toContainText('€40.00');
    await expect(page.locator('[data-stat="pending-withdrawals"]')).toContainText('1 request waiting for review');
    await expect(page.locator('[data-stat="withdrawable"] dd')).toHaveText('€60.00');
  });
});

test.describe('transaction history', () => {
  test('filters change the rows and the address, pages turn, and the CSV download holds the filtered rows', async ({ page, player }) => {
    await fund(player, 100_00);
    await fund(player, 20_00);
    for (let i = 0; i < 21; i++) await createDeposit(player, 'sandbox-card', 10_00 + i);
    await setKyc(player, 'verified');
    const withdrawal = await api('/api/payments/withdrawals', {
      method: 'POST',
      token: player.token,
      key: crypto.randomUUID(),
      body: { method: 'sandbox-crypto', amount: 30_00, address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' },
    });
    expect(withdrawal.status).toBe(201);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/account/transaction');
    await waitForHydration(page);
    const rows = page.getByRole('table', { name: 'Your transactions' }).locator('tbody tr');
    await expect(page.getByText('Showing 1–20 of 24')).toBeVisible();
    await expect(rows).toHaveCount(20);

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(`${servers.staging}/account/transaction?page=2`);
    await expect(page.getByText('Showing 21–24 of 24')).toBeVisible();
    await expect(rows).toHaveCount(4);
    await expect(pagination.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');

    await waitForHydration(page);
    const filters = page.getByRole('form', { name: 'Filter transactions' });
    await filters.getByLabel('Type').selectOption('withdrawal');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(`${servers.staging}/account/transaction?type=withdrawal`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Withdrawal');
    await expect(rows.first()).toContainText('Pending');
    const out = rows.first().getByText('−€30.00');
    await expect(out).toBeVisible();
    await expect(out).toHaveCSS('color', 'rgb(229, 72, 77)');

    await filters.getByLabel('Type').selectOption('deposit');
    await filters.getByLabel('Status').selectOption('completed');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(`${servers.staging}/account/transaction?type=deposit&status=completed`);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('+€20.00');
    await expect(rows.nth(1)).toContainText('+€100.00');
    await expect(rows.nth(1).getByText('+€100.00')).toHaveCSS('color', 'rgb(31, 157, 107)');
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

    const today = new Date().toISOString().slice(0, 10);
    await filters.getByLabel('From').fill('2020-01-01');
    await filters.getByLabel('To').fill('2020-12-31');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(`${servers.staging}/account/transaction?type=deposit&status=completed&from=2020-01-01&to=2020-12-31`);
    await expect(page.getByRole('heading', { name: 'No transactions match these filters' })).toBeVisible();
    await page.goBack();
    await expect(rows).toHaveCount(2);
    await expect(filters.getByLabel('From')).toHaveValue('');

    const csvLink = page.getByRole('link', { name: 'Download CSV' });
    await expect(csvLink).toHaveAttribute('href', '/api/player/transactions/export?type=deposit&status=completed');
    const download = page.waitForEvent('download');
    await csvLink.click();
    const csv = await readFile(await (await download).path(), 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('id,date,type,status,amount,currency,reference');
    expect(lines.slice(1).map((line) => line.split(',').slice(2, 6))).toEqual([
      ['deposit', 'completed', '20.00', 'EUR'],
      ['deposit', 'completed', '100.00', 'EUR'],
    ]);
    expect(lines.slice(1).every((line) => line.split(',')[1]!.startsWith(today))).toBe(true);

    await page.setViewportSize({ width: 375, height: 800 });
    const cards = page.getByRole('list', { name: 'Your transactions' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(page.getByRole('table', { name: 'Your transactions' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('screens', () => {
  test('every wallet screen at 375 and 1280 px, without horizontal overflow', async ({ page, player }) => {
    test.setTimeout(120_000);
    const widths = [375, 1280];
    async function shoot(name: string, path: string, ready: (page: Page) => Promise<void>) {
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await ready(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} at ${width} px overflows`).toBeLessThanOrEqual(0);
        await screenshotPage(page, `test-results/screenshots/wallet-${name}-${width}.png`);
      }
    }

    // The welcome offer is for a first deposit: its deposit page is shot before this player's first one.
    await shoot('deposit-form', '/deposit?bonus=true&bonusId=welcome-match', async (p) => {
      await expect(p.getByRole('radio', { name: /Card/ })).toBeVisible();
    });
    const approved = await createDeposit(player, 'sandbox-card', 50_00);
    await payByCard(approved, CARD.approve);
    const declined = await createDeposit(player, 'sandbox-card', 25_00);
    await payByCard(declined, CARD.decline);
    const checkout = await createDeposit(player, 'sandbox-card', 75_00);
    const cryptoDeposit = await createDeposit(player, 'sandbox-crypto', 100_00);
    await fund(player, 250_00);

    await shoot('gateway-card', checkout.redirect_url!, async (p) => {
      await expect(p.getByLabel('Card number')).toBeVisible();
    });
    await shoot('deposit-success', `/deposit?deposit=${approved.id}`, async (p) => {
      await expect(p.getByText(/Your balance is now/)).toBeVisible();
    });
    await shoot('deposit-declined', `/deposit?deposit=${declined.id}`, async (p) => {
      await expect(p.getByRole('heading', { name: 'Payment declined' })).toBeVisible();
    });
    await shoot('deposit-pending', `/deposit?deposit=${checkout.id}`, async (p) => {
      await expect(p.getByRole('link', { name: 'Return to the payment page' })).toBeVisible();
    });
    await shoot('deposit-crypto', `/deposit?deposit=${cryptoDeposit.id}`, async (p) => {
      await expect(p.getByTestId('deposit-qr').locator('svg')).toBeVisible();
    });
    await shoot('withdraw-no-kyc', '/withdraw', async (p) => {
      await expect(p.getByRole('link', { name: 'Go to verification' })).toBeVisible();
    });
    await setKyc(player, 'verified');
    await api('/api/payments/withdrawals', {
      method: 'POST',
      token: player.token,
      key: crypto.randomUUID(),
      body: { method: 'sandbox-crypto', amount: 40_00, address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' },
    });
    await shoot('withdraw', '/withdraw', async (p) => {
      await expect(p.getByLabel('Amount (€)')).toBeVisible();
    });
    await shoot('account-wallet', '/account/wallet', async (p) => {
      await expect(p.locator('[data-stat="balance"]')).toBeVisible();
    });
    await shoot('transactions', '/account/transaction', async (p) => {
      await expect(p.getByText(/Showing 1–/)).toBeVisible();
    });
  });
});
