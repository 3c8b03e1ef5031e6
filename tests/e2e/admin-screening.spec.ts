// Sanctions screening and the regulator's export on the console (issue 33 §4, §8; decisions 0116, 0117): a player who
// registers under a listed name appears on /admin/screening for a compliance officer, who marks the match a false
// positive with a reason; the officer makes the regulator's export for today on /admin/exports, sees its files and
// sums, and downloads it as one tar archive. Screenshots at 1280 px and 375 px.
import { randomBytes } from 'node:crypto';
import { expect, newStaff, shootWide375, staffPage } from './admin-fixtures.ts';
import { api, operatorToken, PLAYER_PASSWORD, test } from './fixtures.ts';

test.describe.configure({ timeout: 120_000 });

/** A new player registered as the sample list's (invented) Yelena Zhurbenko, spelt as her Cyrillic alias transliterates; their id. */
async function listedPlayer(): Promise<string> {
  const email = `e2e-listed-${randomBytes(5).toString('hex')}@example.com`;
  const form = {
    email,
    password: PLAYER_PASSWORD,
    name: 'Elena',
    surname: 'Zhurbenko',
    birthdate: '1982-07-21',
    gender: 'female',
    country: 'MT',
    city: 'Valletta',
    address1: '1 Test Street',
    postcode: 'VLT 1000',
    phonePrefix: '356',
    phoneNumber: '99123456',
    phone: '+35699123456',
    newsletter: false,
    agreement: true,
  };
  const registered = await api<{ data: { id: string | number } }>('/api/register', { method: 'POST', body: form });
  expect(registered.status).toBe(201);
  const id = String(registered.body.data.id);
  const token = await operatorToken();
  await expect.poll(async () => (await api<{ data: unknown[] }>(`/api/admin/screening/hits?player_id=${id}`, { token })).body.data.length).toBe(1);
  return id;
}

test('a compliance officer sees the list and a match, and marks the match a false positive with a reason', async ({ context }) => {
  const playerId = await listedPlayer();
  const page = await staffPage(context, await newStaff('compliance'), '/admin/screening');
  await expect(page.getByRole('heading', { name: 'Screening', exact: true })).toBeVisible();
  await expect(page.getByTestId('screening-list')).toContainText('EU consolidated financial sanctions list');
  await expect(page.getByTestId('screening-list')).toContainText('7');
  await expect(page.getByTestId('screening-list')).toContainText('PEP list (OpenSanctions FollowTheMoney)');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Player ${playerId}`, exact: true }) });
  await expect(row).toContainText('Елена Журбенко');
  await expect(row).toContainText('EU.9006.06');
  await expect(row).toContainText('birthdate matches');
  await shootWide375(page, 'screening');

  await row.getByRole('button', { name: /a false positive$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark a false positive' });
  await expect(dialog).toContainText('Later screenings keep this decision');
  await dialog.getByLabel('How you know').fill('Passport checked: a different Elena Zhurbenko, born in Riga.');
  await shootWide375(page, 'screening-false-positive');
  await dialog.getByRole('button', { name: 'Mark false positive' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/is marked a false positive\./)).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('button', { name: 'False positives' }).click();
  const decided = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Player ${playerId}`, exact: true }) });
  await expect(decided).toContainText('false positive');
  await expect(decided).toContainText('born in Riga');
});

test('a compliance officer makes the regulator’s export for today, sees its files and downloads the archive', async ({ context }) => {
  const page = await staffPage(context, await newStaff('compliance'), '/admin/exports');
  await expect(page.getByRole('heading', { name: 'Regulator’s export' })).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From').fill(today);
  await page.getByLabel('To').fill(today);
  await page.getByRole('button', { name: 'Make export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make the regulator’s export' });
  await expect(dialog).toContainText('written to the audit log');
  await dialog.getByLabel('Why (e.g. the regulator’s request)').fill('Regulator’s request of today');
  await dialog.getByRole('button', { name: 'Make export' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('export-outcome')).toContainText(`The export for ${today} to ${today} is ready`);

  const card = page.getByTestId('export').first();
  await expect(card.getByRole('heading', { name: today })).toBeVisible();
  await expect(card).toContainText('12 files');
  await card.getByRole('button', { name: 'Files' }).click();
  await expect(card.getByText('transactions.csv')).toBeVisible();
  await expect(card.getByText('players.csv')).toBeVisible();
  await shootWide375(page, 'exports');

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: /^Download the export/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^regulator-export-\d{8}-\d{8}-[0-9a-f]{12}\.tar$/);
});

test('a role without the permissions is told which one each screen needs', async ({ context }) => {
  const page = await staffPage(context, await newStaff('support'), '/admin/screening');
  await expect(page.getByRole('alert')).toContainText('it needs the screening.manage permission');
  await page.goto('/admin/exports');
  await expect(page.getByRole('alert')).toContainText('it needs the exports.run permission');
});
