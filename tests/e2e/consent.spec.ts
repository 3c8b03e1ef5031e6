// Consent done right (issue 34 §3, docs/decisions/0122): the cookie banner's Accept, Reject and Choices, stored and
// honoured before any analytics or chat script loads (a network log), changeable from the footer; marketing consent
// unticked at registration and changeable in the profile. The production server has analytics and a support chat
// configured (playwright.config.ts); this test answers their scripts itself. Screenshots in test-results/consent/.
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { thirdParties } from '../../playwright.config.ts';
import { expect, PLAYER_PASSWORD, playerTest, servers, test, waitForHydration } from './fixtures.ts';

const base = servers.production;
const isAnalytics = (url: string) => url.startsWith('https://www.googletagmanager.com/gtm.js');
const isChat = (url: string) => url === thirdParties.supportChatUrl;

/** Every request the context makes for the analytics tag or the chat widget, answered here with an empty script. */
async function thirdPartyLog(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  context.on('request', (request) => {
    if (isAnalytics(request.url()) || isChat(request.url())) requested.push(request.url());
  });
  await context.route(
    (url) => isAnalytics(url.href) || isChat(url.href),
    (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* third party */' }),
  );
  return requested;
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    for (const badge of document.querySelectorAll('[data-first-load-spinner]')) for (const animation of badge.getAnimations()) animation.finish();
  });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 760 : 800 });
    await page.screenshot({ path: `test-results/consent/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const stored = (page: Page) => page.evaluate(() => window.localStorage.getItem('cookie-consent'));

test.describe('cookie consent', () => {
  test.use({ consentGiven: false });

  test('no analytics or chat script before an answer or after Reject; Choices load only what was allowed; the footer reopens them', async ({
    page,
    context,
  }) => {
    test.slow();
    const requested = await thirdPartyLog(context);
    await page.clock.install();
    await page.goto(`${base}/faq`);
    await waitForHydration(page);
    await page.clock.runFor(5000);
    const banner = page.locator('[data-cookie-banner]');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Reject', exact: true })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Choices', exact: true })).toBeVisible();
    expect(requested, 'nothing before an answer').toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'banner');

    await banner.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(banner).toHaveCount(0);
    expect(await stored(page)).toBe('necessary');
    await page.reload();
    await waitForHydration(page);
    await page.clock.runFor(10_000);
    await expect(banner).toHaveCount(0);
    expect(requested, 'nothing after Reject').toEqual([]);

    // The footer's "Cookie choices": everything optional is off, as stored; necessary is on and cannot be changed.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie choices' }).click();
    await expect(banner.getByRole('heading', { name: 'Cookie choices' })).toBeFocused();
    await expect(banner.getByRole('checkbox', { name: /^Necessary/ })).toBeChecked();
    await expect(banner.getByRole('checkbox', { name: /^Necessary/ })).toBeDisabled();
    for (const name of [/^Analytics/, /^Marketing/, /^Support chat/]) await expect(banner.getByRole('checkbox', { name })).not.toBeChecked();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'choices');

    await banner.getByRole('checkbox', { name: /^Analytics/ }).check();
    await banner.getByRole('button', { name: 'Save choices' }).click();
    await expect(banner).toHaveCount(0);
    expect(await stored(page)).toBe('necessary,analytics');
    await expect.poll(() => requested.filter(isAnalytics).length).toBe(1);
    expect(requested.filter(isChat), 'the chat is its own choice').toEqual([]);

    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie choices' }).click();
    await expect(banner.getByRole('checkbox', { name: /^Analytics/ })).toBeChecked();
    await banner.getByRole('checkbox', { name: /^Support chat/ }).check();
    await banner.getByRole('button', { name: 'Save choices' }).click();
    await expect.poll(() => requested.filter(isChat).length).toBe(1);
    expect(await stored(page)).toBe('necessary,analytics,chat');

    // Withdrawing analytics: a loaded script cannot be taken back, so the page reloads without it.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie choices' }).click();
    await banner.getByRole('checkbox', { name: /^Analytics/ }).uncheck();
    requested.length = 0;
    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Save choices' }).click()]);
    await waitForHydration(page);
    await expect.poll(() => requested.filter(isChat).length).toBe(1);
    expect(requested.filter(isAnalytics)).toEqual([]);
    expect(await stored(page)).toBe('necessary,chat');
  });

  test('Accept stores SPEC.md’s "true" and loads analytics and the chat', async ({ page, context }) => {
    const requested = await thirdPartyLog(context);
    await page.clock.install();
    await page.goto(`${base}/`);
    await waitForHydration(page);
    await page.clock.runFor(5000);
    expect(requested).toEqual([]);
    await page.locator('[data-cookie-banner]').getByRole('button', { name: 'Accept', exact: true }).click();
    await expect.poll(() => [requested.some(isAnalytics), requested.some(isChat)]).toEqual([true, true]);
    expect(await stored(page)).toBe('true');
  });
});

test.describe('marketing consent', () => {
  test('the registration’s newsletter box starts unticked', async ({ page }) => {
    await page.goto('/register');
    await waitForHydration(page);
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    const next = dialog.getByRole('button', { name: 'Next' });
    await dialog.getByLabel('E-mail').fill(`consent-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
    await dialog.getByLabel('Password').fill(PLAYER_PASSWORD);
    await next.click();
    await expect(dialog.getByText('Step 2 of 3')).toBeVisible();
    await dialog.getByLabel('First name').fill('Ada');
    await dialog.getByLabel('Last name').fill('Player');
    await dialog.getByLabel('Date of birth').fill('1990-05-17');
    await dialog.getByLabel('Gender').selectOption('female');
    await next.click();
    await expect(dialog.getByText('Step 3 of 3')).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: /Send me news and offers/ })).not.toBeChecked();
  });

  playerTest('the profile changes it, and the change is kept', async ({ page, player }) => {
    expect(player.id).not.toBe('');
    await page.goto('/account/profile');
    await waitForHydration(page);
    const box = page.getByRole('checkbox', { name: /Send me news and offers/ });
    await expect(box).not.toBeChecked();
    await box.check();
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your details were saved.' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /Send me news and offers/ })).toBeChecked();
    await page.getByRole('checkbox', { name: /Send me news and offers/ }).uncheck();
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your details were saved.' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /Send me news and offers/ })).not.toBeChecked();
  });
});
