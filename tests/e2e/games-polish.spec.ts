// Issue 17 part B in the browser: each slot's own drawn symbols and its winning lines, every inside roulette bet
// placed by clicking the lines and corners between numbers, and results that say what happened to the money.
import type { Page, Response } from '@playwright/test';
import { type PlayedRound, rouletteOutcomeSchema, slotOutcomeSchema } from '../../contract/games.ts';
import { addSessionCookie, depositFor, expect, registerActivePlayer, sessionOf, test as base, waitForHydration } from './fixtures.ts';

const SHOTS = 'test-results/games-polish';

const test = base.extend<{ player: { email: string } }>({
  player: async ({ context }, use) => {
    const email = await registerActivePlayer();
    const session = await sessionOf(email);
    await depositFor(session.token, 100_00);
    await addSessionCookie(context, session);
    await use({ email });
  },
});

const fun = (minor: number) => `${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} FUN`;
const euros = (minor: number) => `€${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

async function openGame(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

async function played(page: Page, slug: string, act: () => Promise<void>): Promise<PlayedRound> {
  const answer: Promise<Response> = page.waitForResponse(
    (response) => response.url().includes(`/api/games/${slug}/rounds`) && response.request().method() === 'POST',
  );
  await act();
  const response = await answer;
  expect(response.status()).toBeLessThan(300);
  return ((await response.json()) as { data: PlayedRound }).data;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

function table(page: Page) {
  return page.getByRole('group', { name: 'Betting table' }).locator('visible=true');
}

async function chip(page: Page, value: string, spots: string[]): Promise<void> {
  await page.getByRole('radio', { name: `Chip ${value}` }).click();
  for (const spot of spots)
    await table(page)
      .getByRole('button', { name: new RegExp(`^${spot}(,|$)`) })
      .click();
}

const SLOTS = [
  { slug: 'lantern-orchard', symbols: 9 },
  { slug: 'clockwork-comet', symbols: 9 },
  { slug: 'tidebound-hoard', symbols: 10 },
];

for (const width of [1280, 375]) {
  test(`each slot shows its own drawn symbols, all distinct, at ${width} px`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    const seen = new Map<string, string>();
    for (const { slug, symbols } of SLOTS) {
      await openGame(page, `/play/${slug}`);
      const cells = page.getByRole('group', { name: 'Reels' }).locator('[data-symbol]');
      await expect(cells).toHaveCount(15);
      // At rest the reels show every symbol of the title; each is a drawing with its name, never a letter.
      const drawn = await cells.evaluateAll((nodes) =>
        nodes.map((node) => {
          const svg = node.querySelector('svg')!;
          return {
            id: node.getAttribute('data-symbol')!,
            name: svg.getAttribute('aria-label')!,
            kind: svg.getAttribute('data-kind'),
            texts: [...svg.querySelectorAll('text')].map((t) => t.textContent),
            markup: svg.innerHTML.replace(/id="[^"]*"|url\(#[^)]*\)/g, ''),
          };
        }),
      );
      const byId = new Map(drawn.map((cell) => [cell.id, cell]));
      expect(byId.size).toBe(symbols);
      for (const cell of byId.values()) {
        expect(cell.texts, cell.id).toEqual(cell.kind === 'wild' ? ['WILD'] : cell.kind === 'scatter' ? ['SCATTER'] : []);
        expect(seen.has(cell.markup), `${cell.id} looks like ${seen.get(cell.markup)}`).toBe(false);
        seen.set(cell.markup, cell.id);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shoot(page, `${slug}-${width}`);
    }
  });
}

test('a slot spin lights its winning lines and words the result', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openGame(page, '/play/clockwork-comet');
  // Spin until a line wins (most spins of ten lines do within a few), checking the words of every spin.
  for (let spin = 0; spin < 12; spin++) {
    const round = await played(page, 'clockwork-comet', () => page.getByRole('button', { name: 'Spin' }).click());
    const result = page.getByTestId('round-result');
    const net = round.win - round.stake;
    await expect(result).toContainText(
      net > 0 ? `You won ${fun(net)}` : net === 0 ? `Push: your ${fun(round.stake)} stake is returned` : `You lost ${fun(-net)}`,
      {
        timeout: 10_000,
      },
    );
    const wins = slotOutcomeSchema.parse(round.outcome).base.lineWins;
    await expect(page.getByTestId('win-line')).toHaveCount(wins.length);
    if (wins.length) {
      await expect(page.locator('[data-hit]').first()).toBeVisible();
      await shoot(page, 'slot-win-lines-1280');
      return;
    }
  }
  throw new Error('no line won in 12 spins');
});

test('a split and a corner are placed by clicking between the numbers, and the real round settles them', async ({
  page,
  // biome-ignore lint/correctness/noUnusedFunctionParameters: naming the player fixture registers a player and signs the browser in
  player,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openGame(page, '/play/european-roulette?mode=real');
  await chip(page, '€1.00', ['Split 17/18', 'Corner 17/18/20/21', 'Split 0/2', 'Trio 0/1/2', 'First four 0/1/2/3', 'Line 31/32/33/34/35/36', 'Street 4/5/6']);
  await expect(page.getByTestId('total-bet')).toHaveText(euros(7_00));
  // The chips sit beside the numbers: the number labels stay readable.
  await expect(table(page).getByRole('button', { name: 'Straight 17', exact: true })).toHaveText('17');
  await expect(table(page).getByRole('button', { name: 'Split 17/18, 1 on it' })).toBeVisible();
  await shoot(page, 'roulette-inside-chips-1280');
  const round = await played(page, 'european-roulette', () => page.getByRole('button', { name: 'Spin' }).click());
  expect(round).toMatchObject({ mode: 'real', status: 'settled', stake: 7_00 });
  expect(round.request).toEqual({
    bets: [
      { type: 'split', numbers: [17, 18], amount: 100 },
      { type: 'corner', numbers: [17, 18, 20, 21], amount: 100 },
      { type: 'split', numbers: [0, 2], amount: 100 },
      { type: 'street', numbers: [0, 1, 2], amount: 100 },
      { type: 'corner', numbers: [0, 1, 2, 3], amount: 100 },
      { type: 'line', numbers: [31, 32, 33, 34, 35, 36], amount: 100 },
      { type: 'street', numbers: [4, 5, 6], amount: 100 },
    ],
  });
  const outcome = rouletteOutcomeSchema.parse(round.outcome);
  expect(outcome.perBet.reduce((sum, bet) => sum + bet.payout, 0)).toBe(round.win);
  const net = round.win - round.stake;
  await expect(page.getByTestId('round-result')).toContainText(net > 0 ? `You won ${euros(net)}` : `You lost ${euros(-net)}`, { timeout: 30_000 });
  await expect(page.getByTestId('balance')).toHaveText(euros(100_00 - 7_00 + round.win));
  await shoot(page, 'roulette-inside-spun-1280');
});

test('on a phone the inside bets have thumb-sized targets and a push or loss is worded as one', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await openGame(page, '/play/european-roulette');
  const split = table(page).getByRole('button', { name: 'Split 8/11' });
  const box = (await split.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
  // Red and black, and a little on zero: the net is a small loss, a push is impossible, zero wins big.
  await chip(page, '1.00 FUN', ['Red', 'Black', 'Split 8/11']);
  await page.getByRole('button', { name: 'Undo' }).click();
  await chip(page, '0.10 FUN', ['Straight 0']);
  await expect(page.getByTestId('total-bet')).toHaveText(fun(2_10));
  await shoot(page, 'roulette-inside-chips-375');
  const round = await played(page, 'european-roulette', () => page.getByRole('button', { name: 'Spin' }).click());
  const { pocket, colour } = rouletteOutcomeSchema.parse(round.outcome);
  const expected = pocket === 0 ? 'You won 1.50 FUN (won 3.50 FUN on 0, lost 2.00 FUN)' : `You lost 0.10 FUN (won 1.00 FUN on ${colour}, lost 1.10 FUN)`;
  await expect(page.getByTestId('round-result')).toContainText(expected, { timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shoot(page, 'roulette-result-375');

  // Equal bets on red and black: a push unless zero comes up.
  await page.getByRole('button', { name: 'Clear' }).click();
  await chip(page, '1.00 FUN', ['Red', 'Black']);
  const even = await played(page, 'european-roulette', () => page.getByRole('button', { name: 'Spin' }).click());
  const second = rouletteOutcomeSchema.parse(even.outcome);
  await expect(page.getByTestId('round-result')).toContainText(
    second.pocket === 0 ? 'You lost 2.00 FUN' : `Push: your 2.00 FUN stake is returned (won 1.00 FUN on ${second.colour}, lost 1.00 FUN)`,
    { timeout: 30_000 },
  );
});

test('game info gives RTP, how it was found, volatility, rules and paytable, and nothing of our internals', async ({ page }) => {
  test.setTimeout(60_000);
  const expected: Record<string, string> = {
    'tidebound-hoard': 'Calculated exactly, not simulated',
    blackjack: 'Simulated: 40 million rounds',
    'european-roulette': 'every bet returns 36/37',
  };
  for (const [slug, method] of Object.entries(expected)) {
    await openGame(page, `/play/${slug}`);
    await page.getByRole('tab', { name: 'Game info' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel).toContainText('RTP');
    await expect(panel).toContainText('Volatility');
    await expect(panel).toContainText('Paytable');
    await expect(panel).toContainText(method);
    await expect(panel).not.toContainText(/\.ts\b|bench|seed \d|games\//);
    if (slug === 'european-roulette') await expect(panel).toContainText('the first four 0-1-2-3');
  }
  await shoot(page, 'roulette-info-1280');
});
