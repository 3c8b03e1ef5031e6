// Jurisdiction profiles in the browser (issue 34 §5, docs/decisions/0120, 0121), on the server that holds the UK
// licence beside the default (playwright.config.ts): a UK player meets the deposit limit prompt before the first
// deposit, at 375 and 1280 px, and the cashier opens once they answer; the back office shows each profile's rules
// read-only. (Registration's refusal of countries not served is tested over HTTP: jurisdictions/countries.db.test.ts.)
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInOperator } from './admin-fixtures.ts';
import { addSessionCookie, api, expect, screenshotPage, servers, sessionOf, test, waitForHydration } from './fixtures.ts';
import { mailedLink } from './outbox.ts';

test.use({ baseURL: servers.ops });
test.describe.configure({ timeout: 90_000 });

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshotPage(page, `test-results/jurisdictions/${name}-${width}.png`);
  }
}

/** A new, activated player residing in the United Kingdom on the ops server, signed in in the page's context. */
async function ukPlayer(page: Page) {
  const email = `e2e-gb-${crypto.randomUUID().slice(0, 12)}@example.com`;
  const registered = await api<{ message?: string }>('/api/register', {
    baseURL: servers.ops,
    method: 'POST',
    body: {
      email,
      password: 'Lucky#Seven77',
      name: 'Gwen',
      surname: 'Tester',
      birthdate: '1990-01-01',
      gender: 'female',
      country: 'GB',
      city: 'London',
      address1: '1 Test Street',
      postcode: 'SW1A 1AA',
      phonePrefix: '44',
      phoneNumber: '7700900123',
      phone: '+447700900123',
      newsletter: false,
      agreement: true,
    },
  });
  expect(registered.status, registered.body.message).toBe(201);
  const token = (await mailedLink(servers.ops, email, /\/player\/activate\//)).split('/').at(-1);
  expect((await api('/api/activate', { baseURL: servers.ops, method: 'POST', body: { activate_token: token } })).status).toBe(200);
  const session = await sessionOf(email, servers.ops);
  await addSessionCookie(page.context(), session, servers.ops);
  return session;
}

test('a UK player is asked for a deposit limit before the first deposit; declining opens the cashier', async ({ page }) => {
  const session = await ukPlayer(page);
  const refused = await api<{ type?: string }>('/api/payments/deposits', {
    baseURL: servers.ops,
    method: 'POST',
    token: session.token,
    key: crypto.randomUUID(),
    body: { method: 'sandbox-crypto', amount: 20_00 },
  });
  expect(refused.status).toBe(403);
  expect(refused.body.type).toBe('deposit_limit_prompt');

  await page.goto('/deposit');
  await waitForHydration(page);
  const prompt = page.getByTestId('deposit-limit-prompt');
  await expect(page.getByRole('heading', { name: 'Set a deposit limit before your first deposit' })).toBeVisible();
  await expect(prompt).toContainText('Every deposit counts towards the limit; withdrawals are not taken off.');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'deposit-prompt');

  // No amount: said on the field, nothing sent.
  await page.setViewportSize({ width: 375, height: 900 });
  await prompt.getByRole('button', { name: 'Set limit' }).click();
  await expect(prompt.getByRole('alert')).toHaveText('Enter an amount, for example €100.00.');
  await shoot(page, 'deposit-prompt-error');

  await prompt.getByRole('button', { name: 'I do not want a deposit limit' }).click();
  await expect(prompt).toBeHidden();
  await expect(page.getByLabel('Loading the payment methods')).toBeHidden();
  await shoot(page, 'deposit-after-prompt');
  const limits = await api<{ data: { jurisdiction: { deposit_limit_prompt_due: boolean } } }>('/api/player/limits', {
    baseURL: servers.ops,
    token: session.token,
  });
  expect(limits.body.data.jurisdiction.deposit_limit_prompt_due).toBe(false);
});

test('a UK player can answer with a limit, which applies at once', async ({ page }) => {
  const session = await ukPlayer(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/deposit');
  await waitForHydration(page);
  const prompt = page.getByTestId('deposit-limit-prompt');
  await prompt.getByLabel('Period').selectOption('week');
  await prompt.getByLabel('Deposit limit').fill('50');
  await prompt.getByRole('button', { name: 'Set limit' }).click();
  await expect(prompt).toBeHidden();
  const limits = await api<{ data: { limits: { type: string; period: string; amount: number }[] } }>('/api/player/limits', {
    baseURL: servers.ops,
    token: session.token,
  });
  expect(limits.body.data.limits).toEqual([expect.objectContaining({ type: 'deposit', period: 'week', amount: 50_00 })]);
});

test('the back office shows each profile’s rules, read-only', async ({ page }) => {
  await signInOperator(page, '/admin/jurisdictions');
  await expect(page.getByRole('heading', { name: 'Jurisdictions' })).toBeVisible();
  const uk = page.getByTestId('jurisdiction-UKGC');
  await expect(uk).toContainText('€5.00 a spin; €2.00 for ages 18 to 24');
  await expect(uk).toContainText('At least 2.5 seconds');
  await expect(uk).toContainText('Before the first deposit, then every 6 months');
  await expect(uk).toContainText('Countries: United Kingdom');
  await expect(page.getByTestId('jurisdiction-MGA')).toContainText('Not served: the licence is not held.');
  await expect(page.getByTestId('jurisdiction-default')).toContainText('every country no other held licence names');
  await expect(page.getByRole('textbox')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'admin-jurisdictions');
});
