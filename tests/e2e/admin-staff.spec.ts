// Staff lifecycle (issue 32 §4, docs/decisions/0106-staff-lifecycle.md): an admin invites a member by e-mail; the
// member chooses their password from the link, once, and signs in; an admin resets a password with a reason; a
// member changes their own. Screenshots at 1280 px and 375 px.
import type { Page } from '@playwright/test';
import { expect, newStaff, STAFF_PASSWORD, signIn, signInOperator } from './admin-fixtures.ts';
import { screenshotPage, servers, test } from './fixtures.ts';
import { mailedLink } from './outbox.ts';

test.describe.configure({ timeout: 120_000 });
const PASSWORD = 'an invited member secret';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshotPage(page, `test-results/admin/${name}-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin invites a member, who sets their password from the mailed link once and signs in', async ({ page, browser }) => {
  const email = `invited-${Date.now()}@casino.example`;
  await signInOperator(page, '/admin/staff');
  const invite = page.getByRole('form', { name: 'Invite a staff member' });
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('Role').selectOption('finance');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Never');
  await shoot(page, 'staff');

  const link = new URL(await mailedLink(servers.staging, email, /\/admin\/password\//));
  const member = await (await browser.newContext()).newPage();
  await member.goto(link.pathname);
  await expect(member.getByRole('heading', { name: 'Welcome to the back office' })).toBeVisible();
  await expect(member.getByText(email)).toBeVisible();
  await shoot(member, 'staff-password');
  await member.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await member.getByLabel('Password again').fill('not the same one at all');
  await member.getByRole('button', { name: 'Set password' }).click();
  await expect(member.getByText('The two passwords are not the same.')).toBeVisible();
  await member.getByLabel('Password again').fill(PASSWORD);
  await member.getByRole('button', { name: 'Set password' }).click();
  await expect(member.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  await member.getByRole('link', { name: 'Sign in' }).click();
  await signIn(member, email, PASSWORD);
  await expect(member.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // The link worked once.
  await member.goto(link.pathname);
  await expect(member.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await shoot(member, 'staff-password-gone');

  // The admin resets the member's password with a reason: the member's session ends.
  await page.reload();
  await page.getByRole('button', { name: `Reset the password of ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset password' });
  await expect(dialog).toContainText(`Reset the password of ${email}?`);
  await dialog.getByLabel('Reason').fill('Lost their laptop');
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(`The password of ${email} is reset`)).toBeVisible();
  await member.goto('/admin/players');
  await expect(member.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
});

test('a member changes their own password on the Security screen', async ({ page }) => {
  await signInOperator(page, '/admin/security');
  const form = page.getByRole('form', { name: 'Change your password' });
  await form.getByLabel('Current password').fill('not my password at all');
  await form.getByLabel('New password (12+ characters)').fill('a new operator secret');
  await form.getByLabel('New password again').fill('a new operator secret');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('This is not your current password.')).toBeVisible();
  await shoot(page, 'security-password');
});

test('a screen opened by its address without the permission says so, with no form to fill', async ({ page }) => {
  await signIn(page, await newStaff('support'), STAFF_PASSWORD, '/admin/staff');
  await expect(page.getByText('Your role does not open this screen: it needs the staff.manage permission.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Invite a staff member' })).toHaveCount(0);
  await shoot(page, 'no-access');
  await page.getByRole('link', { name: 'Back to the back office' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
