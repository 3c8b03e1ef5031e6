// Playing our games in the browser (issue 6 items 7–8): demo for guests, real money after a deposit, the
// redirect-after-login guard, blackjack to the end, and a round proved fair on the verification page.
import type { Locator, Page, Response } from '@playwright/test';
import { type PlayedRound, rouletteOutcomeSchema } from '../../contract/games.ts';
import { describeRoundResult } from '../../contract/round-result.ts';
import { addSessionCookie, depositFor, expect, PLAYER_PASSWORD, registerActivePlayer, servers, sessionOf, test as base, waitForHydration } from './fixtures.ts';

const SHOTS = 'test-results/play-shots';

/** A player of its own with €100 deposited, logged in in the page's context. */
const test = base.extend<{ player: { email: string; token: string } }>({
  player: async ({ context }, use) => {
    const email = await registerActivePlayer();
    const session = await sessionOf(email);
    await depositFor(session.token, 100_00);
    await addSessionCookie(context, session);
    await use({ email, token: session.token });
  },
});

const euros = (minor: number) => `€${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const fun = (minor: number) => `${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} FUN`;

/** What the result line says about a round's money (contract/round-result.ts; games-polish.spec.ts checks the words). */
const resultWords = (round: PlayedRound, money: (minor: number) => string) => describeRoundResult(round, money).text.split(' (')[0]!;
const ANY_RESULT = /You won|You lost|Push: your/;

async function openGame(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

function roundAnswer(page: Page, slug: string): Promise<Response> {
  return page.waitForResponse((response) => response.url().includes(`/api/games/${slug}/rounds`) && response.request().method() === 'POST');
}

async function played(response: Promise<Response>): Promise<PlayedRound> {
  const answer = await response;
  expect(answer.status()).toBeLessThan(300);
  return ((await answer.json()) as { data: PlayedRound }).data;
}

/** Places chips: the chip value first, then each spot by its label on the table. */
async function placeChips(page: Page, chip: string, spots: string[]): Promise<void> {
  await page.getByRole('radio', { name: `Chip ${chip}` }).click();
  // A spot's name gains ", 1 on it" once chips are on it.
  for (const spot of spots)
    await page
      .getByRole('group', { name: 'Betting table' })
      .getByRole('button', { name: new RegExp(`^${spot}(,|$)`) })
      .click();
}

function balance(page: Page): Locator {
  return page.getByTestId('balance');
}

/** Screenshots wait for the card and reel animations to finish, so they show the table at rest. */
async function shoot(page: Page, name: string): Promise<void> {
  // Endless decorations (a pulsing badge) never finish; every finite animation must have.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function noSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
}

test.describe('demo play for guests', () => {
  test('a guest spins demo roulette: chips on the table, the wheel lands on the server pocket, fun credits follow', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openGame(page, '/play/european-roulette');
    await expect(page.getByRole('heading', { level: 1, name: 'European Roulette' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Play mode' }).getByRole('link', { name: 'Demo' })).toHaveAttribute('aria-current', 'page');
    await expect(balance(page)).toHaveText(fun(1_000_00));
    // SPEC.md §3: the launch is tracked with the game payload.
    const launch = await page.evaluate(() =>
      (window as unknown as { dataLayer: { event: string }[] }).dataLayer.find((entry) => entry.event === 'game_launch'),
    );
    expect(launch).toMatchObject({
      name: 'European Roulette',
      mode: 'demo',
      device: 'desktop',
      provider: 'croupier-studio',
      id: expect.stringMatching(/^\d+$/),
      session_id: expect.any(String),
    });

    await placeChips(page, '1.00 FUN', ['Straight 17', 'Red', 'Dozen 1 to 12']);
    await placeChips(page, '5.00 FUN', ['Straight 17']);
    await expect(page.getByTestId('total-bet')).toHaveText(fun(8_00));
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByTestId('total-bet')).toHaveText(fun(3_00));
    await shoot(page, 'roulette-chips-1280');

    const answer = roundAnswer(page, 'european-roulette');
    await page.getByRole('button', { name: 'Spin' }).click();
    const round = await played(answer);
    expect(round.request).toEqual({
      bets: [
        { type: 'straight', numbers: [17], amount: 100 },
        { type: 'red', amount: 100 },
        { type: 'dozen', index: 1, amount: 100 },
      ],
    });
    // The stake is off at once; the result waits for the wheel.
    await expect(balance(page)).toHaveText(fun(1_000_00 - 3_00));
    const result = page.getByTestId('round-result');
    await expect(result).toContainText(String(round.outcome.pocket), { timeout: 10_000 });
    await expect(result).toContainText(resultWords(round, fun));
    expect(rouletteOutcomeSchema.parse(round.outcome).perBet).toHaveLength(3);
    await expect(balance(page)).toHaveText(fun(round.balance));
    expect(round.balance).toBe(1_000_00 - 3_00 + round.win);
    await expect(page.getByTestId('recent-round')).toHaveCount(1);
    await expect(page.getByTestId('recent-round')).toContainText(`Pocket ${round.outcome.pocket}`);
    await shoot(page, 'roulette-spun-1280');

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(balance(page)).toHaveText(fun(1_000_00));
  });

  test('a demo slot spin lasts at least 2.5 s, offers no autoplay, turbo or stop, and shows the server grid', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openGame(page, '/play/lantern-orchard');
    await expect(balance(page)).toHaveText(fun(1_000_00));
    await expect(page.getByTestId('stake')).toHaveText(fun(20));
    await page.getByRole('button', { name: 'Raise stake' }).click();
    await expect(page.getByTestId('stake')).toHaveText(fun(40));
    await expect(page.getByRole('button', { name: /auto|turbo|stop|skip|quick/i })).toHaveCount(0);

    const spin = page.getByRole('button', { name: 'Spin' });
    const answer = roundAnswer(page, 'lantern-orchard');
    const clickedAt = Date.now();
    await spin.click();
    await expect(spin).toBeDisabled();
    const round = await played(answer);
    await expect(page.getByTestId('round-result')).toContainText(ANY_RESULT, { timeout: 10_000 });
    const shownAfter = Date.now() - clickedAt;
    expect(shownAfter).toBeGreaterThanOrEqual(2_500);
    await expect(spin).toBeEnabled();

    const grid = (round.outcome as { base: { grid: string[][] } }).base.grid;
    const cells = page.getByRole('group', { name: 'Reels' }).locator('[data-symbol]');
    await expect(cells).toHaveCount(15);
    // Reel by reel, top to bottom: exactly the server's grid.
    expect(await cells.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-symbol')))).toEqual(grid.flat());
    await expect(balance(page)).toHaveText(fun(1_000_00 - 40 + round.win));
    await expect(page.getByTestId('recent-round')).toHaveCount(1);
    await shoot(page, 'slot-spun-1280');
  });

  test('a demo blackjack hand is played to the end with the moves the server allows', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openGame(page, '/play/blackjack');
    await page.getByRole('button', { name: 'Deal' }).click();
    const result = page.getByTestId('round-result');
    let shotMidHand = false;
    // Stand on 17 or more, else hit: whatever the deal, the hand ends within a few moves.
    for (let move = 0; move < 12; move++) {
      const stand = page.getByRole('button', { name: 'Stand' });
      await expect(stand.or(page.getByRole('button', { name: 'Deal again' }))).toBeVisible();
      if (!(await stand.isVisible())) break;
      if (!shotMidHand) {
        await expect(page.getByRole('img', { name: 'Face-down card' })).toBeVisible();
        await shoot(page, 'blackjack-mid-1280');
        shotMidHand = true;
      }
      // biome-ignore lint/performance/useDomNodeTextContent: innerText is the total as the player sees it
      const total = Number((await page.getByTestId('player-hand').first().locator('span.font-bold').first().innerText()).split('/').at(-1));
      const cards = page.getByTestId('player-hand').first().getByRole('img');
      const held = await cards.count();
      await page.getByRole('button', { name: total >= 17 ? 'Stand' : 'Hit' }).click();
      // The server's answer is on the table before the next look at it: a new card, or the hand over.
      await expect(
        total >= 17
          ? page.getByRole('button', { name: 'Deal again' })
          : cards
              .nth(held)
              .or(page.getByRole('button', { name: 'Deal again' }))
              .first(),
      ).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Deal again' })).toBeVisible();
    await expect(result).toContainText(ANY_RESULT);
    await expect(page.getByRole('img', { name: 'Face-down card' })).toHaveCount(0);
    await expect(page.getByTestId('player-hand').first()).toContainText(/Blackjack!|Win|Push|Lose/);
    await expect(page.getByTestId('recent-round')).toHaveCount(1);
    await shoot(page, 'blackjack-done-1280');
  });

  test('on a phone the games fit the screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openGame(page, '/play/european-roulette');
    await placeChips(page, '1.00 FUN', ['Straight 0', 'Black', 'Column 2']);
    await noSideways(page);
    await shoot(page, 'roulette-chips-375');
    await page.getByRole('button', { name: 'Spin' }).click();
    await expect(page.getByTestId('round-result')).toContainText(ANY_RESULT, { timeout: 10_000 });
    await noSideways(page);
    await shoot(page, 'roulette-spun-375');

    await openGame(page, '/play/tidebound-hoard');
    await page.getByRole('button', { name: 'Spin' }).click();
    await expect(page.getByTestId('round-result')).toContainText(ANY_RESULT, { timeout: 10_000 });
    await noSideways(page);
    await shoot(page, 'slot-spun-375');

    await openGame(page, '/play/blackjack');
    await page.getByRole('button', { name: 'Deal' }).click();
    await expect(page.getByRole('button', { name: 'Stand' }).or(page.getByRole('button', { name: 'Deal again' }))).toBeVisible();
    await noSideways(page);
    await shoot(page, 'blackjack-mid-375');
    if (await page.getByRole('button', { name: 'Stand' }).isVisible()) await page.getByRole('button', { name: 'Stand' }).click();
    await expect(page.getByRole('button', { name: 'Deal again' })).toBeVisible();
    await noSideways(page);
    await shoot(page, 'blackjack-done-375');
  });
});

test.describe('real money', () => {
  test('a guest choosing real play logs in and comes back to the game', async ({ page }) => {
    const email = await registerActivePlayer();
    await openGame(page, '/play/clockwork-comet');
    await page.getByRole('link', { name: 'Play for real' }).click();
    await expect(page).toHaveURL(`${servers.staging}/login?redirect=${encodeURIComponent('/play/clockwork-comet?mode=real')}`);
    await waitForHydration(page);
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Password').fill(PLAYER_PASSWORD);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(`${servers.staging}/play/clockwork-comet?mode=real`);
    await expect(page.getByRole('heading', { level: 1, name: 'Clockwork Comet' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Play mode' }).getByRole('link', { name: 'Real money' })).toHaveAttribute('aria-current', 'page');
    await expect(balance(page)).toHaveText(euros(0));
  });

  test('a funded player plays roulette and a slot for real, sees both rounds and their ledger rows, and proves the roulette round fair', async ({
    page,
    // biome-ignore lint/correctness/noUnusedFunctionParameters: naming the player fixture registers a player and signs the browser in
    player,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openGame(page, '/play/european-roulette');
    await expect(page.getByRole('navigation', { name: 'Play mode' }).getByRole('link', { name: 'Real money' })).toHaveAttribute('aria-current', 'page');
    await expect(balance(page)).toHaveText(euros(100_00));

    // Red and black and zero: whatever the pocket, something wins, so the ledger has a win row to show.
    await placeChips(page, '€1.00', ['Red', 'Black']);
    await placeChips(page, '€0.10', ['Straight 0']);
    const rouletteAnswer = roundAnswer(page, 'european-roulette');
    await page.getByRole('button', { name: 'Spin' }).click();
    const roulette = await played(rouletteAnswer);
    expect(roulette).toMatchObject({ mode: 'real', status: 'settled', stake: 2_10, currency: 'EUR' });
    expect(roulette.win).toBeGreaterThan(0);
    await expect(page.getByTestId('round-result')).toContainText(resultWords(roulette, euros), { timeout: 10_000 });
    await expect(balance(page)).toHaveText(euros(100_00 - 2_10 + roulette.win));
    expect(roulette.balance).toBe(100_00 - 2_10 + roulette.win);
    const recent = page.getByTestId('recent-round');
    await expect(recent).toHaveCount(1);
    await expect(recent).toContainText(`Pocket ${roulette.outcome.pocket}`);

    // A reload shows the round again: it comes from the player's history now.
    await openGame(page, '/play/european-roulette');
    await expect(recent).toHaveCount(1);
    const verifyLink = recent.getByRole('link', { name: 'Verify' });
    await expect(verifyLink).toHaveAttribute('href', `/fairness?round=${roulette.round_id}`);

    await openGame(page, '/play/lantern-orchard');
    const before = 100_00 - 2_10 + roulette.win;
    await expect(balance(page)).toHaveText(euros(before));
    const slotAnswer = roundAnswer(page, 'lantern-orchard');
    await page.getByRole('button', { name: 'Spin' }).click();
    const slot = await played(slotAnswer);
    expect(slot).toMatchObject({ mode: 'real', stake: 20 });
    await expect(page.getByTestId('round-result')).toContainText(ANY_RESULT, { timeout: 10_000 });
    await expect(balance(page)).toHaveText(euros(before - 20 + slot.win));
    await expect(page.getByTestId('recent-round')).toHaveCount(1);

    // The ledger: two bets, and at least the roulette win.
    await page.goto('/account/transaction');
    await waitForHydration(page);
    const rows = page.getByRole('table', { name: 'Your transactions' }).locator('tbody tr');
    await expect(rows.filter({ hasText: 'Bet' })).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Win' })).toHaveCount(slot.win > 0 ? 2 : 1);

    // Verification: the seed is still secret until the player rotates it; then the round checks out.
    await page.goto(`/fairness?round=${roulette.round_id}`);
    await waitForHydration(page);
    await expect(page.getByTestId('seed-secret')).toBeVisible();
    await expect(page.getByTestId('server-seed-hash')).toHaveText(roulette.fairness.server_seed_hash);
    await expect(page.getByTestId('nonce')).toHaveText('2');
    await page.getByRole('button', { name: 'Rotate seed' }).click();
    await expect(page.getByTestId('revealed-seed')).toContainText(roulette.fairness.server_seed_hash);
    await expect(page.getByTestId('nonce')).toHaveText('0');
    await expect(page.getByText('Verified: matches')).toBeVisible();
    await expect(page.getByTestId('replayed-pocket')).toHaveText(String(roulette.outcome.pocket));
    await shoot(page, 'fairness-verified-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await noSideways(page);
    await shoot(page, 'fairness-verified-375');
  });

  test("a real round takes the balance from its answer: no wallet request, and the balance shows the round's", async ({
    page,
    // biome-ignore lint/correctness/noUnusedFunctionParameters: naming the player fixture registers a player and signs the browser in
    player,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openGame(page, '/play/lantern-orchard');
    await expect(balance(page)).toHaveText(euros(100_00));
    const walletRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/player/wallet') walletRequests.push(request.method());
    });
    for (let spin = 0; spin < 2; spin++) {
      const answer = roundAnswer(page, 'lantern-orchard');
      await page.getByRole('button', { name: 'Spin' }).click();
      const round = await played(answer);
      expect(round).toMatchObject({ mode: 'real', status: 'settled', stake: 20 });
      await expect(page.getByTestId('round-result')).toContainText(ANY_RESULT, { timeout: 10_000 });
      await expect(balance(page)).toHaveText(euros(round.balance));
      await expect(page.getByRole('button', { name: 'Spin' })).toBeEnabled();
    }
    expect(walletRequests).toEqual([]);
  });

  // biome-ignore lint/correctness/noUnusedFunctionParameters: naming the player fixture registers a player and signs the browser in
  test('a blackjack hand left open is still on the table after a reload, and the player finishes it', async ({ page, player }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openGame(page, '/play/blackjack');
    await expect(balance(page)).toHaveText(euros(100_00));
    // A natural ends the hand at the deal; deal until one waits for the player.
    let hand: PlayedRound | undefined;
    let spent = 0;
    for (let deal = 0; deal < 10 && hand?.status !== 'open'; deal++) {
      const answer = roundAnswer(page, 'blackjack');
      await page.getByRole('button', { name: /^Deal/ }).click();
      hand = await played(answer);
      spent += hand.stake - hand.win;
    }
    expect(hand).toMatchObject({ status: 'open', mode: 'real', stake: 5_00 });
    await expect(page.getByRole('button', { name: 'Stand' })).toBeVisible();

    await openGame(page, '/play/blackjack');
    const stand = page.getByRole('button', { name: 'Stand' });
    await expect(stand).toBeVisible();
    await expect(page.getByRole('img', { name: 'Face-down card' })).toBeVisible();
    // The same hand: two cards and the total the server dealt.
    await expect(page.getByTestId('player-hand').first().getByRole('img')).toHaveCount(2);
    await expect(page.getByTestId('player-hand').first()).toContainText(String((hand!.outcome as { hands: { total: number }[] }).hands[0]!.total));
    await expect(balance(page)).toHaveText(euros(100_00 - spent));

    const moveAnswer = page.waitForResponse((response) => response.url().endsWith(`/api/games/blackjack/rounds/${hand!.round_id}/actions`));
    await stand.click();
    const finished = await played(moveAnswer);
    expect(finished).toMatchObject({ round_id: hand!.round_id, status: 'settled', outcome: { moves: ['stand'] } });
    await expect(page.getByRole('button', { name: 'Deal again' })).toBeVisible();
    await expect(page.getByTestId('round-result')).toContainText(resultWords(finished, euros));
    await expect(balance(page)).toHaveText(euros(100_00 - spent + finished.win));
    expect(finished.balance).toBe(100_00 - spent + finished.win);
  });

  test('a demo round is verified from its link after rotating the demo seed, and a changed client seed is kept', async ({ page }) => {
    await openGame(page, '/play/european-roulette');
    await placeChips(page, '1.00 FUN', ['Odd']);
    const answer = roundAnswer(page, 'european-roulette');
    await page.getByRole('button', { name: 'Spin' }).click();
    const round = await played(answer);
    await expect(page.getByTestId('recent-round')).toHaveCount(1, { timeout: 10_000 });
    await page.getByTestId('recent-round').getByRole('link', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/fairness\?mode=demo&game=european-roulette/);
    await waitForHydration(page);
    await expect(page.getByTestId('server-seed-hash')).toHaveText(round.fairness.server_seed_hash);
    await page.getByRole('button', { name: 'Rotate seed' }).click();
    await expect(page.getByLabel('Server seed (revealed)')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText('Verified: matches')).toBeVisible();
    await expect(page.getByTestId('replayed-pocket')).toHaveText(String(round.outcome.pocket));

    await page.getByLabel('Client seed (yours to choose)').fill('my lucky phrase');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Client seed saved. Your next round uses it.')).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel('Client seed (yours to choose)')).toHaveValue('my lucky phrase');
  });

  test('an unknown game is the page-validation 404', async ({ page }) => {
    const response = await page.goto('/play/no-such-game');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Page Not Found: /play/no-such-game')).toBeVisible();
  });
});
