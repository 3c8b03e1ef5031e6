// The originals in the browser (issue 17 part A): dice, plinko and mines for real money and verified on /fairness,
// crash seen live by two browsers that each cash out, and a lobby that fills the page at 375 and 1280 px.
import { createHash } from 'node:crypto';
import type { Browser, Page, Response } from '@playwright/test';
import type { CrashBetPlaced, CrashGame, CrashState } from '../../contract/crash.ts';
import type { PlayedRound } from '../../contract/games.ts';
import { crashPointFromHash, shownCrashPoint } from '../../games/crash/crash.ts';
import { crashTable } from '../../playwright.config.ts';
import { CHAIN_LENGTH } from '../../server/modules/crash/chain.ts';
import { crashClock } from '../../server/modules/crash/clock.ts';
import { addSessionCookie, api, depositFor, expect, giveCookieConsent, registerActivePlayer, sessionOf, test as base, waitForHydration } from './fixtures.ts';

const SHOTS = 'test-results/originals-shots';
/** The least a crash round the test plays may run from its start to its crash: the time both cash-outs by hand have to land. */
const CASH_OUT_WINDOW_MS = 2_500;

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
    // "won" is what the round added (contract/round-result.ts): €1.03 paid on a €1.00 stake.
    await expect(page.getByTestId('round-result')).toContainText(`You won ${euros(3)} (${euros(103)} paid on a ${euros(100)} stake)`);
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
  // Consent given up front, as the suite's fixture does for the test's own context.
  const context = await browser.newContext();
  await giveCookieConsent(context);
  const session = await sessionOf(await registerActivePlayer());
  await depositFor(session.token, 100_00);
  await addSessionCookie(context, session);
  return context.newPage();
}

/**
 * Every round's crash point on the staging server's first chain (playwright.config.ts `crashTable`), by chain
 * index, and the chain's published hash: h_L is the seed, h_{i−1} = SHA-256(h_i) of its 64 hex characters, and
 * round i's point is the published formula of h_i (docs/decisions/0071-crash.md).
 */
function knownChain(): { points: number[]; terminatingHash: string } {
  const points: number[] = [];
  let link = crashTable.seed;
  for (let index = CHAIN_LENGTH; index >= 1; index--) {
    points[index] = crashPointFromHash(link);
    link = createHash('sha256').update(link).digest('hex');
  }
  return { points, terminatingHash: link };
}

const times = (hundredths: number) => `${shownCrashPoint(hundredths).toFixed(2)}×`;
const phaseIs = (p: Page, phase: string, timeout: number) =>
  p.waitForFunction((wanted) => document.querySelector<HTMLElement>('[data-testid="crash-phase"]')?.dataset.phase === wanted, phase, { timeout });

test('crash: two browsers see the same round live and each cashes out', async ({ page, player, browser }) => {
  // The staging server plays a known chain on a clock `crashTable.speed` times as fast (docs/decisions/0101): the
  // test reads which round is on, works out from the chain which coming round runs long enough for both players to
  // cash out by hand, and plays that one. Nothing is left to chance, so nothing is retried.
  const chain = knownChain();
  const clock = crashClock(crashTable.speed);
  const other = await secondPlayer(browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  await other.setViewportSize({ width: 375, height: 812 });
  await Promise.all([openGame(page, '/play/crash?mode=real'), openGame(other, '/play/crash?mode=real')]);
  // Both tables are live on the public channel.
  await page.waitForFunction(() => document.documentElement.dataset.crash === 'live');
  await other.waitForFunction(() => document.documentElement.dataset.crash === 'live');

  const table = (await api<{ data: CrashState }>('/api/crash')).body.data;
  // The server plays the known chain (its published hash is the seed's) and tells the browsers the faster curve.
  expect(table.chain?.terminating_hash).toBe(chain.terminatingHash);
  expect(table.growth).toBe(clock.growth);
  // The round on now (none in the server's first tenth of a second: then the chain's first round is next).
  const on = table.game?.chain_index ?? 0;
  const runs = (index: number) => clock.msToReach(chain.points[index]!);
  // The first round after the one on now that runs long enough for two cash-outs by hand.
  let target = on + 1;
  while (runs(target) < CASH_OUT_WINDOW_MS) target++;
  const point = chain.points[target]!;
  // How long until it opens, from the known lengths of the rounds before it (each one's betting, run and pause),
  // and until it crashes: the test's budget grows by what the chain has in store, with room for a busy machine.
  let opensIn = 0;
  for (let index = Math.max(on, 1); index < target; index++) opensIn += crashTable.bettingMs + runs(index) + crashTable.pauseMs + 500;
  const crashesIn = opensIn + crashTable.bettingMs + runs(target);
  test.setTimeout(test.info().timeout + crashesIn * 1.5);

  // Each browser bets the moment it hears that round open (its betting window from the start).
  const round = page.getByTestId('crash-round');
  const opened = (p: Page) =>
    p.waitForFunction(
      (index) =>
        document.querySelector<HTMLElement>('[data-testid="crash-round"]')?.dataset.chainIndex === String(index) &&
        document.querySelector<HTMLElement>('[data-testid="crash-phase"]')?.dataset.phase === 'betting',
      target,
      { timeout: opensIn * 1.5 + 10_000 },
    );
  const bets = await Promise.all(
    [page, other].map(async (p) => {
      await opened(p);
      const answered = p.waitForResponse((response) => response.url().endsWith('/api/crash/bets'));
      await p.getByTestId('crash-bet').click();
      const answer = await answered;
      expect(answer.status(), await answer.text()).toBe(201);
      await expect(p.getByTestId('crash-my-bet')).toHaveAttribute('data-status', 'active');
      return ((await answer.json()) as { data: CrashBetPlaced }).data.bet;
    }),
  );
  // Both browsers are at the same round, both bets are in it, and each sees the other's bet on the table.
  const id = ((await round.textContent()) ?? '').replace(/\D/g, '');
  await expect(other.getByTestId('crash-round')).toHaveText(`Round #${id}`);
  expect(bets.map((bet) => bet.game_id)).toEqual([Number(id), Number(id)]);
  await expect(page.getByTestId('crash-bets').locator('li')).toHaveCount(2);
  await expect(other.getByTestId('crash-bets').locator('li')).toHaveCount(2);

  // Each cashes out by hand as soon as the multiplier rises: well before the crash point the chain gave the round.
  const cashOut = async (p: Page) => {
    await phaseIs(p, 'running', crashTable.bettingMs + 10_000);
    const answered = p.waitForResponse((response) => response.url().endsWith('/api/crash/cashout'));
    await p.getByTestId('crash-cashout').click();
    const answer = await answered;
    expect(answer.status(), await answer.text()).toBe(200);
    return ((await answer.json()) as { data: CrashBetPlaced }).data;
  };
  const [mine, theirs] = await Promise.all([cashOut(page), cashOut(other)]);
  for (const [p, placed] of [
    [page, mine],
    [other, theirs],
  ] as const) {
    expect(placed.bet).toMatchObject({ game_id: Number(id), status: 'cashed' });
    expect(placed.bet.cashout!).toBeLessThan(point);
    await expect(p.getByTestId('crash-bet-result')).toContainText(`Cashed out at ${times(placed.bet.cashout!)}: you won`);
  }
  // What the chain had in store, and how much of the betting window and of the run each bet and cash-out took, in the
  // report (bench/README.md).
  const bettingEnds = Date.parse((await api<{ data: CrashGame }>(`/api/crash/games/${id}`)).body.data.betting_ends_at);
  test.info().annotations.push({
    type: 'crash round',
    description:
      `#${id}: link ${target} of the chain, ${target - on} after the one on at the start (${opensIn} ms away), ` +
      `crashing at ${times(point)} after ${runs(target)} ms; bets ${bets.map((bet) => `${crashTable.bettingMs - (bettingEnds - Date.parse(bet.created_at))} ms`).join(' and ')} ` +
      `into the ${crashTable.bettingMs} ms window; cash-outs at ${[mine, theirs].map((placed) => `${times(placed.bet.cashout!)} (${clock.msToReach(placed.bet.cashout!)} ms)`).join(' and ')}`,
  });

  // Both saw the round end at the crash point the chain gave it. The crashed phase is short here before the next
  // round's betting, so the point is read from each table's list of last crash points, kept by round.
  const crashedAt = (p: Page) => p.getByRole('list', { name: 'Last crash points' }).locator(`li[data-round="${id}"]`);
  await expect(crashedAt(page)).toHaveText(times(point), { timeout: runs(target) + 10_000 });
  await expect(crashedAt(other)).toHaveText(times(point));
  // Each player's own list under the table tells what happened to their bet, with a link to verify the round.
  for (const [p, placed] of [
    [page, mine],
    [other, theirs],
  ] as const) {
    const latest = p.getByTestId('crash-my-bets').locator('li').first();
    await expect(latest).toContainText(`Round #${id}: Cashed out at ${times(placed.bet.cashout!)}, crashed at ${times(point)}`);
    await expect(latest).toHaveAttribute('data-status', 'cashed');
    await expect(latest.getByRole('link', { name: 'Verify' })).toHaveAttribute('href', `/fairness?crash=${id}`);
  }
  await shoot(page, 'crash-1280');
  await shoot(other, 'crash-375');
  await page.goto(`/fairness?crash=${id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Verify round' }).click();
  await expect(page.getByTestId('crash-verdict')).toContainText(`Verified: round #${id} crashed at ${times(point)}, as its hash gives.`);
  await shoot(page, 'crash-verified-1280');
  // The wallet holds the deposit less the stake plus the win.
  const wallet = await api<{ data: { balance: number } }>('/api/player/wallet', { token: player.token });
  expect(wallet.status).toBe(200);
  expect(wallet.body.data.balance).toBe(100_00 - mine.bet.stake + mine.bet.win);
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
