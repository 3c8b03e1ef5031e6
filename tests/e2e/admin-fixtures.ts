// What the back office's browser tests share: staff sign-in through the console, new staff of a role, and the
// screenshots every console screen gets at 1280 px and 768 px.
import type { BrowserContext, Page } from '@playwright/test';
import { operator } from '../../playwright.config.ts';
import { api, expect as baseExpect, operatorToken, screenshotPage, waitForHydration } from './fixtures.ts';

export const STAFF_PASSWORD = 'a long staff secret';
// The console loads its data after the page: on a machine shared by many suites that takes a few seconds.
export const expect = baseExpect.configure({ timeout: 20_000 });
const WIDTHS = [1280, 768] as const;

/** Screenshots of the page at both console widths, into test-results/admin/{name}-{width}.png. */
export async function shoot(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await screenshotPage(page, `test-results/admin/${name}-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Screenshots at the widths a new console screen must look finished at (1280 px and 375 px), into
 * test-results/admin/{name}-{width}.png, checking first that the page never scrolls sideways.
 */
export async function shootWide375(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshotPage(page, `test-results/admin/${name}-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

export async function signIn(page: Page, email: string, password: string, next = '/admin') {
  await page.goto(`/admin/login?next=${encodeURIComponent(next)}`);
  await waitForHydration(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The bootstrap operator (role admin), signed in and on `next`. */
export const signInOperator = (page: Page, next = '/admin') => signIn(page, operator.OPERATOR_EMAIL, operator.OPERATOR_PASSWORD, next);

/** A new staff member of `role`, created by the bootstrap operator; their e-mail (password STAFF_PASSWORD). */
export async function newStaff(role: string) {
  const email = `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@casino.example`;
  const created = await api('/api/admin/staff', { method: 'POST', token: await operatorToken(), body: { email, password: STAFF_PASSWORD, role } });
  expect(created.status).toBe(201);
  return email;
}

/** A new tab in `context`, signed in as `email` and on `next`. */
export async function staffPage(context: BrowserContext, email: string, next = '/admin') {
  const page = await context.newPage();
  await signIn(page, email, STAFF_PASSWORD, next);
  return page;
}
