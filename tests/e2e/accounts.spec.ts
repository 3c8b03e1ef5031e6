// Issue 4 in the browser: the register wizard, email and SMS activation through the outbox, login and
// logout across tabs, password reset, magic link, and the 403 and 423 screens.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, logIn, operatorToken, servers, test, waitForHydration } from './fixtures.ts';
import { mailedLink, textedCode } from './outbox.ts';

const PASSWORD = 'Gold#Chip2026';
const accept = { accept: 'application/json' };
const newEmail = (tag: string) => `${tag}-${randomBytes(5).toString('hex')}@example.com`;

async function api(baseURL: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { ...accept, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

const registration = (email: string, phoneNumber = '99123456') => ({
  email,
  password: PASSWORD,
  name: 'Ada',
  surname: 'Player',
  birthdate: '1992-03-04',
  gender: 'female',
  country: 'MT',
  city: 'Sliema',
  address1: '7 Tower Road',
  postcode: 'SLM 1600',
  phonePrefix: '356',
  phoneNumber,
  phone: `+356${phoneNumber}`,
  newsletter: true,
  agreement: true,
});

/** A registered and activated player, made through the API and the activation mail. */
async function activatedPlayer(baseURL: string = servers.staging): Promise<string> {
  const email = newEmail('active');
  expect((await api(baseURL, 'POST', '/api/register', registration(email))).status).toBe(201);
  const link = await mailedLink(baseURL, email, /\/player\/activate\//);
  expect((await api(baseURL, 'POST', '/api/activate', { activate_token: link.split('/').at(-1) })).status).toBe(200);
  return email;
}

async function openLogin(page: Page) {
  await waitForHydration(page);
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  return page.getByRole('dialog', { name: 'Log in' });
}

async function logInThroughPopup(page: Page, email: string, password = PASSWORD) {
  const dialog = await openLogin(page);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
}

test.describe('registration wizard', () => {
  test('a popup opened by its route comes to life with the page: what is typed into it right away is kept', async ({ page }) => {
    // The popup's chunk arrives late, as on a slow line; the page must not come to life with its fields still inert.
    await page.route(/\/assets\/auth-popup-content-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/register');
    await page.waitForFunction(
      () => (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized,
    );
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.getByLabel('E-mail').fill(newEmail('early'));
    await dialog.getByLabel('Password').fill(PASSWORD);
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  test('gates each step, shows dry-run errors, registers, signs in and activates by e-mail', async ({ page }) => {
    // The whole journey in one test (wizard, mails, activation, deposit page): a loaded machine needs more than 30 s.
    test.slow();
    const taken = await activatedPlayer();
    const email = newEmail('wizard');
    await page.goto('/register?bonusId=welcome-match&promo=SPRING');
    await waitForHydration(page);
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    const next = dialog.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();

    await dialog.getByLabel('E-mail').fill(taken);
    await dialog.getByLabel('Password').fill('password');
    await expect(next).toBeDisabled();
    await dialog.getByLabel('Password').fill(PASSWORD);
    await expect(next).toBeEnabled();
    await next.click();
    await expect(dialog.getByRole('alert').first()).toContainText(/taken|already/i);
    await expect(dialog.getByText('Step 1 of 3')).toBeVisible();

    await dialog.getByLabel('E-mail').fill(email);
    await next.click();
    await expect(dialog.getByText('Step 2 of 3')).toBeVisible();
    await expect(next).toBeDisabled();
    await dialog.getByLabel('First name').fill('Ada');
    await dialog.getByLabel('Last name').fill('Player');
    await dialog.getByLabel('Date of birth').fill('2015-01-01');
    await dialog.getByLabel('Gender').selectOption('female');
    await next.click();
    await expect(dialog.getByRole('alert').first()).toContainText('18');
    await dialog.getByLabel('Date of birth').fill('1990-05-17');
    await next.click();

    await expect(dialog.getByText('Step 3 of 3')).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Register' });
    await dialog.getByLabel('Country').selectOption('MT');
    await dialog.getByLabel('City').fill('Sliema');
    await dialog.getByLabel('Postcode').fill('SLM 1600');
    await dialog.getByLabel('Address').fill('7 Tower Road');
    await dialog.getByLabel('Prefix').fill('+356');
    await dialog.getByLabel('Phone number').fill('99001122');
    await expect(submit).toBeDisabled();
    await dialog.getByLabel(/I am at least 18/).check();
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(dialog.getByText('Welcome aboard, Ada!')).toBeVisible();
    const tracking = (await page.context().cookies()).find((cookie) => cookie.name === 'trackingParams');
    expect(JSON.parse(decodeURIComponent(tracking?.value ?? '{}'))).toEqual({ bonusId: 'welcome-match', promo: 'SPRING' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('Account menu')).toBeVisible();

    // Not activated yet: the 403 prompt, whose Resend email works.
    await page.goto('/account/profile');
    const prompt = page.locator('main[data-error-status="403"]');
    await expect(prompt.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
    await waitForHydration(page);
    await prompt.getByRole('button', { name: 'Resend email' }).click();
    await expect(prompt.getByText('Please check your e-mail.')).toBeVisible();

    // The resend replaced the first link: the second mail's link activates.
    const link = await mailedLink(servers.staging, email, /\/player\/activate\//, { mails: 2 });
    // The player registered with an offer: activation lands on the deposit page with it chosen (SPEC.md §4).
    await page.goto(new URL(link).pathname);
    await expect(page).toHaveURL(`${servers.staging}/deposit?bonus=true&bonusId=welcome-match`);
    await page.goto('/account/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
  });
});

test.describe('login and logout', () => {
  test('a wrong password is refused with the server message', async ({ page }) => {
    const email = await activatedPlayer();
    await page.goto('/promotion');
    await logInThroughPopup(page, email, 'Wrong#Pass123');
    await expect(page.getByRole('dialog', { name: 'Log in' }).getByRole('alert')).toBeVisible();
    await expect(page.getByLabel('Account menu')).toHaveCount(0);
  });

  test('logging in signs in every tab; logging out in one reloads the other', async ({ context }) => {
    const email = await activatedPlayer();
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto('/promotion');
    await second.goto('/faq');
    await logInThroughPopup(first, email);
    await expect(first).toHaveURL(`${servers.staging}/`);
    await expect(first.getByLabel('Account menu')).toBeVisible();
    await second.reload();
    await expect(second.getByLabel('Account menu')).toBeVisible();
    await waitForHydration(second);

    await first.getByLabel('Account menu').click();
    await first.getByRole('button', { name: 'Log out' }).click();
    await expect(first.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(second.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(second).toHaveURL(`${servers.staging}/faq`);
  });

  test('after logging in from an auth redirect the player lands where they were going', async ({ page }) => {
    const email = await activatedPlayer();
    await page.goto('/account/profile');
    await expect(page).toHaveURL(`${servers.staging}/login?redirect=%2Faccount%2Fprofile`);
    await waitForHydration(page);
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(`${servers.staging}/account/profile`);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  });
});

test.describe('recovering access', () => {
  test('password reset through the mailed link', async ({ page }) => {
    const email = await activatedPlayer();
    await page.goto('/');
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset your password' });
    await reset.getByLabel('E-mail').fill(email);
    await reset.getByRole('button', { name: 'Send reset link' }).click();
    await expect(reset.getByRole('status')).toBeVisible();

    const link = await mailedLink(servers.staging, email, /\/account\/reset-password\//);
    await page.goto(new URL(link).pathname);
    const choose = page.getByRole('dialog', { name: 'Choose a new password' });
    await expect(choose.getByLabel('E-mail')).toHaveValue(email);
    await choose.getByLabel('New password', { exact: true }).fill('Fresh#Start2027');
    await choose.getByLabel('Repeat new password').fill('Fresh#Start2027');
    await choose.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(`${servers.staging}/`);
    await expect(page.getByRole('dialog', { name: 'Password reset' })).toContainText('reset');
    expect((await api(servers.staging, 'POST', '/api/login', { email, password: 'Fresh#Start2027' })).status).toBe(200);
    expect((await api(servers.staging, 'POST', '/api/login', { email, password: PASSWORD })).status).not.toBe(200);

    // The link works once: a second visit goes home with the status popup.
    await page.goto(new URL(link).pathname);
    await expect(page).toHaveURL(`${servers.staging}/`);
    await expect(page.getByRole('dialog', { name: 'Password reset' })).toBeVisible();
  });

  test('magic link signs in and honours a known redirect', async ({ page }) => {
    const email = await activatedPlayer();
    await page.goto('/login?redirect=/promotion');
    await waitForHydration(page);
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(dialog.getByRole('status')).toBeVisible();
    const link = new URL(await mailedLink(servers.staging, email, /magic-token=/));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page).toHaveURL(`${servers.staging}/promotion`);
    await expect(page.getByLabel('Account menu')).toBeVisible();
  });
});

test.describe('operator actions and screens', () => {
  test('a blocked player sees the 423 screen at once', async ({ page }) => {
    const email = await activatedPlayer();
    const { body: login } = await api(servers.staging, 'POST', '/api/login', { email, password: PASSWORD });
    const { body: player } = await api(servers.staging, 'GET', '/api/player', undefined, String(login.token));
    const admin = { token: await operatorToken(servers.staging) };
    await page.goto('/');
    await logInThroughPopup(page, email);
    await expect(page.getByLabel('Account menu')).toBeVisible();
    expect(
      (await api(servers.staging, 'POST', `/api/admin/players/${String(player.id)}/block`, { reason: 'Suspected account sharing' }, String(admin.token)))
        .status,
    ).toBe(200);
    await page.goto('/account/profile');
    const screen = page.locator('main[data-error-status="423"]');
    await expect(screen.getByRole('heading', { name: 'Your account is currently blocked' })).toBeVisible();
    await expect(screen).toContainText('contact our support');
  });
});

test.describe('SMS activation', () => {
  test.describe.configure({ mode: 'serial' });
  test('with activation by SMS, the code from the outbox activates the new player', async ({ page }) => {
    const base = servers.production;
    const admin = { token: await operatorToken(base) };
    expect((await api(base, 'PUT', '/api/admin/settings', { registration_activation_type: 'sms' }, String(admin.token))).status).toBe(200);
    try {
      const email = newEmail('sms');
      const phoneNumber = String(90_000_000 + Math.floor(Math.random() * 9_999_999));
      expect((await api(base, 'POST', '/api/register', registration(email, phoneNumber))).status).toBe(201);
      await page.goto(`${base}/`);
      await logInThroughPopup(page, email);
      const verify = page.getByRole('dialog', { name: 'Verify your phone' });
      await expect(verify).toBeVisible();
      await verify.getByLabel('Activation code').fill(await textedCode(base, `+356${phoneNumber}`));
      await verify.getByRole('button', { name: 'Activate' }).click();
      await expect(page).toHaveURL(`${base}/all-bonuses`);
      await expect(page.locator('[data-layout="wallet"]')).toBeVisible();
    } finally {
      await api(base, 'PUT', '/api/admin/settings', { registration_activation_type: 'email' }, String(admin.token));
    }
  });
});

test.describe('profile', () => {
  test('saves details, and refuses a password change with the wrong current password', async ({ page }) => {
    const email = await activatedPlayer();
    await page.goto('/');
    await logInThroughPopup(page, email);
    await expect(page.getByLabel('Account menu')).toBeVisible();
    await page.goto('/account/profile');
    await waitForHydration(page);
    await page.getByLabel('City').fill('Mdina');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your details were saved.' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('City')).toHaveValue('Mdina');

    await page.getByLabel('Current password').fill('Not#MyPassword1');
    await page.getByLabel('New password', { exact: true }).fill('Another#Pass2027');
    await page.getByLabel('Repeat new password').fill('Another#Pass2027');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The password is incorrect.' })).toBeVisible();
    expect((await api(servers.staging, 'POST', '/api/login', { email, password: PASSWORD })).status).toBe(200);
  });
});

test.describe('screenshots', () => {
  for (const width of [375, 1280]) {
    test(`register wizard and profile at ${width} px`, async ({ page, context }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/register');
      await expect(page.getByRole('dialog', { name: 'Create your account' }).getByLabel('E-mail')).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/register-${width}.png` });
      await logIn(context);
      await page.goto('/account/profile');
      await expect(page.getByLabel('First name')).toHaveValue('Eve');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/screenshots/profile-${width}.png`, fullPage: true });
    });
  }
});
