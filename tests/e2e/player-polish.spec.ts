// Issue 34 §6, the low items a new player met: feedback after activation, Double only when it can be paid and a
// refusal that does not cover the table, readable buttons on the time-out and self-exclusion form, roulette names
// that hold their visible text, game names in the transactions, Plinko's multipliers on a phone, the crash curve
// and a remembered sound switch. Screenshots at 375 and 1280 px in test-results/polish/.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { mailedLink } from './outbox.ts';
import {
  addSessionCookie,
  api,
  depositFor,
  expect,
  playerTest,
  registerActivePlayer,
  registerPlayer,
  servers,
  sessionOf,
  test,
  waitForHydration,
} from './fixtures.ts';

const SHOTS = 'test-results/polish';

async function shootBoth(page: Page, name: string, fullPage = true) {
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('[data-first-load-spinner]').forEach((badge) => (badge.style.display = 'none')));
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
  }
}

async function seriousAxeViolations(page: Page, rules?: string[]): Promise<string[]> {
  await page.evaluate(() => {
    for (const badge of document.querySelectorAll('[data-first-load-spinner]')) for (const animation of badge.getAnimations()) animation.finish();
  });
  const builder = new AxeBuilder({ page });
  const results = await (rules ? builder.withRules(rules) : builder).analyze();
  return results.violations
    .filter((violation) => rules || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

test('the activation link says the account is activated on the page it lands on', async ({ page }) => {
  const email = await registerPlayer();
  const link = await mailedLink(servers.staging, email, /\/player\/activate\//);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(`${servers.staging}/`);
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been activated.' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/activated-375.png` });
  // Once only: the next page says nothing more.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been activated.' })).toHaveCount(0);
});

test('after a password reset the dialog says so and offers to log in', async ({ page }) => {
  const email = await registerActivePlayer();
  expect((await api('/api/password/create', { method: 'POST', body: { email } })).status).toBeLessThan(300);
  const link = await mailedLink(servers.staging, email, /\/account\/reset-password\//);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(new URL(link).pathname);
  await waitForHydration(page);
  const choose = page.getByRole('dialog', { name: 'Choose a new password' });
  await choose.getByLabel('New password', { exact: true }).fill('Fresh#Start2027');
  await choose.getByLabel('Repeat new password').fill('Fresh#Start2027');
  await choose.getByRole('button', { name: 'Save new password' }).click();
  const done = page.getByRole('dialog', { name: 'Password reset' });
  await expect(done.getByRole('status')).toContainText('Your password has been reset.');
  await page.screenshot({ path: `${SHOTS}/password-reset-375.png` });
  await done.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
});

test('roulette: every betting cell’s accessible name holds the text it shows ("2:1", "1st 12", "1–18")', async ({ page }) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, '/play/european-roulette');
    const table = page.getByRole('group', { name: 'Betting table' }).locator('visible=true');
    await expect(table.getByRole('button', { name: /2:1/ })).toHaveCount(3);
    await expect(table.getByRole('button', { name: 'Column 1, 2:1' })).toHaveText('2:1');
    await expect(table.getByRole('button', { name: 'Dozen 1 to 12, 1st 12' })).toHaveText('1st 12');
    await expect(table.getByRole('button', { name: 'Low 1–18' })).toHaveText('1–18');
    expect(await seriousAxeViolations(page, ['label-content-name-mismatch'])).toEqual([]);
  }
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'roulette');
});

playerTest('time-out and self-exclusion buttons pass the contrast check', async ({ page, player }) => {
  expect(player.id).not.toBe('');
  await open(page, '/account/limit');
  await expect(page.getByRole('button', { name: 'Start time-out' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exclude me' })).toBeVisible();
  expect(await seriousAxeViolations(page, ['color-contrast'])).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootBoth(page, 'limits');
});

playerTest('the transactions name the game of each bet and win', async ({ page, player }) => {
  await depositFor(player.token, 20_00);
  const round = await api<{ data: { round_id: string } }>('/api/games/european-roulette/rounds', {
    method: 'POST',
    token: player.token,
    key: crypto.randomUUID(),
    body: { mode: 'real', bets: [{ type: 'red', amount: 1_00 }] },
  });
  expect(round.status).toBe(201);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, '/account/transaction');
    await expect(page.getByText('Bet · European Roulette').locator('visible=true').first()).toBeVisible();
  }
  await shootBoth(page, 'transactions');
});

test('Plinko’s multipliers are readable on a phone: a 12 px strip under the buckets, hidden on wide screens', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await open(page, '/play/plinko');
  await page.getByTestId('plinko-rows').selectOption('16');
  const strip = page.getByTestId('plinko-multipliers');
  await expect(strip).toBeVisible();
  await expect(strip.getByRole('listitem')).toHaveCount(17);
  const size = await strip
    .getByRole('listitem')
    .first()
    .evaluate((item) => Number.parseFloat(getComputedStyle(item).fontSize));
  expect(size).toBeGreaterThanOrEqual(12);
  // Each label fits its column: nothing is cut off.
  for (const item of await strip.getByRole('listitem').all()) {
    const fits = await item.evaluate((node) => node.scrollWidth <= node.clientWidth + 1 && node.scrollHeight <= node.clientHeight + 1);
    expect(fits).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SHOTS}/plinko-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(strip).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/plinko-1280.png`, fullPage: true });
});

test('the crash game draws its curve while the round runs', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, '/play/crash');
  await expect(page.getByTestId('crash-phase')).toHaveAttribute('data-phase', 'running', { timeout: 40_000 });
  const curve = page.getByTestId('crash-curve');
  await expect(curve).toBeVisible();
  const first = await curve.getAttribute('data-tip');
  // Drawn live: the tip moves on as the multiplier rises (or the round crashes and the curve turns red, where it stops).
  await expect
    .poll(async () => (await curve.getAttribute('data-tip')) !== first || (await page.getByTestId('crash-phase').getAttribute('data-phase')) === 'crashed')
    .toBe(true);
  await page.screenshot({ path: `${SHOTS}/crash-1280.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('crash-phase')).toHaveAttribute('data-phase', /running|crashed/, { timeout: 40_000 });
  await page.screenshot({ path: `${SHOTS}/crash-375.png` });
});

test('the sound switch starts off and is remembered', async ({ page }) => {
  await open(page, '/play/dice');
  const sound = page.getByRole('button', { name: 'Sound' });
  await expect(sound).toHaveAttribute('aria-pressed', 'false');
  await sound.click();
  await expect(sound).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => window.localStorage.getItem('game-sound'))).toBe('on');
  await open(page, '/play/blackjack');
  await expect(page.getByRole('button', { name: 'Sound' })).toHaveAttribute('aria-pressed', 'true');
  await shootBoth(page, 'sound-toggle', false);
});

test('blackjack offers Double only when the balance pays for it, and a refusal sits above the table', async ({ page, context }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  // €20.00 in (the least deposit), €20.00 staked: nothing is left to double with. A natural ends the hand at the deal
  // (about one deal in eleven): a new player then tries again.
  let open_ = false;
  for (let attempt = 0; attempt < 5 && !open_; attempt++) {
    const session = await sessionOf(await registerActivePlayer());
    await depositFor(session.token, 20_00);
    await addSessionCookie(context, session);
    await open(page, '/play/blackjack?mode=real');
    const stake = page.getByRole('group', { name: 'Stake' });
    for (let raise = 0; raise < 6 && !((await stake.textContent()) ?? '').includes('€20.00'); raise++)
      await stake.getByRole('button', { name: 'Raise stake' }).click();
    await expect(stake).toContainText('€20.00');
    const answer = page.waitForResponse((response) => response.url().includes('/api/games/blackjack/rounds') && response.request().method() === 'POST');
    await page.getByRole('button', { name: /^Deal/ }).click();
    open_ = ((await (await answer).json()) as { data: { status: string } }).data.status === 'open';
  }
  expect(open_).toBe(true);
  await expect(page.getByRole('button', { name: 'Hit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Double' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Split' })).toHaveCount(0);

  // A refusal (here one the test makes up) appears in its own room above the game, not over the dealer's cards.
  await page.route('**/api/games/blackjack/rounds/*/actions', (route) =>
    route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'That move is not allowed now.', errors: {} }) }),
  );
  await page.getByRole('button', { name: 'Hit' }).click();
  const refusal = page.locator('[data-toast-slot]').getByRole('alert');
  await expect(refusal).toContainText('That move is not allowed now.');
  const toast = (await refusal.boundingBox())!;
  const dealer = (await page.getByRole('region', { name: 'Dealer' }).boundingBox())!;
  expect(toast.y + toast.height).toBeLessThanOrEqual(dealer.y);
  await shootBoth(page, 'blackjack-refusal', false);
  await page.unroute('**/api/games/blackjack/rounds/*/actions');
});
