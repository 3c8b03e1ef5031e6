// The back office's KYC queue (issue 18): a compliance officer reviews a player's documents side by side with what
// the player told us, rejects one with a reason, approves the rest (the player becomes verified), and the queue
// moves on to the next player; support staff have no KYC screen and the API refuses them.
import type { Page } from '@playwright/test';
import { servers } from '../../playwright.config.ts';
import { jpeg, pdf } from '../../server/modules/verification/fixtures.ts';
import { expect, newStaff, STAFF_PASSWORD, shoot, signIn, staffPage } from './admin-fixtures.ts';
import { api, registerActivePlayer, sessionOf, test } from './fixtures.ts';

type Player = { id: string; token: string };

async function newPlayer(): Promise<Player> {
  const { token } = await sessionOf(await registerActivePlayer());
  const me = await api<{ id: string | number }>('/api/player', { token });
  expect(me.status).toBe(200);
  return { id: String(me.body.id), token };
}

/** Uploads through the player API, as the verification page's FormData does; answers the document's id. */
async function uploadDocument(player: Player, fields: Record<string, string>, file: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${servers.staging}/api/player/verification/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${player.token}` },
    body: form,
  });
  const body = await response.text();
  expect(response.status, body).toBe(201);
  return (JSON.parse(body) as { data: { document: { id: string } } }).data.document.id;
}

const kycStatusOf = async (player: Player) => (await api<{ kyc_status: string }>('/api/player', { token: player.token })).body.kyc_status;

/** The rendered image's own pixel width: 0 until the browser decoded the file. */
const naturalWidth = (page: Page, name: string) =>
  page
    .getByRole('region', { name, exact: true })
    .getByTestId('document-image')
    .evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0));

test.describe('the KYC queue', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a compliance officer compares, rejects one document with a reason, approves the rest, and the queue moves on', async ({ page }) => {
    const first = await newPlayer();
    await uploadDocument(
      first,
      { kind: 'identity', document_type: 'id_card', side: 'front' },
      { bytes: await jpeg({ seed: 31 }), name: 'id-front.jpg', type: 'image/jpeg' },
    );
    await uploadDocument(
      first,
      { kind: 'identity', document_type: 'id_card', side: 'back' },
      { bytes: await jpeg({ seed: 32 }), name: 'id-back.jpg', type: 'image/jpeg' },
    );
    await uploadDocument(first, { kind: 'address' }, { bytes: pdf(), name: 'electricity-bill.pdf', type: 'application/pdf' });
    await uploadDocument(first, { kind: 'selfie' }, { bytes: await jpeg({ seed: 33, width: 480, height: 640 }), name: 'selfie.jpg', type: 'image/jpeg' });
    const second = await newPlayer();
    await uploadDocument(
      second,
      { kind: 'identity', document_type: 'passport' },
      { bytes: await jpeg({ seed: 34 }), name: 'passport.jpg', type: 'image/jpeg' },
    );
    expect(await kycStatusOf(first)).toBe('pending');

    await signIn(page, await newStaff('compliance'), STAFF_PASSWORD, '/admin');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'KYC' }).click();
    await expect(page).toHaveURL(/\/admin\/kyc$/);
    await expect(page.getByRole('heading', { name: 'KYC' })).toBeVisible();
    const queue = page.getByRole('navigation', { name: 'KYC queue' });
    // Oldest first: the first player's documents arrived before the second's, so they are shown first.
    await expect(queue.getByRole('button').first()).toContainText(`#${first.id}`);
    await expect(queue.getByRole('button', { name: new RegExp(`#${first.id}\\b`) })).toHaveAttribute('aria-current', 'true');

    const details = page.getByRole('definition');
    const facts = page.locator('dl[aria-label="Player details"]');
    await expect(facts).toContainText('1990-01-01');
    await expect(facts).toContainText('1 Test Street');
    await expect(facts).toContainText('Malta (MT)');
    await expect(details.filter({ hasText: 'Tester' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: `Player ${first.id}` })).toBeVisible();

    // Front and back side by side, then the proof of address (a PDF in the browser's viewer) and the selfie.
    const panels = page.getByRole('region', { name: `Documents of Eve Tester` }).getByRole('region');
    await expect(panels).toHaveCount(4);
    await expect(panels.nth(0)).toHaveAccessibleName('Identity card · front');
    await expect(panels.nth(1)).toHaveAccessibleName('Identity card · back');
    await expect(panels.nth(2)).toHaveAccessibleName('Proof of address');
    for (const name of ['Identity card · front', 'Identity card · back', 'Selfie with your ID'])
      await expect.poll(() => naturalWidth(page, name), { message: `${name} is rendered` }).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: 'Proof of address' }).getByTestId('document-pdf')).toHaveAttribute('data', /^blob:/);
    const front = await page.getByRole('region', { name: 'Identity card · front' }).boundingBox();
    const back = await page.getByRole('region', { name: 'Identity card · back' }).boundingBox();
    expect(Math.abs(front!.y - back!.y), 'front and back side by side').toBeLessThan(2);
    expect(back!.x).toBeGreaterThan(front!.x + front!.width - 1);

    // Zoom and rotate an image.
    const frontPanel = page.getByRole('region', { name: 'Identity card · front' });
    await frontPanel.getByRole('button', { name: 'Zoom into Identity card · front' }).click();
    await expect(frontPanel.getByText('150%')).toBeVisible();
    await frontPanel.getByRole('button', { name: 'Rotate Identity card · front' }).click();
    await expect(frontPanel.getByTestId('document-image')).toHaveAttribute('style', /rotate\(90deg\)/);
    await frontPanel.getByRole('button', { name: 'Zoom out of Identity card · front' }).click();
    await expect(frontPanel.getByText('Fit')).toBeVisible();
    await shoot(page, 'kyc-queue');

    // A rejection needs its reason; the player reads it.
    const selfie = page.getByRole('region', { name: 'Selfie with your ID' });
    await selfie.getByRole('button', { name: 'Reject Selfie with your ID' }).click();
    // Confirmed in a dialog that says what the player is told (issue 32 §3).
    const reject = page.getByRole('dialog', { name: 'Reject Selfie with your ID' });
    await expect(reject).toContainText('Reject “Selfie with your ID” of Eve Tester');
    await reject.getByRole('button', { name: 'Reject document' }).click();
    await expect(reject.getByRole('alert')).toHaveText('Give a reason of at least 3 characters.');
    await reject.getByLabel('Reason for rejection').fill('Your face is not visible: hold the ID beside your face in good light.');
    await shoot(page, 'kyc-reject');
    await reject.getByRole('button', { name: 'Reject document' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Selfie with your ID rejected.' })).toBeVisible();
    await expect(panels).toHaveCount(3);

    for (const name of ['Identity card · front', 'Identity card · back']) {
      await page.getByRole('button', { name: `Approve ${name}` }).click();
      await expect(page.getByRole('status').filter({ hasText: `${name} approved.` })).toBeVisible();
      await expect(page.getByRole('region', { name, exact: true })).toHaveCount(0);
    }
    expect(await kycStatusOf(first)).toBe('pending');
    await page.getByRole('button', { name: 'Approve Proof of address' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Proof of address approved.' })).toBeVisible();
    await expect.poll(() => kycStatusOf(first)).toBe('verified');

    // The first player is done: the next pending item (the second player's passport) is shown.
    await expect(queue.getByRole('button')).toHaveCount(1);
    await expect(queue.getByRole('button').first()).toContainText(`#${second.id}`);
    await expect(page.getByRole('link', { name: `Player ${second.id}` })).toBeVisible();
    await expect.poll(() => naturalWidth(page, 'Passport')).toBeGreaterThan(0);
    await shoot(page, 'kyc-next');

    // What was decided, by status and by player.
    await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'rejected' }).click();
    await expect(page).toHaveURL(/status=rejected/);
    await expect(page.getByRole('region', { name: 'Selfie with your ID' })).toContainText('Your face is not visible');
    await expect(page.getByRole('region', { name: 'Selfie with your ID' })).toContainText(/Rejected .* by staff \d+/);
    await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'approved' }).click();
    // The filter keeps the status the page shows: wait for the approved list before narrowing it to one player.
    await expect(page).toHaveURL(/status=approved$/);
    await page.getByLabel('Player ID').fill(first.id);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(new RegExp(`status=approved&player=${first.id}$`));
    await expect(page.getByRole('region', { name: `Documents of Eve Tester` }).getByRole('region')).toHaveCount(3);
    await expect(page.getByRole('button', { name: /^Approve / })).toHaveCount(0);
    await shoot(page, 'kyc-approved');
    await page.getByLabel('Player ID').fill('12abc');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByText('A player id is a whole number, like 42.')).toBeVisible();
    await page.goto(`/admin/kyc?status=pending&player=${first.id}`);
    await expect(page.getByText(`No documents are waiting for review for player ${first.id}.`)).toBeVisible();
    await shoot(page, 'kyc-empty');
  });

  test('support staff have no KYC screen, and the API refuses them', async ({ context }) => {
    const email = await newStaff('support');
    const page = await staffPage(context, email, '/admin/players');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Players' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'KYC' })).toHaveCount(0);
    await page.goto('/admin/kyc');
    await expect(page.getByRole('alert')).toContainText('kyc.decide');
    const login = await api<{ token: string }>('/api/admin/login', { method: 'POST', body: { email, password: STAFF_PASSWORD } });
    expect(login.status).toBe(200);
    const refused = await api<{ message: string }>('/api/admin/kyc/documents?status=pending', { token: login.body.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('kyc.decide');
  });
});
