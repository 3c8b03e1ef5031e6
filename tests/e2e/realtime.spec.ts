// Live updates over the realtime server: the header balance after a deposit made elsewhere, and an operator's
// message arriving in the inbox, both without a reload.
import type { Deposit } from '../../contract/wallet.ts';
import { api, expect, isSameDocument, markDocument, operatorToken, playerTest, waitForHydration } from './fixtures.ts';

const test = playerTest;

/** Waits until the page's realtime client has joined the player's private channel. */
async function waitForLiveChannel(page: import('@playwright/test').Page) {
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'live', { timeout: 10_000 });
}

test('the header balance follows a deposit made elsewhere, without a reload', async ({ page, player }) => {
  await page.goto('/account/profile');
  await waitForHydration(page);
  await expect(page.getByTestId('header-balance')).toHaveText('€0.00');
  await waitForLiveChannel(page);
  await markDocument(page);

  // Another device pays: a crypto deposit confirmed by the sandbox network.
  const created = await api<{ data: Deposit }>('/api/payments/deposits', {
    method: 'POST',
    token: player.token,
    body: { method: 'sandbox-crypto', amount: 123_45 },
    key: crypto.randomUUID(),
  });
  expect(created.status).toBe(201);
  const { sandbox_confirm_url: url, sandbox_confirm_signature: signature } = created.body.data;
  expect((await api(url!, { method: 'POST', headers: { 'sandbox-signature': signature! } })).status).toBe(200);

  await expect(page.getByTestId('header-balance')).toHaveText('€123.45');
  expect(await isSameDocument(page)).toBe(true);
  await expect(page.getByTestId('realtime-problem')).toHaveCount(0);
});

test('an operator’s message appears in the inbox and the header without a reload; reading and deleting it work', async ({ page, player }) => {
  await page.goto('/messages');
  await waitForHydration(page);
  await expect(page.getByText('No messages')).toBeVisible();
  await waitForLiveChannel(page);
  await markDocument(page);

  const sent = await api<{ data: { id: string } }>('/api/admin/messages', {
    method: 'POST',
    token: await operatorToken(),
    body: { player_id: player.id, subject: 'Your withdrawal is on its way', body: 'We paid it to your card today.\nThank you for playing.' },
  });
  expect(sent.status).toBe(201);

  const item = page.getByRole('button', { name: /Your withdrawal is on its way/ });
  await expect(item).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'New message: Your withdrawal is on its way' })).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveText('1');
  expect(await isSameDocument(page)).toBe(true);

  await item.click();
  await expect(page.getByText('We paid it to your card today.')).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await expect.poll(async () => (await api<{ meta: { unread: number } }>('/api/player/messages', { token: player.token })).body.meta.unread).toBe(0);

  await page.getByRole('button', { name: 'Delete message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this message?' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No messages')).toBeVisible();
  expect((await api<{ data: unknown[] }>('/api/player/messages', { token: player.token })).body.data).toEqual([]);
});

for (const width of [375, 1280]) {
  test(`the inbox at ${width} px`, async ({ page, player }) => {
    const token = await operatorToken();
    for (const subject of ['Welcome to the club', 'Your deposit limit was raised']) {
      await api('/api/admin/messages', {
        method: 'POST',
        token,
        body: { player_id: player.id, subject, body: `About: ${subject}. Contact support with any questions.` },
      });
    }
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/messages');
    await waitForHydration(page);
    await page.getByRole('button', { name: /Your deposit limit was raised/ }).click();
    await expect(page.getByText('About: Your deposit limit was raised.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/screenshots/messages-${width}.png`, fullPage: true });
  });
}
