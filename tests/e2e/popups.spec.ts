// SPEC.md §2: login, register and reset-password open as popups (native <dialog> shown modal);
// closing one on its own path returns to /, closing one opened over a page stays on that page.
import type { Locator, Page } from '@playwright/test';
import { expect, resetPasswordPath, servers, test, waitForHydration } from './fixtures.ts';

const popupPages = [
  { path: '/login', title: 'Log in' },
  { path: '/register', title: 'Create your account' },
  { path: '/reset-password', title: 'Reset your password' },
  { path: 'a reset link', title: 'Choose a new password' },
];

/** The popup page's address; the reset page needs a real token, made through the API and the outbox. */
const addressOf = async (popup: { path: string }) => (popup.path === 'a reset link' ? resetPasswordPath() : popup.path);

/** The dialog is open as a modal (showModal, not just the server-rendered `open`), and focus is inside it. */
async function expectModalWithFocus(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await expect(page.locator('dialog[open]')).toHaveCount(1);
}

async function expectHome(page: Page, path = '/'): Promise<void> {
  await expect(page).toHaveURL(`${servers.staging}${path}`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('[data-layout="default"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '100% Match Bonus up to €500' })).toBeVisible();
}

test.describe('popup pages', () => {
  for (const popup of popupPages) {
    test(`${popup.path} shows its dialog; Escape closes it and returns to /`, async ({ page }) => {
      await page.goto(await addressOf(popup));
      const dialog = page.getByRole('dialog', { name: popup.title });
      await expect(dialog.getByRole('heading', { name: popup.title })).toBeVisible();
      await expectModalWithFocus(page, dialog);
      // The blurred home page behind is inert: its links cannot take focus or clicks.
      await expect(page.locator('[inert]').first()).toBeAttached();

      await page.keyboard.press('Escape');
      await expectHome(page);
    });

    test(`${popup.path}: the Close button closes the dialog and returns to /`, async ({ page }) => {
      await page.goto(await addressOf(popup));
      const dialog = page.getByRole('dialog', { name: popup.title });
      await expectModalWithFocus(page, dialog);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expectHome(page);
    });
  }

  test('an unknown or expired reset link goes home and says so in the status popup', async ({ page }) => {
    await page.goto('/account/reset-password/not-a-real-token');
    await expect(page).toHaveURL(`${servers.staging}/`);
    await expect(page.getByRole('dialog', { name: 'Password reset' })).toContainText('invalid or has expired');
  });

  test('/en/login: closing returns to the /en home page', async ({ page }) => {
    await page.goto('/en/login');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expectModalWithFocus(page, dialog);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/en\/?$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('[data-layout="default"]')).toBeVisible();
  });

  test('a popup page reached by a client-side navigation opens as a modal too', async ({ page }) => {
    await page.goto('/promotion');
    await waitForHydration(page);
    await page.getByRole('main').getByRole('link', { name: 'Read more' }).first().click();
    await expect(page).toHaveURL(`${servers.staging}/promotion/1`);
    await page.getByRole('banner').getByRole('button', { name: 'Register' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await expectModalWithFocus(page, dialog);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(`${servers.staging}/promotion/1`);
  });
});

test.describe('popups over a page', () => {
  test('on /promotion the header Log in button opens the dialog and Escape closes it, staying on /promotion', async ({ page }) => {
    await page.goto('/promotion');
    await waitForHydration(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expectModalWithFocus(page, dialog);
    // Opened over the page: the page stays behind it.
    await expect(page).toHaveURL(`${servers.staging}/promotion`);
    await expect(page.locator('[data-layout="default"]')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(`${servers.staging}/promotion`);
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  });

  test('on /promotion the Close button closes the Register dialog, staying on /promotion', async ({ page }) => {
    await page.goto('/promotion');
    await waitForHydration(page);
    await page.getByRole('banner').getByRole('button', { name: 'Register' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await expectModalWithFocus(page, dialog);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(`${servers.staging}/promotion`);
    // The page behind is usable again once the modal is gone.
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  });

  test('while the dialog is open the page behind cannot be clicked', async ({ page }) => {
    await page.goto('/promotion');
    await waitForHydration(page);
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await expectModalWithFocus(page, page.getByRole('dialog', { name: 'Log in' }));
    // A modal dialog makes everything else inert: the header's Register button takes neither pointer nor focus.
    const register = page.getByRole('banner').getByRole('button', { name: 'Register' });
    const reach = await register.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      (button as HTMLButtonElement).focus();
      return { hitsButton: hit !== null && button.contains(hit), focused: document.activeElement === button };
    });
    expect(reach.hitsButton).toBe(false);
    expect(reach.focused).toBe(false);
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  });
});
