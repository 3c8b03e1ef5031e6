// The back office's operations (issue 18), on the ops server so that closing the site or switching a game off does
// not disturb the other suites: a game switched off leaves the lobby, a stake limit changes, maintenance closes and
// reopens the player site while /admin stays open, a route rule redirects, and a mail the mailer refused is retried.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, shoot, signInOperator } from './admin-fixtures.ts';
import { api, operatorToken, registerPlayer, servers, test } from './fixtures.ts';
import { mailedLink } from './outbox.ts';

test.use({ baseURL: servers.ops });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name, exact: true }).click();

test('an admin switches a game off (it leaves the lobby) and back on, and changes a stake limit', async ({ page, context }) => {
  await signInOperator(page, '/admin/games');
  await expect(page.getByRole('heading', { name: 'Games', exact: true })).toBeVisible();
  const games = page.getByRole('table', { name: 'Games' });
  const orchard = page.getByRole('switch', { name: 'Lantern Orchard enabled' });
  await expect(orchard).toHaveAttribute('aria-checked', 'true');
  await shoot(page, 'games-catalogue');

  await orchard.click();
  await expect(page.getByText('Lantern Orchard is off: it left the lobby and takes no new rounds.')).toBeVisible();
  await expect(orchard).toHaveAttribute('aria-checked', 'false');

  const lobby = await context.newPage();
  await lobby.goto('/');
  const slots = lobby.getByRole('region', { name: 'Slots', exact: true });
  await expect(slots.getByRole('link', { name: 'Clockwork Comet' })).toBeVisible();
  await expect(slots.getByRole('link', { name: 'Lantern Orchard' })).toHaveCount(0);
  expect((await api('/api/games/lantern-orchard', { baseURL: servers.ops })).status).toBe(404);

  await orchard.click();
  await expect(orchard).toHaveAttribute('aria-checked', 'true');
  await lobby.reload();
  await expect(lobby.getByRole('region', { name: 'Slots', exact: true }).getByRole('link', { name: 'Lantern Orchard' })).toBeVisible();
  await lobby.close();

  await games.getByRole('button', { name: 'Edit Dice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Dice' });
  await dialog.getByLabel('Minimum stake').fill('2.50');
  await dialog.getByLabel('Maximum stake').fill('1.00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The minimum stake may not be greater than the maximum stake.')).toBeVisible();
  await shoot(page, 'games-edit');
  await dialog.getByLabel('Maximum stake').fill('500.00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Dice saved.')).toBeVisible();
  await expect(games.locator('tr[data-game="dice"]')).toContainText('€2.50');
  const dice = await api<{ data: { limits: { min_stake: number; max_stake: number } } }>('/api/games/dice', { baseURL: servers.ops });
  expect(dice.body.data.limits).toMatchObject({ min_stake: 250, max_stake: 500_00 });
});

test('maintenance closes the player site at once and the back office stays open; switched off, the site is back', async ({ page, context }) => {
  await signInOperator(page, '/admin/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByText('Site open')).toBeVisible();
  await shoot(page, 'settings');

  await page.getByRole('button', { name: 'Start maintenance' }).click();
  const confirm = page.getByRole('dialog', { name: 'Start maintenance?' });
  await expect(confirm).toBeVisible();
  await shoot(page, 'settings-maintenance-confirm');
  await confirm.getByRole('button', { name: 'Yes, close the site' }).click();
  await expect(page.getByText('Maintenance is on: players are sent to the maintenance page.')).toBeVisible();
  await expect(page.getByText('Site closed')).toBeVisible();

  const player = await context.newPage();
  await player.goto('/slots');
  await expect(player).toHaveURL(`${servers.ops}/maintenance`);
  await expect(player.getByRole('heading', { name: 'We’ll be right back' })).toBeVisible();
  // Staff are the ones who end it: the console still loads.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

  await page.getByRole('button', { name: 'End maintenance' }).click();
  await page.getByRole('dialog', { name: 'End maintenance?' }).getByRole('button', { name: 'Yes, open the site' }).click();
  await expect(page.getByText('Maintenance is off: the site is open again.')).toBeVisible();
  await player.goto('/slots');
  await expect(player).toHaveURL(`${servers.ops}/slots`);
  await player.close();
});

test('an admin adds a route rule that redirects at once, and deletes it', async ({ page, context }) => {
  await signInOperator(page, '/admin/settings');
  const add = page.getByRole('form', { name: 'Add a route rule' });
  await add.getByLabel('Source path').fill('no-slash');
  await add.getByLabel('Target').fill('/faq');
  await add.getByRole('button', { name: 'Add rule' }).click();
  await expect(add.getByText(/The source must be a path on this site/)).toBeVisible();

  await add.getByLabel('Source path').fill('/autumn-offer');
  // 307, not 301: a browser keeps a permanent redirect and would follow it after the rule is gone.
  await add.getByLabel('Redirect').selectOption('307');
  await add.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByText('Route rule added: /autumn-offer now redirects.')).toBeVisible();
  const rules = page.getByRole('table', { name: 'Route rules' });
  await expect(rules.getByRole('row', { name: /\/autumn-offer/ })).toContainText('307');
  await shoot(page, 'settings-route-rules');

  const player = await context.newPage();
  await player.goto('/autumn-offer');
  await expect(player).toHaveURL(`${servers.ops}/faq`);

  await rules.getByRole('button', { name: 'Delete rule /autumn-offer' }).click();
  await page.getByRole('dialog', { name: 'Delete route rule?' }).getByRole('button', { name: 'Delete rule' }).click();
  await expect(page.getByText('Route rule for /autumn-offer deleted.')).toBeVisible();
  await player.goto('/autumn-offer');
  await expect(player).toHaveURL(`${servers.ops}/autumn-offer`);
  await player.close();
});

test('a mail the mailer refused shows in the outbox, masked, and goes out when retried', async ({ page }) => {
  // The ops server writes mail under its DATA_DIR: a file where the mail folder should be makes every delivery fail.
  const mailDir = path.join(`test-results/e2e-data-${new URL(servers.ops).port}`, 'outbox', 'mail');
  await rm(mailDir, { recursive: true, force: true });
  await mkdir(path.dirname(mailDir), { recursive: true });
  await writeFile(mailDir, 'not a folder');
  let email = '';
  let id: string | undefined;
  try {
    email = await registerPlayer(servers.ops);
    const token = await operatorToken(servers.ops);
    await expect
      .poll(async () => {
        const list = await api<{ data: { id: string; last_error: string | null }[] }>('/api/admin/outbox', { token, baseURL: servers.ops });
        id = list.body.data.find((row) => row.last_error !== null)?.id;
        return id;
      })
      .toBeDefined();
  } finally {
    await rm(mailDir, { force: true });
  }

  await signInOperator(page, '/admin');
  await nav(page, 'Outbox');
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Outgoing messages' });
  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: id!, exact: true }) });
  await expect(row).toContainText('e***@example.com');
  await expect(row).toContainText('pending');
  await expect(table).not.toContainText(email);
  await shoot(page, 'outbox');

  await row.getByRole('button', { name: `Retry message ${id}` }).click();
  await expect(page.getByText(`Message ${id} is queued again and goes out in a moment.`)).toBeVisible();
  expect(await mailedLink(servers.ops, email, /\/player\/activate\//)).toContain('/player/activate/');
  await page.getByRole('button', { name: 'Sent' }).click();
  await expect(table.getByRole('row').filter({ has: page.getByRole('cell', { name: id!, exact: true }) })).toContainText('sent');
});
