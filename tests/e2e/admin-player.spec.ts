// The back office's player page in sections, the VIP tier filter and the withdrawals queue's risk hints (issue 18):
// an operator reads a player who has played, holds a bonus, a limit and loyalty points, checks a round on the
// public verifier, grants a bonus and tightens a limit from the page.
import type { Page } from '@playwright/test';
import { operator } from '../../playwright.config.ts';
import { expect, shoot, signIn } from './admin-fixtures.ts';
import { api, depositFor, operatorToken, registerActivePlayer, sessionOf, test } from './fixtures.ts';

/** A console card (a section with its h2 title). */
const card = (page: Page, title: string) => page.locator('section', { has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

type Round = { round_id: string; fairness: { nonce: number; client_seed: string; server_seed_hash: string } };

/** A player with three roulette rounds (seed since revealed), a finished bonus, a loss limit, silver points and a pending withdrawal. */
async function seasonedPlayer() {
  const email = await registerActivePlayer();
  const session = await sessionOf(email);
  const id = String((await api<{ id: string | number }>('/api/player', { token: session.token })).body.id);
  const admin = await operatorToken();
  expect((await api(`/api/admin/players/${id}/kyc`, { method: 'POST', token: admin, body: { status: 'verified' } })).status).toBe(200);
  await depositFor(session.token, 200_00);
  const rounds: Round[] = [];
  for (let i = 0; i < 3; i++) {
    const round = await api<{ data: Round }>('/api/games/european-roulette/rounds', {
      method: 'POST',
      token: session.token,
      key: crypto.randomUUID(),
      body: { mode: 'real', bets: [{ type: 'red', amount: 1_00 + i * 50 }] },
    });
    expect(round.status).toBe(201);
    rounds.push(round.body.data);
  }
  const withdrawal = await api('/api/payments/withdrawals', {
    method: 'POST',
    token: session.token,
    key: crypto.randomUUID(),
    body: { method: 'sandbox-crypto', amount: 30_00, address: 'bc1qexampleaddress000000000000000000' },
  });
  expect(withdrawal.status).toBe(201);
  // The seed the rounds were played with is revealed, so the verifier can check them.
  expect((await api('/api/fairness/rotate?mode=real', { method: 'POST', token: session.token })).status).toBe(200);
  const granted = await api<{ data: { id: string } }>(`/api/admin/players/${id}/bonuses`, { method: 'POST', token: admin, body: { slug: 'demo-chip' } });
  expect(granted.status).toBe(201);
  expect((await api(`/api/player/bonuses/${granted.body.data.id}/cancel`, { method: 'POST', token: session.token })).status).toBe(200);
  const limit = await api(`/api/admin/players/${id}/limits`, { method: 'PUT', token: admin, body: { type: 'loss', period: 'week', amount: 500_00 } });
  expect(limit.status).toBe(200);
  const points = await api(`/api/admin/players/${id}/loyalty`, { method: 'POST', token: admin, body: { points: 700, reason: 'Welcome to silver' } });
  expect(points.status).toBe(201);
  return { email, id, rounds };
}

test.describe('the back office player page', () => {
  test.describe.configure({ timeout: 150_000 });

  test('an operator reads every section, verifies a round, grants a bonus, tightens a limit, filters by VIP and sees risk hints', async ({ page, context }) => {
    const player = await seasonedPlayer();
    await signIn(page, operator.OPERATOR_EMAIL, operator.OPERATOR_PASSWORD, `/admin/players/${player.id}`);
    await expect(page.getByText(player.email)).toBeVisible();
    await expect(page.getByTestId('player-standing')).toHaveText('active');
    await expect(page.getByText('VIP Silver')).toBeVisible();

    // Game rounds: three, newest first, with fairness data and the seed revealed.
    const rounds = page.getByTestId('round-row');
    await expect(rounds).toHaveCount(3);
    const newest = player.rounds.at(-1)!;
    await expect(rounds.first()).toContainText('european-roulette');
    await expect(rounds.first()).toContainText('€2.00');
    await expect(rounds.first()).toContainText(`· ${newest.fairness.nonce}`);
    await expect(rounds.first()).toContainText('revealed');

    // Bonuses: the cancelled one is finished; limits: the loss limit; loyalty: 700 points, silver.
    const bonuses = card(page, 'Bonuses');
    await expect(bonuses.getByTestId('bonus-row')).toHaveCount(1);
    await expect(bonuses.getByTestId('bonus-row')).toContainText('cancelled');
    const limits = card(page, 'Limits and exclusions');
    await expect(limits.getByTestId('limit-row')).toContainText('Loss per 7 days');
    await expect(limits.getByTestId('limit-row')).toContainText('€500.00');
    const loyalty = card(page, 'Loyalty and VIP');
    await expect(loyalty.locator('dl')).toContainText('Points700Lifetime points700This month / last month700 / 0Next tierGold in 1,800 points');
    await expect(loyalty.getByText('Welcome to silver')).toBeVisible();
    await expect(loyalty.getByText(/^5% · €\d+\.\d{2} accrued$/)).toBeVisible();
    const documents = card(page, 'KYC documents');
    await expect(documents.getByText('This player has not uploaded any documents.')).toBeVisible();
    await expect(documents.getByRole('link', { name: 'Review side by side in the KYC queue' })).toHaveAttribute('href', `/admin/kyc?player=${player.id}`);
    await shoot(page, 'player-full');
    // At 768 px the rounds table scrolls inside its card; the page itself does not scroll sideways.
    await page.setViewportSize({ width: 768, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The newest round's verify link opens the public verifier filled in; it recomputes the round and it matches.
    const [verifier] = await Promise.all([
      context.waitForEvent('page'),
      rounds
        .first()
        .getByRole('link', { name: /Verify/ })
        .click(),
    ]);
    await verifier.waitForLoadState();
    await expect(verifier.getByRole('heading', { name: 'Provably fair' })).toBeVisible();
    await expect(verifier.locator('#verify-nonce')).toHaveValue(String(newest.fairness.nonce));
    await expect(verifier.locator('#verify-clientSeed')).toHaveValue(newest.fairness.client_seed);
    await expect(verifier.locator('#verify-hash')).toHaveValue(newest.fairness.server_seed_hash);
    await expect(verifier.locator('#verify-serverSeed')).not.toHaveValue('');
    await verifier.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(verifier.getByText('Verified: matches')).toBeVisible();
    await verifier.setViewportSize({ width: 1280, height: 900 });
    await shoot(verifier, 'player-round-verified');
    await verifier.close();

    // Grant a bonus from the page: it appears as active with its wagering.
    const grant = page.getByRole('form', { name: 'Grant a bonus' });
    await grant.getByLabel('Bonus slug').fill('no-such-offer');
    await grant.getByRole('button', { name: 'Grant bonus' }).click();
    await expect(grant.getByRole('alert')).toBeVisible();
    await grant.getByLabel('Bonus slug').fill('demo-chip');
    await grant.getByRole('button', { name: 'Grant bonus' }).click();
    await expect(bonuses.getByTestId('bonus-row')).toHaveCount(2);
    await expect(bonuses.getByTestId('bonus-row').filter({ hasText: 'active' })).toHaveCount(1);
    await expect(bonuses.getByRole('progressbar')).toHaveCount(2);

    // Tighten the loss limit; a raise is refused with the API's reason.
    const tighten = page.getByRole('form', { name: 'Tighten a limit' });
    await tighten.getByLabel('Limit').selectOption('loss');
    await tighten.getByLabel('Period').selectOption('week');
    await tighten.getByLabel(/Amount/).fill('900');
    await tighten.getByRole('button', { name: 'Set limit' }).click();
    await expect(tighten.getByRole('alert')).toContainText('lower than the limit in force');
    await tighten.getByLabel('Limit').selectOption('loss');
    await tighten.getByLabel('Period').selectOption('week');
    await tighten.getByLabel(/Amount/).fill('200');
    await tighten.getByRole('button', { name: 'Set limit' }).click();
    await expect(limits.getByTestId('limit-row')).toContainText('€200.00');

    // The time-out asks for confirmation first; cancelling changes nothing.
    await limits.getByRole('button', { name: 'Time out…' }).click();
    await expect(limits.getByRole('alertdialog')).toContainText('Time the player out for 1 day(s)?');
    await shoot(page, 'player-actions');
    await limits.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('player-standing')).toHaveText('active');

    // The players list filtered by VIP tier.
    await page.goto('/admin/players');
    await page.getByLabel('E-mail, name, phone or ID').fill(player.email);
    await page.getByLabel('VIP tier').selectOption('gold');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No players match.')).toBeVisible();
    await page.getByLabel('VIP tier').selectOption('silver');
    await page.getByRole('button', { name: 'Search' }).click();
    const rows = page.getByRole('table', { name: 'Players' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('silver');
    await page.getByLabel('E-mail, name, phone or ID').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(rows.first()).toContainText('silver');
    await shoot(page, 'players-vip');

    // The withdrawals queue: the player's request with its risk hints.
    await page.goto('/admin/withdrawals');
    const row = page.getByRole('row').filter({ hasText: player.email });
    const hints = row.getByTestId('risk-hints');
    await expect(hints).toContainText('crypto');
    await expect(hints).toContainText('net €200.00');
    await expect(hints).toContainText('2 bonuses, 1 open');
    await expect(hints).toContainText('0 d old');
    await expect(hints).toContainText('KYC verified');
    await row.scrollIntoViewIfNeeded();
    await shoot(page, 'withdrawals-risk');
  });
});
