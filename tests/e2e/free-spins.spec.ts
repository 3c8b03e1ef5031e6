// Free spins in the slot (issue 34 §1, decision 0118): claimed on /all-bonuses, played on Lantern Orchard's own
// screen with the counter over the reels counting down, no cash taken, the winnings in the bonus balance, and the
// slot's panel and the Bonuses page telling the same numbers, live.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { PlayerBonus } from '../../contract/bonuses.ts';
import { formatMoney } from '../../contract/money.ts';
import type { Wallet } from '../../contract/wallet.ts';
import { api, expect, type FreshPlayer, playerTest, screenshotPage, waitForHydration } from './fixtures.ts';

const test = playerTest;
// Each spin on the reels lasts at least 2.5 s (RTS 14), and realtime joins in: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

async function walletOf(player: FreshPlayer): Promise<Wallet> {
  return (await api<{ data: Wallet }>('/api/player/wallet', { token: player.token })).body.data;
}

async function openBonus(player: FreshPlayer): Promise<PlayerBonus> {
  const bonus = (await api<{ data: PlayerBonus[] }>('/api/player/bonuses', { token: player.token })).body.data[0];
  if (!bonus) throw new Error('no bonus');
  return bonus;
}

/** A free spin played from another device (the API), as the slot's screen plays it. */
async function freeSpin(player: FreshPlayer): Promise<number> {
  const round = await api<{ data: { win: number } }>('/api/games/lantern-orchard/rounds', {
    method: 'POST',
    token: player.token,
    key: crypto.randomUUID(),
    body: { mode: 'real', free_spin: true },
  });
  expect(round.status).toBe(201);
  return round.body.data.win;
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    for (const badge of document.querySelectorAll('[data-first-load-spinner]')) for (const animation of badge.getAnimations()) animation.finish();
  });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshotPage(page, `test-results/screens/free-spins-${name}-${width}.png`);
  }
}

test('claimed free spins are played on the reels: the counter goes down, no cash is taken, the winnings reach the bonus balance', async ({ page, player }) => {
  await page.goto('/all-bonuses');
  await waitForHydration(page);
  await page.getByRole('article', { name: '50 Free Spins' }).getByRole('button', { name: 'Claim free spins' }).click();
  await expect(page.getByRole('region', { name: 'What happens next' })).toContainText('50 free spins at €0.20 each are ready to play in the game.');

  // The Bonuses page: no "Wagered €0.00 of €0.00" on a bonus with no wagering yet; the spins lead to the slot.
  await page.goto('/account/bonuses');
  await waitForHydration(page);
  const card = page.getByRole('region', { name: 'Active bonus' });
  await expect(card.getByTestId('bonus-spins')).toHaveText('50');
  await expect(card.getByTestId('bonus-wagered')).toHaveCount(0);
  await expect(card.getByTestId('bonus-wagering-note')).toHaveText('Winnings go to your bonus balance and are wagered 10x before they turn into cash.');
  await card.getByRole('link', { name: 'Play your 50 free spins' }).click();
  await expect(page).toHaveURL(/\/play\/lantern-orchard\?mode=real$/);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'live', { timeout: 10_000 });

  const panel = page.getByRole('region', { name: 'Free spins' });
  await expect(panel.getByTestId('free-spins-left')).toHaveText('50');
  await expect(panel.getByTestId('slot-bonus-balance')).toHaveText('€0.00');
  await expect(page.getByTestId('stake')).toHaveText('€0.20');
  await shoot(page, 'slot');
  expect(await seriousViolations(page)).toEqual([]);

  // Two spins on the reels: one fewer each time, and the cash never moves.
  for (const left of ['49', '48']) {
    await page.getByRole('button', { name: 'Free spin' }).click();
    await expect(panel.getByTestId('free-spins-left')).toHaveText(left);
    await expect(page.getByRole('button', { name: 'Free spin' })).toBeEnabled({ timeout: 10_000 });
  }
  let bonus = await openBonus(player);
  expect(bonus.free_spins_left).toBe(48);
  await expect(panel.getByTestId('slot-bonus-balance')).toHaveText(formatMoney(bonus.balance, 'EUR'));
  expect(await walletOf(player)).toMatchObject({ cash: 0, bonus: bonus.balance });

  // Spins from another device until one wins: the slot's panel follows live, its counter and balance with it.
  let won = 0;
  while (won === 0 && bonus.free_spins_left > 1) {
    won = await freeSpin(player);
    bonus = await openBonus(player);
  }
  expect(won).toBeGreaterThan(0);
  expect(bonus.balance).toBeGreaterThan(0);
  expect(bonus.wagering_required).toBeGreaterThan(0);
  await expect(panel.getByTestId('free-spins-left')).toHaveText(String(bonus.free_spins_left));
  await expect(panel.getByTestId('slot-bonus-balance')).toHaveText(formatMoney(bonus.balance, 'EUR'));
  await shoot(page, 'slot-after');

  // The bonus card agrees, and now that winnings carry wagering it shows it.
  await page.getByRole('link', { name: 'Your bonus' }).click();
  await expect(page).toHaveURL(/\/account\/bonuses$/);
  await waitForHydration(page);
  await expect(card.getByTestId('bonus-spins')).toHaveText(String(bonus.free_spins_left));
  await expect(card.getByTestId('bonus-balance')).toHaveText(formatMoney(bonus.balance, 'EUR'));
  await expect(card.getByTestId('bonus-wagered')).toHaveText(`Wagered €0.00 of ${formatMoney(bonus.wagering_required, 'EUR')}`);
  await shoot(page, 'bonus-card');
  expect(await seriousViolations(page)).toEqual([]);
  expect((await walletOf(player)).cash).toBe(0);
});
