// The payments screen (issue 32 §6, docs/decisions/0104-payment-gateway-port.md): finance finds a player's deposit by
// e-mail, opens its history and refunds it with a reason and a confirmation naming the effect; support reads the
// same payment but has no actions. Screenshots at 1280 px and 375 px.
import type { Page } from '@playwright/test';
import { expect, newStaff, shootWide375, staffPage } from './admin-fixtures.ts';
import { depositFor, registerActivePlayer, sessionOf, test } from './fixtures.ts';

test.describe.configure({ timeout: 120_000 });

/** A player with two deposits (€40 and €25), and their e-mail. */
async function playerWithDeposits() {
  const email = await registerActivePlayer();
  const { token } = await sessionOf(email);
  await depositFor(token, 40_00);
  await depositFor(token, 25_00);
  return email;
}

async function findDeposit(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Payments', exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Search payments' });
  await form.getByLabel('Player name or e-mail').fill(email);
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('2 payments · page 1 of 1')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '€40.00' });
  await expect(row).toContainText(email);
  await expect(row).toContainText('Eve Tester');
  await expect(row).toContainText('Completed');
  await row.getByRole('button', { name: /^Open the deposit of €40\.00/ }).click();
  const detail = page.getByTestId('payment-detail');
  await expect(detail.getByRole('heading', { name: 'Deposit of €40.00' })).toBeVisible();
  await expect(detail.getByTestId('payment-event')).toHaveCount(2);
  await expect(detail.getByTestId('payment-event').nth(1)).toContainText('Paid: credited to the player');
  return detail;
}

test('finance finds a deposit by the player’s e-mail, reads its history and refunds it with a reason', async ({ page, context }) => {
  const email = await playerWithDeposits();
  await page.close();
  const finance = await staffPage(context, await newStaff('finance'), '/admin/payments');
  await expect(finance.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Payments', exact: true })).toBeVisible();
  const detail = await findDeposit(finance, email);
  await shootWide375(finance, 'payments-detail');

  await detail.getByRole('button', { name: 'Refund…' }).click();
  const dialog = finance.getByRole('dialog', { name: 'Refund deposit' });
  await expect(dialog.getByTestId('confirm-effect')).toContainText(`Refund €40.00 of Eve Tester's (${email}) crypto deposit`);
  await dialog.getByRole('button', { name: 'Refund €40.00' }).click();
  await expect(dialog.getByText('Give a reason of at least 3 characters.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Player asked for a refund on the phone');
  await shootWide375(finance, 'payments-refund-dialog');
  await dialog.getByRole('button', { name: 'Refund €40.00' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(finance.getByText('Deposit refunded.')).toBeVisible();
  await expect(detail.getByTestId('payment-event')).toHaveCount(3);
  const refund = detail.getByTestId('payment-event').nth(2);
  await expect(refund).toContainText('Refunded');
  await expect(refund).toContainText('Player asked for a refund on the phone');
  await expect(detail.getByRole('button', { name: 'Refund…' })).toHaveCount(0);
  await expect(finance.getByRole('row').filter({ hasText: '€40.00' })).toContainText('Refunded');
  await shootWide375(finance, 'payments-refunded');
});

test('support reads a payment’s history but has no refund or chargeback', async ({ page, context }) => {
  const email = await playerWithDeposits();
  await page.close();
  const support = await staffPage(context, await newStaff('support'), '/admin/payments');
  const detail = await findDeposit(support, email);
  await expect(detail.getByRole('button', { name: 'Refund…' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Record chargeback…' })).toHaveCount(0);
  await shootWide375(support, 'payments-support');
});
