// Issue 33 §1, §3 and §7 in the browser: the previous session's notice at sign-in, the game history with a blackjack
// hand's steps and each session's net result, and the staff's sign-ins, devices and linked accounts on the player page.
import type { Page } from '@playwright/test';
import { operator, servers } from '../../playwright.config.ts';
import { shootWide375, signIn } from './admin-fixtures.ts';
import { api, depositFor, expect, PLAYER_PASSWORD, registerActivePlayer, screenshotPage, sessionOf, test, waitForHydration } from './fixtures.ts';

const json = { 'content-type': 'application/json', accept: 'application/json' };

/** Logs in through the API from a browser whose `device_id` cookie is `device` (or none): the token and the device id. */
async function loginOnDevice(email: string, device?: string) {
  const response = await fetch(`${servers.staging}/api/login`, {
    method: 'POST',
    headers: { ...json, ...(device ? { cookie: `device_id=${device}` } : {}) },
    body: JSON.stringify({ email, password: PLAYER_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('device_id='));
  return { token: ((await response.json()) as { token: string }).token, device: cookie!.split(';')[0]!.slice('device_id='.length) };
}

/**
 * A finished blackjack hand: dealt until it waits for the player, then stood. A hand decided at the deal (a natural
 * on either side) is a round of its own; the answer is how many hands were dealt in all.
 */
async function standingHand(token: string): Promise<number> {
  for (let hands = 1; ; hands++) {
    const dealt = await api<{ data: { round_id: string; status: string } }>('/api/games/blackjack/rounds', {
      method: 'POST',
      token,
      key: crypto.randomUUID(),
      body: { mode: 'real', stake: 1_00 },
    });
    expect(dealt.status).toBe(201);
    if (dealt.body.data.status !== 'open') continue;
    const stood = await api(`/api/games/blackjack/rounds/${dealt.body.data.round_id}/actions`, {
      method: 'POST',
      token,
      key: crypto.randomUUID(),
      body: { action: 'stand' },
    });
    expect(stood.status).toBe(200);
    return hands;
  }
}

async function logInThroughPopup(page: Page, email: string) {
  await waitForHydration(page);
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(PLAYER_PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
}

test.describe('previous session and game history', () => {
  test.describe.configure({ timeout: 120_000 });

  test('at sign-in the player sees the last visit and its net result, then recalls the blackjack hand step by step', async ({ page }) => {
    const email = await registerActivePlayer();
    const first = await sessionOf(email);
    await depositFor(first.token, 20_00);
    await api('/api/games/european-roulette/rounds', {
      method: 'POST',
      token: first.token,
      key: crypto.randomUUID(),
      body: { mode: 'real', bets: [{ type: 'red', amount: 2_00 }] },
    });
    const hands = await standingHand(first.token);
    expect((await api('/api/logout', { method: 'POST', token: first.token })).status).toBe(204);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await logInThroughPopup(page, email);
    const notice = page.getByTestId('previous-session');
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText(/Last visit: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} – net (−|\+)?€\d+\.\d{2}/);
    await screenshotPage(page, 'test-results/sign-ins/previous-session-1280.png');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(notice).toBeVisible();
    await screenshotPage(page, 'test-results/sign-ins/previous-session-375.png');

    await notice.getByRole('link', { name: 'Your recent games and sessions' }).click();
    await expect(page).toHaveURL(/\/account\/transaction\?view=rounds$/);
    await expect(notice).toBeHidden();
    // The stood hand is the newest; the roulette round the oldest, after any hand decided at its deal.
    const rounds = page.getByTestId('recalled-round');
    await expect(rounds).toHaveCount(1 + hands);
    const hand = rounds.first();
    await expect(hand).toContainText('Blackjack');
    await expect(hand.getByText('You stood')).toBeVisible();
    await expect(hand.getByText('Dealt: your', { exact: false })).toBeVisible();
    // The roulette round is one click away.
    await rounds.last().locator('summary').click();
    await expect(rounds.last().getByText(/You won|You lost|Push/)).toBeVisible();
    const sessions = page.getByTestId('session-row');
    await expect(sessions).toHaveCount(2);
    await expect(sessions.nth(1)).toContainText(/[−+]?€\d+\.\d{2}$/);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshotPage(page, 'test-results/sign-ins/game-history-375.png');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshotPage(page, 'test-results/sign-ins/game-history-1280.png');
    await page.getByRole('navigation', { name: 'History' }).getByRole('link', { name: 'Transactions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  });
});

test.describe('staff: sign-ins and linked accounts', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the player page lists sign-ins with devices and a linked account, and the operator flags a duplicate', async ({ page }) => {
    const original = await registerActivePlayer();
    const copy = await registerActivePlayer();
    const { device } = await loginOnDevice(original);
    const { token } = await loginOnDevice(copy, device);
    const id = String((await api<{ id: string | number }>('/api/player', { token })).body.id);

    await signIn(page, operator.OPERATOR_EMAIL, operator.OPERATOR_PASSWORD, `/admin/players/${id}`);
    const signIns = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Sign-ins and devices' }) });
    await expect(signIns.getByTestId('sign-in-row')).toHaveCount(1);
    await expect(signIns).toContainText(`device ${device.slice(0, 8)}…`);
    const linked = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Linked accounts' }) });
    // The fixtures' players share one address and phone too: the device link is the one this test made.
    await expect(linked.getByTestId('linked-account').filter({ hasText: original })).toContainText('Same device');
    await shootWide375(page, 'player-sign-ins');

    await linked.getByLabel('Reason (kept in the audit log)').fill('Second account on the same browser');
    await linked.getByRole('button', { name: 'Flag as duplicate' }).click();
    await expect(linked).toContainText('Flagged as a duplicate account');
    await expect(linked.getByRole('button', { name: 'Clear flag' })).toBeVisible();
    await shootWide375(page, 'player-duplicate');
  });
});
