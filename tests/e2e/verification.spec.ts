// Identity verification in the browser (issue 15): a player uploads both sides of an identity card and a proof of
// address, an operator approves them through the API, the page turns verified live and the withdrawal goes through.
import type { Page } from '@playwright/test';
import { flateObject, jpeg, pdf } from '../../server/modules/verification/fixtures.ts';
import { api, depositFor, expect, operatorToken, playerTest as test, screenshotPage, waitForHydration, type FreshPlayer } from './fixtures.ts';

type QueueItem = { id: string; side: string; kind: string; player: { id: string } };
type TrackedEvent = { event: string; [field: string]: unknown };

const tracked = (page: Page, event: string) =>
  page.evaluate((name) => ((window as unknown as { dataLayer?: TrackedEvent[] }).dataLayer ?? []).filter((entry) => entry.event === name), event);

async function pendingOf(player: FreshPlayer): Promise<QueueItem[]> {
  const queue = await api<{ data: QueueItem[] }>('/api/admin/kyc/documents?status=pending', { token: await operatorToken() });
  expect(queue.status).toBe(200);
  return queue.body.data.filter((item) => item.player.id === player.id);
}

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px overflows`).toBeLessThanOrEqual(0);
    await screenshotPage(page, `test-results/screenshots/verification-${name}-${width}.png`);
  }
}

async function upload(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel(`${label}: choose a file`).setInputFiles(file);
}

test.describe('/account/verification', () => {
  // Several uploads, an operator's review and a withdrawal in one story: more than the default budget on a shared machine.
  test.describe.configure({ timeout: 120_000 });
  test('upload an identity card (both sides) and a proof of address, get approved live, then withdraw', async ({ page, player }) => {
    await depositFor(player.token, 100_00);
    await page.goto('/withdraw');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Go to verification' }).click();
    await expect(page).toHaveURL(/\/account\/verification$/);
    const status = page.getByTestId('verification-status');
    await expect(status).toContainText('Your account is not verified yet');
    await expect(status).toContainText('A photo ID: the front of your passport, identity card or driving licence.');
    await expect(page.locator('html')).toHaveAttribute('data-realtime', 'live', { timeout: 10_000 });
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'unverified');

    await page.getByText('Identity card', { exact: true }).click();
    const camera = page.getByLabel('Identity card: front: take a photo');
    await expect(camera).toHaveAttribute('capture', 'environment');
    await expect(camera).toHaveAttribute('accept', 'image/*');
    await expect(page.getByLabel('Identity card: front: choose a file')).toHaveAttribute('accept', 'image/jpeg,image/png,application/pdf');

    await upload(page, 'Identity card: front', { name: 'id-front.jpg', mimeType: 'image/jpeg', buffer: await jpeg({ seed: 11 }) });
    const slots = page.getByTestId('document-slot');
    await expect(slots.nth(0)).toContainText('Waiting for review');
    await upload(page, 'Identity card: back', { name: 'id-back.jpg', mimeType: 'image/jpeg', buffer: await jpeg({ seed: 12 }) });
    await expect(slots.nth(1)).toContainText('Waiting for review');
    await upload(page, 'Proof of address', { name: 'bank-statement.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await expect(slots.nth(2)).toContainText('Waiting for review');
    await expect(status).toContainText('We are checking your documents');
    await expect(page.getByTestId('verification-documents').getByRole('listitem')).toHaveCount(3);
    expect(await tracked(page, 'kyc_file_upload')).toEqual([
      { event: 'kyc_file_upload', index: 0, side: 'front', name: 'id-front.jpg', type: 'image/jpeg', isDoubleSided: true },
      { event: 'kyc_file_upload', index: 1, side: 'back', name: 'id-back.jpg', type: 'image/jpeg', isDoubleSided: true },
      { event: 'kyc_file_upload', index: 0, side: 'front', name: 'bank-statement.pdf', type: 'application/pdf', isDoubleSided: false },
    ]);
    await shoot(page, 'pending');

    const operator = await operatorToken();
    const pending = await pendingOf(player);
    expect(pending.map((item) => `${item.kind}/${item.side}`)).toEqual(['identity/front', 'identity/back', 'address/front']);
    for (const item of pending) expect((await api(`/api/admin/kyc/documents/${item.id}/approve`, { method: 'POST', token: operator })).status).toBe(200);

    // No reload: the review arrives as VerificationUpdated.
    await expect(status).toContainText('Your account is verified');
    await expect(status).toHaveAttribute('data-status', 'verified');
    await shoot(page, 'verified');
    await page.setViewportSize({ width: 1280, height: 900 });

    await status.getByRole('link', { name: 'Withdraw now' }).click();
    await expect(page).toHaveURL(/\/withdraw$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Your account must be KYC verified!' })).toHaveCount(0);
    await page.getByText('Crypto', { exact: true }).click();
    await page.getByLabel('Amount (€)').fill('30');
    await page.getByLabel('Wallet address', { exact: true }).fill('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    await page.getByRole('button', { name: 'Withdraw €30.00' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Withdrawal of €30.00 requested' })).toBeVisible();
  });

  test('a refused file and a rejected document say why and how to fix it; a new file can be dropped in', async ({ page, player }) => {
    await page.goto('/account/verification');
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-realtime', 'live', { timeout: 10_000 });
    await page.getByText('Passport', { exact: true }).click();
    await upload(page, 'Passport: photo page', { name: 'passport.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('MZ this is a program') });
    await expect(page.getByTestId('document-slot').first().getByRole('alert')).toHaveText('Please upload a JPEG or PNG photo or a PDF document.');
    const scripted = pdf({ objects: [flateObject('<< /S /JavaScript /JS (app.alert(1)) >>')] });
    await upload(page, 'Proof of address', { name: 'bill.pdf', mimeType: 'application/pdf', buffer: scripted });
    await expect(page.getByTestId('document-slot').nth(1).getByRole('alert')).toContainText('This PDF contains scripts');

    await upload(page, 'Passport: photo page', { name: 'passport.jpg', mimeType: 'image/jpeg', buffer: await jpeg({ seed: 21 }) });
    await expect(page.getByTestId('document-slot').first()).toContainText('Waiting for review');
    const [document] = await pendingOf(player);
    const rejected = await api(`/api/admin/kyc/documents/${document!.id}/reject`, {
      method: 'POST',
      token: await operatorToken(),
      body: { reason: 'The photo is blurred: we cannot read your date of birth.' },
    });
    expect(rejected.status).toBe(200);
    const status = page.getByTestId('verification-status');
    await expect(status).toHaveAttribute('data-status', 'rejected');
    const slot = page.getByTestId('document-slot').first();
    await expect(slot).toContainText('Why: The photo is blurred: we cannot read your date of birth.');
    await expect(slot).toContainText('How to fix it');
    await shoot(page, 'rejected');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Drag and drop a new photo onto the slot.
    const bytes = [...(await jpeg({ seed: 22 }))];
    const dropped = await page.evaluateHandle((data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], 'passport-new.jpg', { type: 'image/jpeg' }));
      return transfer;
    }, bytes);
    await slot.getByRole('group').dispatchEvent('drop', { dataTransfer: dropped });
    await expect(slot).toContainText('Waiting for review');
    await expect(status).toHaveAttribute('data-status', 'pending');
    await expect(page.getByTestId('verification-documents').getByRole('listitem')).toHaveCount(2);
  });
});
