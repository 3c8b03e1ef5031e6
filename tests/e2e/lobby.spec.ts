// The games lobby: category rows with drag-scroll, search, the listings, and favourites as SPEC.md §5, §7, §8
// describe them (hearts, the favourites row, and the refusals for not-activated and blocked players).
import type { Page } from '@playwright/test';
import type { GameSummary, GamesPage } from '../../contract/games.ts';
import {
  addSessionCookie,
  api,
  test as base,
  expect,
  operatorToken,
  registerActivePlayer,
  registerPlayer,
  servers,
  sessionOf,
  waitForHydration,
} from './fixtures.ts';

async function gameNamed(name: string): Promise<GameSummary> {
  const { body } = await api<GamesPage>(`/api/games?q=${encodeURIComponent(name)}`);
  const game = body.data.find((candidate) => candidate.name === name);
  if (!game) throw new Error(`no game named ${name}`);
  return game;
}

/** A player of its own (so its favourites start empty), logged in in the page's context. */
type Player = { id: string; token: string };

async function signIn(context: Parameters<typeof addSessionCookie>[0], email: string): Promise<Player> {
  const session = await sessionOf(email);
  await addSessionCookie(context, session);
  const me = await api<{ id: string | number }>('/api/player', { token: session.token });
  expect(me.status).toBe(200);
  return { id: String(me.body.id), token: session.token };
}

const test = base.extend<{ player: Player }>({
  player: async ({ context }, use) => {
    await use(await signIn(context, await registerActivePlayer()));
  },
});

async function openLobby(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

const row = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test.describe('browsing', () => {
  test('the home page has a row per category; "See all" opens its listing with its games, newest first', async ({ page }) => {
    await openLobby(page);
    await expect(row(page, 'Slots').getByRole('link', { name: 'Lantern Orchard' })).toBeVisible();
    await expect(row(page, 'Table games').getByRole('listitem')).toHaveCount(2);
    await expect(row(page, 'New games').getByRole('link', { name: 'Tidebound Hoard' })).toBeVisible();
    await expect(row(page, 'Popular').getByRole('link', { name: 'European Roulette' })).toBeVisible();
    // A guest has no favourites row. The rows sit below the banner: their art loads only when near the screen.
    await expect(row(page, 'Your favourites')).toHaveCount(0);
    await expect(row(page, 'Slots').locator('img').first()).toHaveAttribute('loading', 'lazy');

    await row(page, 'Slots').getByRole('link', { name: 'See all Slots' }).click();
    await expect(page).toHaveURL(`${servers.staging}/slots`);
    await expect(page.getByRole('heading', { level: 1, name: 'Slots' })).toBeVisible();
    await expect(page.getByText('Five-reel video slots with free spins and wilds.')).toBeVisible();
    const grid = page.getByRole('list', { name: 'Slots games' });
    await expect(grid.getByRole('link')).toHaveText(['Tidebound Hoard', 'Clockwork Comet', 'Lantern Orchard']);
    await expect(grid.locator('article').first()).toContainText('Croupier Studio');
    await expect(grid.locator('article').first()).toContainText(/RTP \d{2}\.\d{2}%/);
    // The tile art keeps its space before it loads; the first row a phone shows (four tiles) loads at once, the
    // rest only when near the screen.
    const art = grid.locator('img');
    await expect(art.first()).toHaveAttribute('width', '400');
    await expect(art.first()).toHaveAttribute('height', '300');
    const tiles = await art.count();
    for (let index = 0; index < tiles; index++) await expect(art.nth(index)).toHaveAttribute('loading', index < 4 ? 'eager' : 'lazy');

    await grid.getByRole('link', { name: 'Clockwork Comet' }).click();
    await expect(page).toHaveURL(`${servers.staging}/play/clockwork-comet`);
  });

  test('a provider listing lists all its games, and the tag categories list their tagged games', async ({ page }) => {
    await openLobby(page, '/providers/croupier-studio');
    await expect(page.getByRole('heading', { level: 1, name: 'Croupier Studio' })).toBeVisible();
    await expect(page.getByText('9 games')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Croupier Studio games' }).getByRole('listitem')).toHaveCount(9);

    await openLobby(page, '/new');
    await expect(page.getByRole('list', { name: 'New games' }).getByRole('link')).toHaveText([
      'Crash',
      'Mines',
      'Dice',
      'Plinko',
      'Tidebound Hoard',
      'Blackjack',
    ]);
  });

  for (const path of ['/no-such-games', '/slots?page=2', '/slots?page=zero']) {
    test(`${path} is the fatal "Page Not Found" with 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator('main[data-error-status="404"]')).toContainText(`Page Not Found: ${path.split('?')[0]}`);
    });
  }
});

test.describe('search', () => {
  test('finds games by part of their name, says when nothing matches, and gives the rows back when cleared', async ({ page }) => {
    await openLobby(page);
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/games?')) searches.push(new URL(request.url()).searchParams.get('q') ?? '');
    });
    const box = page.getByRole('searchbox', { name: 'Search games' });
    const results = row(page, 'Search results');

    await box.pressSequentially('comet');
    await expect(results.getByRole('status')).toHaveText('1 game matches “comet”.');
    await expect(results.getByRole('list', { name: 'Games matching “comet”' }).getByRole('link')).toHaveText(['Clockwork Comet']);
    await expect(row(page, 'Slots')).toHaveCount(0);
    // Debounced: not a request per letter (how many depends on how fast this machine types).
    expect(searches.at(-1)).toBe('comet');
    expect(searches.length).toBeLessThan('comet'.length);

    await box.fill('o');
    await expect(results.getByRole('status')).toHaveText('5 games match “o”.');

    await box.fill('zzzz');
    await expect(results.getByRole('status')).toHaveText('No games match “zzzz”.');
    await expect(results.getByRole('heading', { name: 'Nothing found' })).toBeVisible();

    await box.press('Escape');
    await expect(box).toHaveValue('');
    await expect(results).toHaveCount(0);
    await expect(row(page, 'Slots').getByRole('link', { name: 'Lantern Orchard' })).toBeVisible();
  });
});

test.describe('favourites', () => {
  test('a guest tapping a heart is asked to log in', async ({ page }) => {
    await openLobby(page);
    const heart = row(page, 'Slots').getByRole('button', { name: 'Add Lantern Orchard to favourites' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  test('an active player toggles hearts; the favourites row follows, newest first, and survives a reload', async ({ page, player }) => {
    await openLobby(page);
    const favourites = row(page, 'Your favourites');
    await expect(favourites).toContainText('Tap the heart on any game to keep it here.');

    await row(page, 'Slots').getByRole('button', { name: 'Add Lantern Orchard to favourites' }).click();
    await expect(row(page, 'Slots').getByRole('button', { name: 'Remove Lantern Orchard from favourites' })).toHaveAttribute('aria-pressed', 'true');
    await expect(favourites.getByRole('link')).toHaveText(['Lantern Orchard']);
    // Every heart for the game follows, in whichever row it is.
    await expect(row(page, 'Popular').getByRole('button', { name: 'Remove Lantern Orchard from favourites' })).toHaveAttribute('aria-pressed', 'true');

    await row(page, 'Table games').getByRole('button', { name: 'Add Blackjack to favourites' }).click();
    await expect(favourites.getByRole('link')).toHaveText(['Blackjack', 'Lantern Orchard']);
    // The API keeps them latest last; the row shows the latest first.
    const stored = await api<{ data: GameSummary[] }>('/api/player/favourite/games', { token: player.token });
    expect(stored.body.data.map((game) => game.name)).toEqual(['Lantern Orchard', 'Blackjack']);

    await page.reload();
    await waitForHydration(page);
    await expect(favourites.getByRole('link')).toHaveText(['Blackjack', 'Lantern Orchard']);
    await expect(row(page, 'Slots').getByRole('button', { name: 'Remove Lantern Orchard from favourites' })).toHaveAttribute('aria-pressed', 'true');

    await favourites.getByRole('button', { name: 'Remove Lantern Orchard from favourites' }).click();
    await expect(favourites.getByRole('link')).toHaveText(['Blackjack']);
    await expect(row(page, 'Slots').getByRole('button', { name: 'Add Lantern Orchard to favourites' })).toHaveAttribute('aria-pressed', 'false');

    // The listing's hearts know the favourites too.
    await openLobby(page, '/table-games');
    await expect(page.getByRole('button', { name: 'Remove Blackjack from favourites' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Remove Blackjack from favourites' }).click();
    await expect(page.getByRole('button', { name: 'Add Blackjack to favourites' })).toHaveAttribute('aria-pressed', 'false');
    expect((await api<{ data: GameSummary[] }>('/api/player/favourite/games', { token: player.token })).body.data).toEqual([]);
  });

  test('a not-activated player is told "Your account is not activated." and nothing is saved', async ({ page, context }) => {
    const player = await signIn(context, await registerPlayer());
    await openLobby(page);
    await expect(row(page, 'Your favourites')).toHaveCount(0);
    await row(page, 'Slots').getByRole('button', { name: 'Add Lantern Orchard to favourites' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your account is not activated.' })).toBeVisible();
    await expect(row(page, 'Slots').getByRole('button', { name: 'Add Lantern Orchard to favourites' })).toHaveAttribute('aria-pressed', 'false');
    expect((await api('/api/player/favourite/games', { token: player.token })).status).toBe(403);
  });

  test('a blocked player is told "Your account is blocked."', async ({ page, player }) => {
    const game = await gameNamed('Blackjack');
    expect((await api(`/api/player/favourite/games/${game.id}`, { method: 'POST', token: player.token })).status).toBe(200);
    expect(
      (await api(`/api/admin/players/${player.id}/block`, { method: 'POST', token: await operatorToken(), body: { reason: 'Suspected account sharing' } }))
        .status,
    ).toBe(200);
    await openLobby(page);
    // Favourites are not loaded for a blocked player, so the heart shows none.
    await expect(row(page, 'Your favourites')).toHaveCount(0);
    await row(page, 'Table games').getByRole('button', { name: 'Add Blackjack to favourites' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your account is blocked.' })).toBeVisible();
  });
});

test.describe('drag-scroll (SPEC.md §9)', () => {
  test('a mouse drag over 10 px scrolls the row at 1.5 times the distance and does not open the game; a press that moves less does', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openLobby(page);
    const slots = row(page, 'Slots').getByRole('list');
    await slots.scrollIntoViewIfNeeded();
    // Record clicks that get past the row to the document, and when the mouse button was last released.
    await page.evaluate(() => {
      const w = window as unknown as { __clicksThrough: number; __releasedAt: number };
      w.__clicksThrough = 0;
      document.addEventListener('click', () => (w.__clicksThrough += 1));
      window.addEventListener('pointerup', (event) => (w.__releasedAt = event.timeStamp), true);
    });
    const box = (await slots.boundingBox())!;
    const y = box.y + box.height / 3;
    const x = box.x + box.width / 2;

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 60, y, { steps: 6 });
    expect(await slots.evaluate((element) => element.scrollLeft)).toBe(90);
    await page.mouse.up();
    await expect(slots).not.toHaveAttribute('data-dragging');
    expect(await page.evaluate(() => (window as unknown as { __clicksThrough: number }).__clicksThrough)).toBe(0);
    await expect(page).toHaveURL(`${servers.staging}/`);

    // After the 100 ms block, a press that moves 10 px or less is a click and opens the game under it.
    await page.waitForFunction(() => performance.now() - (window as unknown as { __releasedAt: number }).__releasedAt > 100);
    const slug = await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest('article')?.dataset.game, [x, y]);
    expect(slug).toMatch(/^[a-z-]+$/);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 10, y, { steps: 2 });
    await page.mouse.up();
    await expect(page).toHaveURL(`${servers.staging}/play/${slug}`);
  });

  test('the row still scrolls with its buttons and the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openLobby(page);
    const slots = row(page, 'Slots');
    const list = slots.getByRole('list');
    const previous = slots.getByRole('button', { name: 'Previous Slots' });
    const next = slots.getByRole('button', { name: 'Next Slots' });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expect(next).toBeDisabled();
    await previous.click();
    await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBe(0);

    // Tabbing along the tiles (each link, then its heart) brings the last one into view.
    await list.getByRole('link').first().focus();
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('Tab');
    await expect(list.getByRole('link').last()).toBeFocused();
    await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });
});

test.describe('look', () => {
  for (const width of [375, 1280]) {
    test(`lobby screens at ${width} px have no horizontal overflow`, async ({ page, context }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      const shoot = async (name: string) => {
        // The first-load badge fades out by itself; lazy art below the fold would be blank in a full-page picture.
        await expect(page.locator('[data-first-load-spinner]')).toBeHidden();
        await page.evaluate(async () => {
          const images = [...document.images];
          for (const image of images) image.loading = 'eager';
          await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
        });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} overflows sideways`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `test-results/screenshots/lobby-${name}-${width}.png`, fullPage: true });
      };

      await openLobby(page);
      await expect(row(page, 'Popular').getByRole('listitem')).toHaveCount(5);
      await shoot('home-guest');

      await page.getByRole('searchbox', { name: 'Search games' }).fill('o');
      await expect(row(page, 'Search results').getByRole('status')).toHaveText('5 games match “o”.');
      await shoot('search');

      await openLobby(page, '/slots');
      await expect(page.getByRole('list', { name: 'Slots games' }).getByRole('listitem')).toHaveCount(3);
      await shoot('listing');

      const player = await signIn(context, await registerActivePlayer());
      for (const name of ['European Roulette', 'Lantern Orchard', 'Tidebound Hoard']) {
        const game = await gameNamed(name);
        expect((await api(`/api/player/favourite/games/${game.id}`, { method: 'POST', token: player.token })).status).toBe(200);
      }
      await openLobby(page);
      await expect(row(page, 'Your favourites').getByRole('link')).toHaveText(['Tidebound Hoard', 'Lantern Orchard', 'European Roulette']);
      await shoot('home-player');
    });
  }
});
