// The originals in the browser (issue 17 part A): dice, plinko and mines for real money and verified on /fairness,
// crash seen live by two browsers that each cash out, and a lobby that fills the page at 375 and 1280 px.
import type { Browser, Page, Response } from '@playwright/test';
import type { PlayedRound } from '../../contract/games.ts';
import { addSessionCookie, api, depositFor, expect, registerActivePlayer, servers, sessionOf, test as base, waitForHydration } from './fixtures.ts';

const SHOTS = 'test-results/originals-shots';

const test = base.extend<{ player: { token: string } }>({
  player: async ({ context }, use) => {
    const session = await sessionOf(await registerActivePlayer());
    await depositFor(session.token, 100_00);
    await addSessionCookie(context, session);
    await use({ token: session.token });
  },
});

const euros = (minor: number) => `€${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

async function openGame(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

function roundAnswer(page: Page, slug: string, what = 'rounds'): Promise<Response> {
  return page.waitForResponse((response) => response.url().includes(`/api/games/${slug}/${what}`) && response.request().method() === 'POST');
}

async function played(response: Promise<Response>): Promise<PlayedRound> {
  const answer = await response;
  expect(answer.status()).toBeLessThan(300);
  return ((await answer.json()) as { data: PlayedRound }).data;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('[data-first-load-spinner]').forEach((badge) => (badge.style.display = 'none')));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function noSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
}

/** Rotates the player's seed and checks the round on /fairness: recomputed in the browser, it matches. */
async function verify(page: Page, round: PlayedRound): Promise<void> {
  await page.goto(`/fairness?round=${round.round_id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Rotate seed' }).click();
  await expect(page.getByTestId('revealed-seed')).toContainText(round.fairness.server_seed_hash);
  await expect(page.getByText('Verified: matches')).toBeVisible();
}

test.describe('the originals for real money', () => {
  test('dice: a slider, an instant roll, the balance and a verified round', async ({ page, player }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openGame(page, '/play/dice?mode=real');
    await expect(page.getByRole('heading', { level: 1, name: 'Dice' })).toBeVisible();
    await page.getByTestId('dice-target').fill('25');
    await page.getByRole('button', { name: 'Roll under' }).click();
    await expect(page.getByTestId('dice-chance')).toHaveText('75.00%');
    await expect(page.getByTestId('dice-multiplier')).toHaveText('1.3200×');
    const answer = roundAnswer(page, 'dice');
    await page.getByRole('button', { name: 'Roll', exact: true }).click();
    const round = await played(answer);
    expect(round).toMatchObject({ kind: 'dice', mode: 'real', request: { target: 75, direction: 'under' } });
    await expect(page.getByTestId('dice-roll')).toHaveText((round.outcome.roll as number).toFixed(2));
    await expect(page.getByTestId('balance')).toHaveText(euros(round.balance));
    await shoot(page, 'dice-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await noSideways(page);
    await shoot(page, 'dice-375');
    await verify(page, round);
    await expect(page.getByTestId('dice-roll')).toHaveText((round.outcome.roll as number).toFixed(2));
    expect(player.token).toBeTruthy();
  });

  test('plinko: the ball lands in the bucket the server drew, and the round verifies', async ({ page, player }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openGame(page, '/play/plinko?mode=real');
    await page.getByTestId('plinko-rows').selectOption('16');
    await page.getByRole('button', { name: 'high' }).click();
    const answer = roundAnswer(page, 'plinko');
    await page.getByRole('button', { name: 'Drop ball' }).click();
    const round = await played(answer);
    expect(round).toMatchObject({ kind: 'plinko', request: { rows: 16, risk: 'high' } });
    await expect(page.getByTestId('round-result')).toContainText(`${round.outcome.multiplier}×`);
    await expect(page.getByTestId('balance')).toHaveText(euros(round.balance));
    await shoot(page, 'plinko-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await noSideways(page);
    await shoot(page, 'plinko-375');
    await verify(page, round);
    await expect(page.getByTestId('plinko-path')).toHaveText((round.outcome.path as string[]).join(''));
    expect(player.token).toBeTruthy();
  });

  test('mines: picks tiles, cashes out after a safe one (or loses to a mine and plays again), and verifies the board', async ({ page, player }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openGame(page, '/play/mines?mode=real');
    await page.getByTestId('mines-count').selectOption('1');
    let cashed: PlayedRound | null = null;
    // One mine in 25: the first pick is safe 24 times in 25; a mine ends the round and the test plays another.
    for (let attempt = 0; attempt < 10 && !cashed; attempt++) {
      const started = roundAnswer(page, 'mines');
      await page.getByRole('button', { name: attempt === 0 ? 'Start' : 'Play again' }).click();
      const round = await played(started);
      expect(round).toMatchObject({ kind: 'mines', status: 'open', outcome: { minePositions: null } });
      const pick = page.waitForResponse((response) => response.url().includes(`/rounds/${round.round_id}/actions`));
      await page.getByTestId('mines-tile').nth(12).click();
      const picked = ((await (await pick).json()) as { data: PlayedRound }).data;
      if (picked.status === 'settled') {
        await expect(page.getByTestId('round-result')).toContainText(`Boom: you lost ${euros(100)}`);
        continue;
      }
      await expect(page.getByTestId('mines-tile').nth(12)).toHaveAttribute('data-state', 'gem');
      await expect(page.getByTestId('mines-cashout')).toHaveText(`Cash out ${euros(picked.outcome.cashOutValue as number)}`);
      const out = page.waitForResponse((response) => response.url().includes(`/rounds/${round.round_id}/actions`));
      await page.getByTestId('mines-cashout').click();
      cashed = ((await (await out).json()) as { data: PlayedRound }).data;
    }
    expect(cashed).not.toBeNull();
    expect(cashed!.win).toBe(103);
    await expect(page.getByTestId('round-result')).toContainText(`You won ${euros(103)}`);
    await expect(page.getByTestId('mines-tile').locator('xpath=self::*[@data-state="mine"]')).toHaveCount(1);
    await expect(page.getByTestId('balance')).toHaveText(euros(cashed!.balance));
    await shoot(page, 'mines-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await noSideways(page);
    await shoot(page, 'mines-375');
    await verify(page, cashed!);
    await expect(page.getByTestId('mine-tiles')).toHaveText((cashed!.outcome.minePositions as number[]).join(', '));
    expect(player.token).toBeTruthy();
  });
});

/** A second player in a browser context of its own, €100 deposited. */
async function secondPlayer(browser: Browser): Promise<Page> {
  // Consent given up front, as playwright.config.ts does for the test's own context.
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [{ origin: servers.staging, localStorage: [{ name: 'cookie-consent', value: 'true' }] }] },
  });
  const session = await sessionOf(await registerActivePlayer());
  await depositFor(session.token, 100_00);
  await addSessionCookie(context, session);
  return context.newPage();
}

test('crash: two browsers see the same round live and each cashes out', async ({ page, player, browser }) => {
  // A round runs until its crash point: 44 s to 14×, 77 s to 100× (1 round in 100), 115 s to 1,000×. Every wait
  // for a round to end allows 150 s, so a long round the test happens to meet only makes it slower.
  const roundEnds = 150_000;
  test.setTimeout(8 * 60_000);
  const other = await secondPlayer(browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  await other.setViewportSize({ width: 375, height: 812 });
  await Promise.all([openGame(page, '/play/crash?mode=real'), openGame(other, '/play/crash?mode=real')]);
  // Both tables are live on the public channel.
  await page.waitForFunction(() => document.documentElement.dataset.crash === 'live');
  await other.waitForFunction(() => document.documentElement.dataset.crash === 'live');
  let done = false;
  // A round may crash before anyone can cash out (1 in 100 at once, a few more below 1.10×): then the next one.
  for (let attempt = 0; attempt < 8 && !done; attempt++) {
    // A betting window caught from its start, so both bets fit in it: first the end of whatever phase is on now.
    await expect(page.getByTestId('crash-phase')).not.toHaveAttribute('data-phase', 'betting', { timeout: roundEnds });
    await expect(page.getByTestId('crash-phase')).toHaveAttribute('data-phase', 'betting', { timeout: roundEnds });
    const round = await page.getByTestId('crash-round').textContent();
    // The second browser hears the new round over its own connection; on a busy machine it may hear it late.
    const sameRound = await expect(other.getByTestId('crash-round'))
      .toHaveText(round!)
      .then(() => expect(other.getByTestId('crash-phase')).toHaveAttribute('data-phase', 'betting'))
      .then(
        () => true,
        () => false,
      );
    if (!sameRound) continue;
    // On a busy machine the betting window can close before or between the two clicks: then the next round.
    const bet = (p: Page) =>
      p
        .getByTestId('crash-bet')
        .click({ timeout: 3_000 })
        .then(
          () => true,
          () => false,
        );
    if (!(await bet(page)) || !(await bet(other))) continue;
    const active = (p: Page) =>
      expect(p.getByTestId('crash-my-bet'))
        .toHaveAttribute('data-status', 'active')
        .then(
          () => true,
          () => false,
        );
    if (!(await active(page)) || !(await active(other))) continue;
    // Each sees the other's bet on the table.
    await expect(page.getByTestId('crash-bets').locator('li')).toHaveCount(2);
    await expect(other.getByTestId('crash-bets').locator('li')).toHaveCount(2);
    await expect(page.getByTestId('crash-phase')).toHaveAttribute('data-phase', /running|crashed/, { timeout: 15_000 });
    await page
      .getByTestId('crash-cashout')
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await other
      .getByTestId('crash-cashout')
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await expect(page.getByTestId('crash-bet-result')).toBeVisible({ timeout: roundEnds });
    await expect(other.getByTestId('crash-bet-result')).toBeVisible({ timeout: roundEnds });
    const mine = await page.getByTestId('crash-bet-result').textContent();
    const theirs = await other.getByTestId('crash-bet-result').textContent();
    done = /Cashed out/.test(mine ?? '') && /Cashed out/.test(theirs ?? '');
    if (done) {
      // Both saw the same round end at the same crash point. The crashed phase lasts a second here before the next
      // round's betting, so the point is read from each table's list of last crash points, kept by round.
      const id = (round ?? '').replace(/\D/g, '');
      const crashedAt = (p: Page) => p.getByRole('list', { name: 'Last crash points' }).locator(`li[data-round="${id}"]`);
      await expect(crashedAt(page)).toHaveText(/^\d+\.\d{2}×$/, { timeout: roundEnds });
      await expect(crashedAt(other)).toHaveText((await crashedAt(page).textContent())!);
      // Each player's own list under the table tells what happened to their bet, with a link to verify the round.
      for (const p of [page, other]) {
        const latest = p.getByTestId('crash-my-bets').locator('li').first();
        await expect(latest).toContainText(new RegExp(`Round #${id}: Cashed out at [0-9.]+×, crashed at [0-9.]+×`));
        await expect(latest).toHaveAttribute('data-status', 'cashed');
        await expect(latest.getByRole('link', { name: 'Verify' })).toHaveAttribute('href', `/fairness?crash=${id}`);
      }
      await shoot(page, 'crash-1280');
      await shoot(other, 'crash-375');
      await page.goto(`/fairness?crash=${id}`);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Verify round' }).click();
      await expect(page.getByTestId('crash-verdict')).toContainText(`Verified: round #${id} crashed at`);
      await shoot(page, 'crash-verified-1280');
    }
  }
  expect(done).toBe(true);
  const wallet = await api<{ balance: number }>('/api/player/wallet', { token: player.token });
  expect(wallet.status).toBe(200);
  await other.context().close();
});

test.describe('the lobby', () => {
  for (const width of [1280, 375]) {
    test(`fills the page at ${width} px: Originals first, at least nine games in three categories, no half-empty rows`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await waitForHydration(page);
      const shelves = page.locator('section[data-shelf-count]');
      await expect(shelves.first()).toHaveAttribute('aria-labelledby', 'shelf-originals');
      await expect(shelves.first().getByRole('link', { name: /Crash|Dice|Mines|Plinko/ })).toHaveCount(4);
      const games = await api<{ meta: { total: number } }>('/api/games?per_page=50');
      expect(games.body.meta.total).toBeGreaterThanOrEqual(9);
      // Every shelf's last visible tile reaches its right edge; on a wide screen shelves on one row fill it.
      const rows = await page.evaluate(() => {
        const sections = [...document.querySelectorAll<HTMLElement>('section[data-shelf-count]')];
        const grid = sections[0]!.parentElement!.getBoundingClientRect();
        const byTop = new Map<number, { left: number; right: number }>();
        const shelves = sections.map((section) => {
          const box = section.getBoundingClientRect();
          const row = byTop.get(Math.round(box.top)) ?? { left: box.left, right: box.right };
          byTop.set(Math.round(box.top), { left: Math.min(row.left, box.left), right: Math.max(row.right, box.right) });
          const tiles = [...section.querySelectorAll('li')].map((li) => li.getBoundingClientRect()).filter((tile) => tile.left < box.right);
          return { tilesRight: Math.max(...tiles.map((tile) => Math.min(tile.right, box.right))), right: box.right };
        });
        return { grid: { left: grid.left, right: grid.right }, rows: [...byTop.values()], shelves };
      });
      for (const shelf of rows.shelves) expect(shelf.right - shelf.tilesRight).toBeLessThan(24);
      for (const row of rows.rows) {
        expect(row.left - rows.grid.left).toBeLessThan(2);
        expect(rows.grid.right - row.right).toBeLessThan(2);
      }
      // The provider filter narrows every shelf to one studio's games.
      await expect(page.getByTestId('provider-filter')).toBeVisible();
      await page.getByTestId('provider-filter').selectOption('croupier-studio');
      await expect(page.getByRole('link', { name: 'All Croupier Studio games' })).toBeVisible();
      await noSideways(page);
      await shoot(page, `lobby-${width}`);
    });
  }
});
