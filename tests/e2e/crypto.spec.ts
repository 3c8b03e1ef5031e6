// The on-chain crypto rail in the browser (issue 30, docs/decisions/0109), on the providers server, whose process runs a
// local EVM chain (playwright.config.ts, scripts/e2e-server.ts): a player opens the crypto deposit, the test sends test
// stablecoins from a funded account to the address shown, mines blocks, and the page follows live, seen, n of N
// confirmations, credited, while the header balance changes; an operator sets a rate and finds the deposit in the
// console. Screenshots at 375 and 1280 px go to /tmp/shots/ (player) and test-results/admin/ (console).
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type Address, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { localChainUrl } from '../../playwright.config.ts';
import { localChainClient, TEST_ACCOUNTS } from '../../scripts/local-chain.ts';
import { testStablecoinAbi } from '../../scripts/local-chain/test-stablecoin-artifact.ts';
import { shootWide375, signInOperator } from './admin-fixtures.ts';
import { addSessionCookie, api, depositFor, expect, operatorToken, registerActivePlayer, servers, sessionOf, test, waitForHydration } from './fixtures.ts';

const base = servers.providers;
test.use({ baseURL: base });
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const SHOTS = '/tmp/shots';

async function snap(page: Page, name: string, { fullPage = false } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const deposit = page.getByTestId('chain-deposit');
    await ((await deposit.count()) ? deposit.first() : page.getByTestId('onchain-deposit')).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/crypto-${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a player deposits test stablecoins to their own address and sees the confirmations and the balance change live', async ({ page, context }) => {
  const operator = await operatorToken(base);
  const rate = await api('/api/admin/chain/rates', {
    method: 'PUT',
    token: operator,
    body: { token: 'TUSD', rate: '0.92', max_age_seconds: 86_400, reason: 'Browser test rate' },
    baseURL: base,
  });
  expect(rate.status).toBe(200);
  const session = await sessionOf(await registerActivePlayer(base), base);
  await addSessionCookie(context, session, base);

  await page.goto('/deposit');
  await waitForHydration(page);
  const section = page.getByTestId('onchain-deposit');
  await expect(section.getByRole('heading', { name: 'Deposit crypto from your own wallet' })).toBeVisible();
  await expect(section.getByText('after 3 network confirmations')).toBeVisible();
  await expect(section.getByRole('radio', { name: 'TUSD on Local test chain' })).toBeChecked();
  await expect(section.getByTestId('deposit-qr').locator('svg')).toBeVisible();
  await expect(section.getByTestId('chain-deposits-empty')).toBeVisible();
  const address = (await section.getByTestId('deposit-address').textContent())!.trim() as Address;
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.locator('html[data-realtime="live"]')).toBeAttached();
  await expect(page.getByTestId('header-balance')).toHaveText('€0.00');
  await snap(page, 'address', { fullPage: true });

  // The network: 25.50 TUSD from the funded test account, then blocks on top of it.
  const chain = localChainClient(localChainUrl);
  const stablecoin = (
    await api<{ data: { tokens: { symbol: string; contract: string | null }[] } }>('/api/payments/crypto', { token: session.token, baseURL: base })
  ).body!.data.tokens.find((token) => token.symbol === 'TUSD')!.contract as Address;
  const hash = await chain.writeContract({
    address: stablecoin,
    abi: testStablecoinAbi,
    functionName: 'transfer',
    args: [address, parseUnits('25.5', 6)],
    account: TEST_ACCOUNTS[1]!.address,
    chain: hardhat,
  });
  await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 });

  const row = section.getByTestId('chain-deposit');
  await expect(row).toContainText('25.5 TUSD');
  await expect(row.getByTestId('chain-deposit-progress')).toHaveText('Seen, 1 of 3 confirmations');
  await expect(row.getByRole('progressbar', { name: 'Confirmations' })).toHaveAttribute('aria-valuenow', '1');
  await snap(page, 'seen');
  await chain.mine({ blocks: 1 });
  await expect(row.getByTestId('chain-deposit-progress')).toHaveText('Seen, 2 of 3 confirmations');
  await expect(page.getByTestId('header-balance')).toHaveText('€0.00');
  await chain.mine({ blocks: 1 });
  // 25.5 TUSD at 0.92 = €23.46, credited once the third confirmation is in.
  await expect(row.getByTestId('chain-deposit-progress')).toHaveText('Credited to your balance');
  await expect(row).toContainText('Credited €23.46 at 0.92 EUR per TUSD');
  await expect(page.getByTestId('header-balance')).toHaveText('€23.46');
  await snap(page, 'credited');

  // More blocks and a reload change nothing: credited once.
  await chain.mine({ blocks: 3 });
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('chain-deposit')).toHaveCount(1);
  await expect(page.getByTestId('header-balance')).toHaveText('€23.46');
});

test('an operator sets a rate and finds the on-chain deposits with their transactions, quotes and statuses', async ({ browser }) => {
  // A new context: the console's session is its own cookie.
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await signInOperator(page, '/admin/crypto');
  await expect(page.getByRole('heading', { name: 'Crypto', level: 1 })).toBeVisible();
  await expect(page.getByText('Local test chain · deposits are credited after 3 confirmations')).toBeVisible();
  await expect(page.getByTestId('rate-TUSD')).toContainText('0.92 EUR');
  await expect(page.getByTestId('rate-TUSD')).toContainText('Current');

  // ETH gets its rate through the form, with a reason.
  await page.getByLabel('Coin', { exact: true }).selectOption('ETH');
  await page.getByLabel('Rate (EUR per coin)').fill('2,000');
  await page.getByLabel('Reason').fill('Treasury desk rate');
  await page.getByRole('button', { name: 'Set rate' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The rate field format is invalid.' })).toBeVisible();
  await page.getByLabel('Rate (EUR per coin)').fill('2000.5');
  await page.getByRole('button', { name: 'Set rate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The ETH rate is set.' })).toBeVisible();
  await expect(page.getByTestId('rate-ETH')).toContainText('2000.5 EUR');

  const credited = page.getByTestId('chain-deposit-row').filter({ hasText: '25.5 TUSD' });
  await expect(credited).toContainText('€23.46');
  await expect(credited).toContainText('3 of 3');
  await expect(credited).toContainText('Credited');
  await shootWide375(page, 'crypto');
  await page.getByRole('button', { name: 'Reorged' }).click();
  await expect(page.getByText('No on-chain deposits here.')).toBeVisible();
  await context.close();
});

test('a player withdraws to their own address; after approval the signer pays it on chain and operators see the transaction', async ({
  page,
  context,
  browser,
}) => {
  // A long walk (deposit, withdrawal, approval, payment on chain, the console) on a loaded machine: a budget, not a measure.
  test.slow();
  const operator = await operatorToken(base);
  await api('/api/admin/chain/rates', {
    method: 'PUT',
    token: operator,
    body: { token: 'TUSD', rate: '0.92', max_age_seconds: 86_400, reason: 'Browser test rate' },
    baseURL: base,
  });
  // This player withdraws without playing: compliance's rapid-in-out rule would hold the withdrawal (decision 0114).
  const rule = '/api/admin/compliance/rules/rapid-in-out';
  const hold = await api(rule, { method: 'PUT', token: operator, body: { values: { hold: false }, reason: 'Crypto browser test' }, baseURL: base });
  expect(hold.status).toBe(200);
  try {
    const email = await registerActivePlayer(base);
    const session = await sessionOf(email, base);
    const me = await api<{ id: string }>('/api/player', { token: session.token, baseURL: base });
    const verified = await api(`/api/admin/players/${me.body.id}/kyc`, {
      method: 'POST',
      token: operator,
      body: { status: 'verified', reason: 'Documents checked' },
      baseURL: base,
    });
    expect(verified.status).toBe(200);
    await depositFor(session.token, 60_00, base);
    await addSessionCookie(context, session, base);

    await page.goto('/withdraw');
    await waitForHydration(page);
    const section = page.getByTestId('onchain-withdraw');
    await expect(section.getByRole('heading', { name: 'Withdraw crypto to your own wallet' })).toBeVisible();
    await expect(section.getByRole('radio', { name: 'TUSD on Local test chain' })).toBeChecked();
    const to = privateKeyToAccount(`0x${'5'.repeat(63)}${Math.floor(Math.random() * 10)}`).address;
    await section.getByLabel('Amount (€)').fill('46');
    await expect(section.getByTestId('onchain-withdraw-quote')).toHaveText('You receive about 50 TUSD (at 0.92 EUR per TUSD); the rate is fixed when you ask.');
    // A mistyped checksum is refused by the server, named on the field.
    await section.getByLabel(/Your TUSD address/).fill(to.replace(/[a-f]/, (letter) => letter.toUpperCase()));
    await section.getByRole('button', { name: 'Withdraw €46.00 in TUSD' }).click();
    await expect(section.getByText(/do not match its checksum/)).toBeVisible();
    await section.getByLabel(/Your TUSD address/).fill(to.toLowerCase());
    await snapWithdraw(page, 'withdraw-form');
    await section.getByRole('button', { name: 'Withdraw €46.00 in TUSD' }).click();
    const requested = page.getByRole('status').filter({ hasText: 'Withdrawal of €46.00 requested' });
    await expect(requested).toBeVisible();
    await expect(requested).toContainText(`50 TUSD to ${to}`);
    await snapWithdraw(page, 'withdraw-requested');

    // An operator approves it; the signer (its own process beside the server) pays it from the hot wallet.
    const pending = await api<{ data: { id: string; player_id: string }[] }>('/api/admin/withdrawals?status=pending', { token: operator, baseURL: base });
    const withdrawal = pending.body.data.find((row) => row.player_id === me.body.id)!;
    const approved = await api(`/api/admin/withdrawals/${withdrawal.id}/approve`, { method: 'POST', token: operator, body: {}, baseURL: base });
    expect(approved.status).toBe(200);
    const chain = localChainClient(localChainUrl);
    const stablecoin = (
      await api<{ data: { tokens: { symbol: string; contract: string | null }[] } }>('/api/payments/crypto', { token: session.token, baseURL: base })
    ).body!.data.tokens.find((token) => token.symbol === 'TUSD')!.contract as Address;
    const balanceOf = () => chain.readContract({ address: stablecoin, abi: testStablecoinAbi, functionName: 'balanceOf', args: [to] });
    await expect.poll(balanceOf, { timeout: 20_000 }).toBe(parseUnits('50', 6));
    await chain.mine({ blocks: 3 });

    // The signer follows the payment to its confirmations and reports them: the operators' list says so. Polled on
    // the API first, so a failure names the state the payout was left in.
    type Listed = { id: string; payout: { status: string; confirmations: number } | null };
    await expect
      .poll(
        async () => {
          const listed = await api<{ data: Listed[] }>('/api/admin/chain/withdrawals', { token: operator, baseURL: base });
          const row = listed.body.data?.find((candidate) => candidate.id === withdrawal.id);
          return row ? (row.payout ? `${row.payout.status} (${row.payout.confirmations})` : 'no payout yet') : `not listed (${listed.status})`;
        },
        { timeout: 60_000 },
      )
      .toMatch(/^confirmed/);
    const admin = await browser.newContext({ baseURL: base });
    const desk = await admin.newPage();
    await signInOperator(desk, '/admin/crypto');
    const row = desk.getByTestId('chain-withdrawal-row').filter({ hasText: new RegExp(to.slice(2, 10), 'i') });
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('€46.00 = 50 TUSD @ 0.92');
    await expect(desk.getByTestId('hot-wallet')).toBeVisible();
    await expect(desk.getByTestId('hot-balance-TUSD')).toBeVisible();
    await shootWide375(desk, 'crypto-withdrawals');
    await admin.close();
    // Paid once: the address holds exactly the 50 TUSD.
    expect(await balanceOf()).toBe(parseUnits('50', 6));
  } finally {
    await api(rule, { method: 'PUT', token: operator, body: { values: { hold: true }, reason: 'Crypto browser test done' }, baseURL: base });
  }
});

async function snapWithdraw(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.getByTestId('onchain-withdraw').or(page.getByRole('status').first()).first().scrollIntoViewIfNeeded();
    // What sticks out, named, so an overflow says where it is.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${(element.textContent ?? '').slice(0, 40)}`),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), wide.join('\n')).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/crypto-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
