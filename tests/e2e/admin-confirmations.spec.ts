// Consequential console actions are confirmed with a reason (issue 32 §3, docs/decisions/0099): a dialog names the
// effect in words, asks for the reason, and acts only on Confirm; the reason is then read in the audit log. And the
// second factor's lock (issue 32 §2) as staff and admins meet it. At 1280 px and 375 px; screenshots in /tmp/shots.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, newStaff, STAFF_PASSWORD, signIn, signInOperator } from './admin-fixtures.ts';
import { api, depositFor, operatorToken, registerActivePlayer, screenshotPage, sessionOf, test } from './fixtures.ts';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const WIDTHS = [1280, 375] as const;
const viewport = (width: number) => ({ width, height: width === 375 ? 800 : 900 });

async function playerIdOf(email: string) {
  const found = await api<{ data: { id: string }[] }>(`/api/admin/players?email=${encodeURIComponent(email)}`, { token: await operatorToken() });
  return found.body.data[0]!.id;
}

/** The audit log filtered to one player, as the viewer shows it at this width. */
async function auditOf(page: Page, playerId: string) {
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await page.getByLabel('Player ID').fill(playerId);
  const filtered = page.waitForResponse((response) => response.url().includes(`/api/admin/audit?player_id=${playerId}`));
  await page.getByRole('button', { name: 'Filter' }).click();
  await filtered;
}

test.describe('console confirmations', () => {
  test.describe.configure({ timeout: 150_000 });

  for (const width of WIDTHS) {
    test(`at ${width} px a player is blocked through the dialog, with the reason then read in the audit log`, async ({ page }) => {
      const email = await registerActivePlayer();
      const id = await playerIdOf(email);
      const reason = `Chargeback on the deposit of 3 November (case ${width})`;
      await page.setViewportSize(viewport(width));
      await signInOperator(page, `/admin/players/${id}`);
      await expect(page.getByTestId('player-standing')).toHaveText('active');

      const section = page.getByRole('region', { name: 'Block' });
      await section.getByRole('button', { name: 'Block player…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Block player' });
      await expect(dialog).toContainText(
        `Block Eve Tester (${email})? From their next request they cannot play, deposit, withdraw or change their account, and are told it is blocked, until someone unblocks it.`,
      );
      // Without a reason nothing is sent.
      await dialog.getByRole('button', { name: 'Block player' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Give a reason of at least 3 characters.');
      await page.screenshot({ path: `${SHOTS}/block-dialog-no-reason-${width}.png` });
      // Cancel leaves the player as they were.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('player-standing')).toHaveText('active');

      await section.getByRole('button', { name: 'Block player…' }).click();
      await expect(dialog.getByLabel('Reason')).toBeFocused();
      await dialog.getByLabel('Reason').fill(reason);
      await page.screenshot({ path: `${SHOTS}/block-dialog-${width}.png` });
      await dialog.getByRole('button', { name: 'Block player' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('player-standing')).toHaveText('blocked');
      await expect(page.getByRole('region', { name: 'Unblock' }).getByRole('status')).toHaveText('Eve Tester is blocked.');
      await screenshotPage(page, `${SHOTS}/player-blocked-${width}.png`);
      const { token } = await sessionOf(email);
      expect((await api<{ blocked: boolean }>('/api/player', { token })).body.blocked).toBe(true);

      await auditOf(page, id);
      if (width === 375) {
        const card = page.getByRole('list', { name: 'Audit log' }).getByRole('listitem').filter({ hasText: 'player.block' });
        await expect(card).toHaveCount(1);
        await expect(card).toContainText(`Reason: ${reason}`);
        await expect(page.getByRole('table', { name: 'Audit log' })).toBeHidden();
      } else {
        const row = page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'player.block' });
        await expect(row).toHaveCount(1);
        await expect(row.getByRole('cell', { name: reason })).toBeVisible();
      }
      await screenshotPage(page, `${SHOTS}/audit-${width}.png`);
    });
  }

  test('a withdrawal is rejected through the dialog, and nothing is paid', async ({ page }) => {
    const email = await registerActivePlayer();
    const id = await playerIdOf(email);
    const session = await sessionOf(email);
    expect((await api(`/api/admin/players/${id}/kyc`, { method: 'POST', token: await operatorToken(), body: { status: 'verified' } })).status).toBe(200);
    await depositFor(session.token, 80_00);
    const withdrawal = await api('/api/payments/withdrawals', {
      method: 'POST',
      token: session.token,
      key: crypto.randomUUID(),
      body: { method: 'sandbox-crypto', amount: 60_00, address: 'bc1qexampleaddress000000000000000000' },
    });
    expect(withdrawal.status).toBe(201);
    const finance = await newStaff('finance');
    await signIn(page, finance, STAFF_PASSWORD, '/admin/withdrawals');
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Reject withdrawal of €60.00' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject withdrawal' });
    await expect(dialog).toContainText(`Reject the withdrawal of €60.00 (crypto) asked by player ${id}`);
    await expect(dialog).toContainText('Nothing is paid out: the amount goes back to the player’s cash balance.');
    await dialog.getByLabel('Reason').fill('The address belongs to a sanctioned exchange');
    for (const width of WIDTHS) {
      await page.setViewportSize(viewport(width));
      await page.screenshot({ path: `${SHOTS}/withdrawal-reject-dialog-${width}.png` });
    }
    await page.setViewportSize(viewport(1280));
    await dialog.getByRole('button', { name: 'Reject withdrawal' }).click();
    await expect(page.getByText('Withdrawal rejected.')).toBeVisible();
    await expect(row).toHaveCount(0);
    const wallet = await api<{ data: { cash: number; pending_withdrawals: number } }>('/api/player/wallet', { token: session.token });
    expect(wallet.body.data).toMatchObject({ cash: 80_00, pending_withdrawals: 0 });
  });

  test('a role is changed only through the dialog; a locked second factor shows on the staff list and at sign-in', async ({ page }) => {
    const member = await newStaff('support');
    // The member enrols a second factor, then someone with their password tries ten wrong codes.
    const signedIn = await api<{ token: string }>('/api/admin/login', { method: 'POST', body: { email: member, password: STAFF_PASSWORD } });
    const setup = await api<{ data: { secret: string } }>('/api/admin/two-factor/setup', { method: 'POST', token: signedIn.body.token });
    const { secret } = setup.body.data;
    const confirmed = await api('/api/admin/two-factor/confirm', { method: 'POST', token: signedIn.body.token, body: { code: await generate({ secret }) } });
    expect(confirmed.status).toBe(200);
    const near = new Set(await Promise.all([-1, 0, 1, 2].map((steps) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 }))));
    const wrong = Array.from({ length: 16 }, (_, i) => String(i * 111_111 + 7).padStart(6, '0')).filter((code) => !near.has(code));
    let challenge = '';
    for (let i = 0; i < 10; i++) {
      if (i % 5 === 0)
        challenge = (await api<{ challenge: string }>('/api/admin/login', { method: 'POST', body: { email: member, password: STAFF_PASSWORD } })).body
          .challenge;
      expect((await api('/api/admin/login/two-factor', { method: 'POST', body: { challenge, code: wrong[i] } })).status).toBe(422);
    }

    // Locked: the right code at the sign-in screen is refused unread, with a message that says so.
    await signIn(page, member, STAFF_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await page.getByLabel('Code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText('Too many wrong codes were entered for this account, so its two-factor sign-in is locked');
    for (const width of WIDTHS) {
      await page.setViewportSize(viewport(width));
      await screenshotPage(page, `${SHOTS}/two-factor-locked-${width}.png`);
    }

    await page.setViewportSize(viewport(1280));
    await signInOperator(page, '/admin/staff');
    const row = page.getByRole('row').filter({ hasText: member });
    await expect(row.getByText(/^locked until \d{2}:\d{2} UTC$/)).toBeVisible();
    const role = row.getByLabel(`Role of ${member}`);
    await role.selectOption('compliance');
    const dialog = page.getByRole('dialog', { name: 'Change role' });
    await expect(dialog).toContainText(`Change the role of ${member} from Support to Compliance? They are signed out now`);
    // Cancel: the list shows the role as it was, and nothing changed.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(role).toHaveValue('support');
    const staffList = async () => (await api<{ data: { email: string; role: string }[] }>('/api/admin/staff', { token: await operatorToken() })).body.data;
    expect((await staffList()).find((staff) => staff.email === member)!.role).toBe('support');

    await role.selectOption('compliance');
    await dialog.getByLabel('Reason').fill('Moves to the compliance team on Monday');
    for (const width of WIDTHS) {
      await page.setViewportSize(viewport(width));
      await page.screenshot({ path: `${SHOTS}/role-dialog-${width}.png` });
    }
    await page.setViewportSize(viewport(1280));
    await dialog.getByRole('button', { name: 'Make compliance' }).click();
    await expect(page.getByText(`${member} is now compliance.`)).toBeVisible();
    await expect(role).toHaveValue('compliance');
    expect((await staffList()).find((staff) => staff.email === member)!.role).toBe('compliance');
    await screenshotPage(page, `${SHOTS}/staff-1280.png`);
    await page.setViewportSize(viewport(375));
    await screenshotPage(page, `${SHOTS}/staff-375.png`);
  });
});
