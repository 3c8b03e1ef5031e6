// The back office at /admin (issue 18): sign-in with two factors, every screen at 1280 px and 768 px, four-eyes
// with two staff members, the audit log verifying intact, and none of the console's code on player pages.
import { readdirSync, readFileSync } from 'node:fs';
import { generate } from 'otplib';
import { operator } from '../../playwright.config.ts';
import { expect, newStaff, STAFF_PASSWORD, shoot, signIn, staffPage } from './admin-fixtures.ts';
import { api, depositFor, operatorToken, registerActivePlayer, sessionOf, test, waitForHydration } from './fixtures.ts';

test.describe('the back office', () => {
  test.describe.configure({ timeout: 120_000 });
  test('an admin signs in, reads the dashboard with its charts, finds a player and acts on them', async ({ page }) => {
    const playerEmail = await registerActivePlayer();
    // Some real play, so the dashboard and the RTP report have figures to show.
    const session = await sessionOf(playerEmail);
    await depositFor(session.token, 50_00);
    for (let i = 0; i < 6; i++) {
      const round = await api('/api/games/european-roulette/rounds', {
        method: 'POST',
        token: session.token,
        key: crypto.randomUUID(),
        body: { mode: 'real', bets: [{ type: 'red', amount: 2_00 }] },
      });
      expect(round.status).toBe(201);
    }
    await signIn(page, operator.OPERATOR_EMAIL, operator.OPERATOR_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('GGR (stakes − wins)')).toBeVisible();
    await expect(page.locator('.recharts-responsive-container').first()).toBeVisible();
    await page.getByRole('button', { name: '30 days' }).click();
    await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await shoot(page, 'dashboard');

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Players' }).click();
    await expect(page.getByRole('heading', { name: 'Players' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Players' }).locator('tbody tr').first()).toBeVisible();
    await shoot(page, 'players');
    await page.getByLabel('E-mail, name, phone or ID').fill(playerEmail);
    await page.getByRole('button', { name: 'Search' }).click();
    const rows = page.getByRole('table', { name: 'Players' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await page.getByRole('button', { name: 'E-mail' }).click();
    await expect(page.getByRole('columnheader', { name: 'E-mail' })).toHaveAttribute('aria-sort', 'ascending');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toBe('players.csv');

    await rows.first().getByRole('link').click();
    await expect(page.getByText(playerEmail)).toBeVisible();
    // Blocking is confirmed in a dialog that names the player and asks for the reason (issue 32 §3).
    await page.getByRole('region', { name: 'Block' }).getByRole('button', { name: 'Block player…' }).click();
    const block = page.getByRole('dialog', { name: 'Block player' });
    await expect(block).toContainText(`Block Eve Tester (${playerEmail})?`);
    await block.getByLabel('Reason').fill('Suspected account sharing');
    await block.getByRole('button', { name: 'Block player' }).click();
    await expect(block).toHaveCount(0);
    await expect(page.getByText('blocked', { exact: true })).toBeVisible();
    const message = page.getByRole('form', { name: 'Send a message' });
    await message.getByLabel('Subject').fill('About your account');
    await message.getByLabel('Message').fill('Please contact support.');
    await message.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('About your account')).toBeVisible();
    const note = page.getByRole('form', { name: 'Add a staff note' });
    await note.getByLabel('Note').fill('Called the player, no answer.');
    await note.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Called the player, no answer.')).toBeVisible();
    await shoot(page, 'player');

    for (const [link, heading] of [
      ['Messages', 'Messages'],
      ['Games', 'Games'],
      ['Settings', 'Settings'],
      ['Staff', 'Staff'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: link, exact: true }).click();
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      if (link === 'Games') await expect(page.getByRole('table', { name: 'RTP per game' }).getByRole('cell', { name: /Roulette/ })).toBeVisible();
      await shoot(page, link.toLowerCase());
    }

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
    await page
      .getByLabel('Player ID')
      .fill(
        (await api<{ data: { id: string }[] }>(`/api/admin/players?email=${encodeURIComponent(playerEmail)}`, { token: await operatorToken() })).body.data[0]!
          .id,
      );
    // Until the filtered page arrives the log shows everyone's rows (other tests block players too).
    const filtered = page.waitForResponse((response) => response.url().includes('/api/admin/audit?player_id='));
    await page.getByRole('button', { name: 'Filter' }).click();
    await filtered;
    await expect(page.getByRole('cell', { name: 'player.block' })).toHaveCount(1);
    await expect(page.getByRole('cell', { name: 'message.send' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Verify the chain' }).click();
    await expect(page.getByText(/The chain is intact: \d+ rows verified\./)).toBeVisible();
    await shoot(page, 'audit');
  });

  test('a large withdrawal and a balance adjustment need a second staff member', async ({ browser }) => {
    const email = await registerActivePlayer();
    const session = await sessionOf(email);
    const playerId = String((await api<{ id: string | number }>('/api/player', { token: session.token })).body.id);
    const admin = await operatorToken();
    expect((await api(`/api/admin/players/${playerId}/kyc`, { method: 'POST', token: admin, body: { status: 'verified' } })).status).toBe(200);
    await depositFor(session.token, 1500_00);
    const withdrawal = await api<{ data: { id: string } }>('/api/payments/withdrawals', {
      method: 'POST',
      token: session.token,
      key: crypto.randomUUID(),
      body: { method: 'sandbox-crypto', amount: 1200_00, address: 'bc1qexampleaddress000000000000000000' },
    });
    expect(withdrawal.status).toBe(201);

    const [first, second] = [await newStaff('finance'), await newStaff('finance')];
    const firstContext = await browser.newContext();
    const secondContext = await browser.newContext();
    try {
      const one = await staffPage(firstContext, first, '/admin/withdrawals');
      await expect(one.getByRole('heading', { name: 'Withdrawals' })).toBeVisible();
      const row = one.getByRole('row').filter({ hasText: email });
      await expect(row.getByText('Needs 2 approvals')).toBeVisible();
      // A Bronze player's request: reviewed within 24 hours of asking, and not overdue yet.
      const [asked, due] = await Promise.all([row.getByRole('cell').first().textContent(), row.getByTestId('review-by').textContent()]);
      expect(new Date(`${due!.replace(' ', 'T')}Z`).getTime() - new Date(`${asked!.replace(' ', 'T')}Z`).getTime()).toBe(24 * 3_600_000);
      await expect(row.getByText('Overdue')).toHaveCount(0);
      await row.getByRole('button', { name: /^Approve/ }).click();
      await expect(one.getByText('First approval recorded. Another staff member must approve it to pay it.')).toBeVisible();
      await expect(row.getByText(/1 of 2 approvals/)).toBeVisible();
      await row.getByRole('button', { name: /^Approve/ }).click();
      await expect(one.getByText('You asked for this; another staff member must approve it.')).toBeVisible();
      await shoot(one, 'withdrawals');

      const two = await staffPage(secondContext, second, '/admin/withdrawals');
      await two
        .getByRole('row')
        .filter({ hasText: email })
        .getByRole('button', { name: /^Approve/ })
        .click();
      await expect(two.getByText('Withdrawal paid.')).toBeVisible();

      await one.goto(`/admin/players/${playerId}`);
      const adjust = one.getByRole('form', { name: /Adjust balance/ });
      await adjust.getByLabel(/Amount in/).fill('25');
      await adjust.getByRole('button', { name: 'Request adjustment…' }).click();
      const confirmAdjustment = one.getByRole('dialog', { name: 'Request a balance adjustment' });
      await expect(confirmAdjustment).toContainText('Credit €25.00 to the cash balance of Eve Tester');
      await confirmAdjustment.getByLabel('Reason').fill('Goodwill for a delayed payout');
      await confirmAdjustment.getByRole('button', { name: 'Request adjustment' }).click();
      await expect(one.getByText('pending approval')).toBeVisible();
      await one.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Adjustments' }).click();
      await expect(one.getByRole('row').filter({ hasText: 'Goodwill for a delayed payout' }).getByText('Awaiting another staff member')).toBeVisible();
      await shoot(one, 'adjustments');

      await two.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Adjustments' }).click();
      await two.getByRole('row').filter({ hasText: 'Goodwill for a delayed payout' }).getByRole('button', { name: 'Approve' }).click();
      await expect(two.getByText('Adjustment approved.')).toBeVisible();
      const wallet = await api<{ data: { cash: number } }>('/api/player/wallet', { token: session.token });
      expect(wallet.body.data.cash).toBe(300_00 + 25_00);
    } finally {
      await firstContext.close();
      await secondContext.close();
    }
  });

  test('a new staff member enrols two-factor sign-in with the QR code, keeps the recovery codes and signs in with a code', async ({ page }) => {
    const email = await newStaff('support');
    await signIn(page, email, STAFF_PASSWORD, '/admin/security');
    // Support sees only its screens.
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Players' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(page.getByRole('img', { name: 'Two-factor QR code' })).toBeVisible();
    await shoot(page, 'enrol');
    const secret = (await page.getByTestId('totp-secret').textContent())!;
    await page.getByLabel('6-digit code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(page.getByText('The code is not valid, or was already used.')).toBeVisible();
    await page.getByLabel('6-digit code from the app').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await shoot(page, 'recovery-codes');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
    await signIn(page, email, STAFF_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await shoot(page, 'two-factor');
    await page.getByLabel('Code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('one console session per browser: a second tab is signed in, and signing out in one signs both out', async ({ page, context }) => {
    await signIn(page, operator.OPERATOR_EMAIL, operator.OPERATOR_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // The session is an HttpOnly cookie of the console's paths: no script of the page can read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('staff_token');
    const second = await context.newPage();
    await second.goto('/admin/players');
    await expect(second.getByRole('heading', { name: 'Players' })).toBeVisible();
    await second.getByRole('button', { name: 'Sign out' }).click();
    await expect(second.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Players' }).click();
    await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fplayers$/);
  });

  test('sign-in screen, and nothing of the console loads on player pages', async ({ page }) => {
    await page.goto('/admin/players');
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fplayers$/);
    await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
    await waitForHydration(page);
    await page.getByLabel('E-mail').fill(operator.OPERATOR_EMAIL);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
    await shoot(page, 'login');

    await page.goto('/');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    // The build's full route manifest (the page itself only learns routes it may visit): the admin routes' own modules.
    const file = readdirSync('build/client/assets').find((name) => /^manifest-[0-9a-f]+\.js$/.test(name))!;
    const text = readFileSync(`build/client/assets/${file}`, 'utf8');
    const manifest = JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '')) as { routes: Record<string, { module: string; imports?: string[] }> };
    const isAdmin = (id: string) => id.startsWith('admin-') || id === 'layout-admin';
    const player = new Set(
      Object.entries(manifest.routes)
        .filter(([id]) => !isAdmin(id))
        .flatMap(([, route]) => [route.module, ...(route.imports ?? [])]),
    );
    const adminModules = [
      ...new Set(
        Object.entries(manifest.routes)
          .filter(([id]) => isAdmin(id))
          .flatMap(([, route]) => [route.module, ...(route.imports ?? [])]),
      ),
    ].filter((url) => !player.has(url));
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    expect(loaded.some((url) => url.startsWith('/assets/'))).toBe(true);
    expect(adminModules.length).toBeGreaterThan(5);
    expect(adminModules.some((url) => url.includes('dashboard'))).toBe(true);
    expect(loaded.filter((url) => adminModules.includes(url))).toEqual([]);
  });
});
