// The operator reports (issue 32 §6, docs/decisions/0103-operator-reports.md): a finance user answers "what did we make
// on slots from UK players last month" with a range, filters, a chart, totals and a CSV. The servers start on a fresh
// database and rounds cannot be dated in the past from a browser test, so last month is empty here (its figures are
// checked on a seeded month in server/modules/operators/report-figures.db.test.ts); this month holds the UK player's
// slot rounds played below.
import { readFile } from 'node:fs/promises';
import { expect, newStaff, shootWide375, staffPage } from './admin-fixtures.ts';
import { api, depositFor, servers, sessionOf, test } from './fixtures.ts';
import { mailedLink } from './outbox.ts';

test.describe.configure({ timeout: 120_000 });

/** A new, activated player registered in the United Kingdom; their e-mail and full name. */
async function ukPlayer() {
  const email = `e2e-uk-${crypto.randomUUID().slice(0, 12)}@example.com`;
  // Names are letters only: a random one makes this player's row easy to find.
  const surname = `Reports${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const registered = await api<{ message?: string }>('/api/register', {
    method: 'POST',
    body: {
      email,
      password: 'Lucky#Seven77',
      name: 'Gwen',
      surname,
      birthdate: '1990-01-01',
      gender: 'female',
      country: 'GB',
      city: 'London',
      address1: '1 Test Street',
      postcode: 'SW1A 1AA',
      phonePrefix: '44',
      phoneNumber: '7700900123',
      phone: '+447700900123',
      newsletter: false,
      agreement: true,
    },
  });
  expect(registered.status, registered.body.message).toBe(201);
  const token = (await mailedLink(servers.staging, email, /\/player\/activate\//)).split('/').at(-1);
  expect((await api('/api/activate', { method: 'POST', body: { activate_token: token } })).status).toBe(200);
  return { email, name: `Gwen ${surname}` };
}

test('a finance user reports slots from UK players over a range, with a chart, totals and a CSV', async ({ context }) => {
  const player = await ukPlayer();
  const session = await sessionOf(player.email);
  await depositFor(session.token, 100_00);
  for (const stake of [1_00, 2_00, 3_00]) {
    const round = await api('/api/games/lantern-orchard/rounds', {
      method: 'POST',
      token: session.token,
      key: crypto.randomUUID(),
      body: { mode: 'real', stake },
    });
    expect(round.status).toBe(201);
  }

  const page = await staffPage(context, await newStaff('finance'), '/admin');
  // The dashboard counts approved adjustments in its NGR (its figures are the reports' by day).
  await expect(page.getByText('Approved adjustments (net to players)')).toBeVisible();
  await expect(page.getByText('NGR (GGR − bonus cost − adjustments)')).toBeVisible();
  await shootWide375(page, 'dashboard-with-adjustments');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Figures by day' })).toBeVisible();

  // Last month, slots, the UK: the range is last month's days, and the URL holds every choice.
  const now = new Date();
  const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const lastMonthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
  await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: 'Last month' }).click();
  await page.getByLabel('Game category').selectOption('slots');
  await page.getByLabel('Country').selectOption('GB');
  await expect(page).toHaveURL(/range=last-month/);
  await expect(page).toHaveURL(/category=slots/);
  await expect(page).toHaveURL(/country=GB/);
  await expect(page.getByText(`${lastMonthStart} to ${lastMonthEnd} (UTC days, both included), EUR`)).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByText('Stakes', { exact: true })).toBeVisible();
  await expect(page.getByText('a category or provider filter leaves them out')).toBeVisible();

  // This month holds the rounds just played: €6.00 staked by one UK player on a slot.
  await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: 'This month' }).click();
  await expect(page).toHaveURL(/range=this-month/);
  const stat = (label: string) =>
    totals
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('p')
      .nth(1);
  await expect(stat('Stakes')).toHaveText('€6.00');
  await expect(stat('Rounds')).toHaveText('3');
  await expect(stat('Players')).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Chart' }).locator('.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Figures by day' }).locator('tfoot')).toContainText('€6.00');
  await expect(page.getByRole('table', { name: 'Deposits and withdrawals by method' })).toContainText('sandbox-crypto');
  await shootWide375(page, 'reports-slots-uk');

  // By player: names and e-mails, never ids; the link keeps the view.
  await page.getByLabel('Group by').selectOption('player');
  const figures = page.getByRole('table', { name: 'Figures by player' });
  await expect(figures).toContainText(player.name);
  await expect(figures).toContainText(player.email);
  await shootWide375(page, 'reports-by-player');
  const linked = await context.newPage();
  await linked.goto(page.url());
  await expect(linked.getByRole('table', { name: 'Figures by player' })).toContainText(player.name);
  await linked.close();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV', exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/^report-player-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe('player,email,currency,stakes,wins,ggr,bonus_cost,adjustments_credited,adjustments_debited,ngr,rounds,players');
  expect(lines[1]).toMatch(
    new RegExp(`^${player.name},${player.email.replace(/[.+]/g, '\\$&')},EUR,6\\.00,\\d+\\.\\d{2},-?\\d+\\.\\d{2},0\\.00,0\\.00,0\\.00,-?\\d+\\.\\d{2},3,1$`),
  );
  expect(lines.at(-1)).toMatch(/^Total,,EUR,6\.00,/);
});
