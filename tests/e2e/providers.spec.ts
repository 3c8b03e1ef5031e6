// Hub88's games in the browser (issue 29, docs/decisions/0100), on the providers server, whose process runs the
// reference aggregator (playwright.config.ts): a guest plays a provider's demo in the frame; a player deposits, plays a
// provider slot for real money, watches the header balance follow each spin live and finds the round in their
// history; an operator switches a game on and reconciles the day. Screenshots at 375 and 1280 px go to /tmp/shots/.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { aggregatorUrl } from '../../playwright.config.ts';
import { expect, shoot, signInOperator } from './admin-fixtures.ts';
import { addSessionCookie, api, depositFor, operatorToken, registerActivePlayer, servers, sessionOf, test, waitForHydration } from './fixtures.ts';

const base = servers.providers;
test.use({ baseURL: base });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SHOTS = '/tmp/shots';
const WIDTHS = [375, 1280] as const;

async function snap(page: Page, name: string, { focus, fullPage = false }: { focus?: Locator; fullPage?: boolean } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await focus?.scrollIntoViewIfNeeded();
    // The frame's page lays itself out again at the new width before the picture.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // Nothing wider than the screen: tables scroll inside their own boxes.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/providers-${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeAll(async () => {
  const token = await operatorToken(base);
  expect((await api('/api/admin/providers/sync', { method: 'POST', token, baseURL: base })).status).toBe(200);
  for (const slug of ['lantern-drift', 'copper-clover']) {
    expect((await api(`/api/admin/providers/games/${slug}`, { method: 'PUT', token, body: { enabled: true }, baseURL: base })).status).toBe(200);
  }
});

test('a guest finds a provider game in the lobby and plays its demo in the frame', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const tile = page.locator('article[data-game="lantern-drift"]').first();
  await expect(tile).toContainText('Croupier Reference Studio');
  await expect(tile.locator('img')).toHaveAttribute('src', `${aggregatorUrl}/thumbs/crp_lantern_drift.svg`);
  await snap(page, 'lobby', { focus: tile });
  await tile.getByRole('link', { name: 'Play Lantern Drift in demo mode' }).click();
  await expect(page).toHaveURL(/\/play\/lantern-drift\?mode=demo$/);

  const frame = page.frameLocator('[data-testid="provider-frame"]');
  await expect(page.getByTestId('provider-frame')).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups');
  await expect(page.getByTestId('provider-frame')).toHaveAttribute('allow', 'fullscreen');
  await expect(frame.getByText('Demo · fun money')).toBeVisible();
  const spin = frame.getByRole('button', { name: 'Spin' });
  await expect(spin).toBeEnabled();
  await expect(frame.locator('#balance')).toContainText('1,000.00');
  await spin.click();
  await expect(frame.locator('#balance')).not.toContainText('1,000.00');
  await expect(page.getByRole('navigation', { name: 'Play mode' }).getByRole('link', { name: 'Demo' })).toHaveAttribute('aria-current', 'page');
  await snap(page, 'demo');
});

test('a player deposits, plays the provider slot for real, sees the header balance move live and the round in their history', async ({ page, context }) => {
  const session = await sessionOf(await registerActivePlayer(base), base);
  await depositFor(session.token, 50_00, base);
  await addSessionCookie(context, session, base);

  await page.goto('/play/copper-clover');
  await waitForHydration(page);
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText('€50.00');
  const frame = page.frameLocator('[data-testid="provider-frame"]');
  await expect(frame.locator('#balance')).toContainText('50.00');
  const spin = frame.getByRole('button', { name: 'Spin' });
  await expect(spin).toBeEnabled();
  await snap(page, 'real-before');
  // A spin of 1.00 moves the balance whatever it pays (the smallest win is 2×): the header hears it over realtime.
  await spin.click();
  // The game shows its balance once the bet and its win are both booked; the header hears each of them (the bet's
  // balance can show for a moment), so it is compared with the game's final figure, not with its first change.
  const frameBalance = frame.locator('#balance');
  await expect(frameBalance).not.toHaveText('50.00 EUR');
  const after = `€${(await frameBalance.textContent())!.replace(/[^\d.]/g, '')}`;
  await expect(balance).toHaveText(after);
  await snap(page, 'real-after');

  const wallet = await api<{ data: { balance: number } }>('/api/player/wallet', { token: session.token, baseURL: base });
  expect(wallet.body.data.balance).not.toBe(50_00);
  await page.goto('/account/transaction');
  await waitForHydration(page);
  // The history names the game (its reference, in full in the cell's title): the stake that left the balance, and
  // the win when the spin paid.
  const rounds = page.getByRole('row').filter({ has: page.locator('[title="Copper Clover"]') });
  await expect(rounds.filter({ hasText: 'Bet' })).toContainText('−€1.00');
  expect(await rounds.count()).toBe(after === '€49.00' ? 1 : 2);
  await snap(page, 'history');
});

test('free rounds a bonus granted on a provider game show on the Bonuses page, and count down as they are played', async ({ page, context }) => {
  const operator = await operatorToken(base);
  const slug = `clover-rounds-${Date.now()}`;
  const made = await api('/api/admin/bonuses', {
    method: 'POST',
    token: operator,
    baseURL: base,
    body: {
      slug,
      title: 'Ten free rounds on Copper Clover',
      type: 'free_spins',
      free_spins: 10,
      free_spin_game: 'copper-clover',
      free_spin_stake: 50,
      wagering_multiplier: 0,
    },
  });
  expect(made.status).toBe(201);
  const session = await sessionOf(await registerActivePlayer(base), base);
  const me = await api<{ id: number | string }>('/api/player', { token: session.token, baseURL: base });
  expect((await api(`/api/admin/players/${me.body.id}/bonuses`, { method: 'POST', token: operator, baseURL: base, body: { slug } })).status).toBe(201);
  await addSessionCookie(context, session, base);

  await page.goto('/account/bonuses');
  await waitForHydration(page);
  const rounds = page.getByRole('region', { name: 'Free rounds' });
  const card = rounds.getByRole('listitem').first();
  await expect(card.getByTestId('free-rounds-game')).toHaveText('Copper Clover');
  await expect(card.getByTestId('free-rounds-count')).toHaveText('10 of 10 free rounds left · €0.50 a round');
  await expect(card.getByTestId('free-rounds-expiry')).toContainText(/^Play by \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/);
  await expect(card).toContainText('Ready to play');
  await snap(page, 'free-rounds', { focus: rounds });

  // Played in the game's own screen: one free spin there, and the Bonuses page has one round fewer.
  await card.getByRole('link', { name: 'Play' }).click();
  await expect(page).toHaveURL(/\/play\/copper-clover$/);
  const frame = page.frameLocator('[data-testid="provider-frame"]');
  await expect(frame.locator('#freebets-text')).toHaveText('10 free spins at 0.50 EUR');
  await frame.getByRole('button', { name: 'Use free spins' }).click();
  await frame.getByRole('button', { name: 'Spin', exact: true }).click();
  await expect(frame.locator('#freebets-text')).toHaveText('9 free spins at 0.50 EUR');
  await page.goto('/account/bonuses');
  await expect(page.getByRole('region', { name: 'Free rounds' }).getByTestId('free-rounds-count').first()).toHaveText(
    '9 of 10 free rounds left · €0.50 a round',
  );
});

test('an operator switches a provider game on and reconciles the day', async ({ page, context }) => {
  await signInOperator(page, '/admin/providers');
  await expect(page.getByRole('heading', { name: 'Providers', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Hub88/ })).toContainText('Connected');
  const trio = page.getByRole('switch', { name: 'Tide Pool Trio enabled' });
  await expect(trio).toHaveAttribute('aria-checked', 'false');
  await shoot(page, 'providers');
  await trio.click();
  await expect(page.getByText('Tide Pool Trio is on: players see it in the lobby.')).toBeVisible();
  await expect(trio).toHaveAttribute('aria-checked', 'true');

  const lobby = await context.newPage();
  await lobby.goto('/slots');
  await expect(lobby.locator('article[data-game="tide-pool-trio"]')).toBeVisible();
  await lobby.close();

  const reconciliation = page.getByRole('region', { name: 'Reconciliation' });
  await page.getByLabel('Open after (minutes)').fill('1');
  await page.getByRole('button', { name: 'Show' }).click();
  const transactions = page.getByRole('table', { name: 'Provider transactions' });
  await expect(transactions.getByRole('row').filter({ hasText: 'Copper Clover' }).first()).toBeVisible();
  await expect(reconciliation.getByText('No round is left open.')).toBeVisible();
  const download = page.waitForEvent('download');
  await reconciliation.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^provider-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  await snap(page, 'admin', { fullPage: true });
});
