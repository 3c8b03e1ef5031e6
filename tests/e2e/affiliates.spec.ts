// The affiliate programme in the browser (issue 31): an affiliate applies on /affiliates, an operator approves them
// and gives them a plan in the console, the affiliate signs in to the portal and copies a tracking link, a player
// registers through it and deposits, the affiliate sees the registration and the first deposit, and after the
// month's statement job the statement shows (and is paid). Screenshots of every portal screen, the apply page and
// the console screen at 375 px and 1280 px, into test-results/affiliates/; none of the portal's code on player pages.
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { readdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { signInOperator } from './admin-fixtures.ts';
import {
  api,
  depositFor,
  expect,
  giveCookieConsent,
  logIn,
  operatorToken,
  PLAYER_PASSWORD,
  playerUserAgent,
  screenshotPage,
  servers,
  sessionOf,
  test,
  waitForHydration,
} from './fixtures.ts';
import { mailedLink } from './outbox.ts';

const AFFILIATE_PASSWORD = 'Partner#Deal2026';
const slow = expect.configure({ timeout: 20_000 });

/** Screenshots at 1280 px and 375 px, checking first that the page never scrolls sideways. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // From the top: a sticky header scrolled with the form would be drawn half-way down the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotPage(page, `test-results/affiliates/${name}-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A 728 × 90 leaderboard banner, drawn for the test. */
function banner(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="728" height="90"><rect width="728" height="90" fill="#0b0e17"/><rect x="4" y="4" width="720" height="82" rx="10" fill="none" stroke="#f7c14b" stroke-width="3"/><text x="364" y="56" font-family="sans-serif" font-size="30" font-weight="700" fill="#f7c14b" text-anchor="middle">100% up to €500 · Play now</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** axe-core's findings on the page as it is, after the first-load badge has faded (it is half-transparent meanwhile). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    for (const badge of document.querySelectorAll('[data-first-load-spinner]')) for (const animation of badge.getAnimations()) animation.finish();
  });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The id of the affiliate signed up with `email`, from the operator API. */
async function affiliateId(email: string): Promise<string> {
  const list = await api<{ data: { id: string; email: string }[] }>('/api/admin/affiliates?per_page=100', { token: await operatorToken() });
  const found = list.body.data.find((row) => row.email === email);
  if (!found) throw new Error(`no affiliate ${email}`);
  return found.id;
}

/** A context of a visitor's own: a real browser's user agent (bots' clicks are not counted) and cookie consent given. */
async function visitorContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: servers.staging, userAgent: playerUserAgent });
  await giveCookieConsent(context);
  return context;
}

/** Registers through the site's own 3-step wizard, as a visitor who arrived on an affiliate's link. */
async function registerThroughWizard(page: Page, email: string) {
  await page.goto('/register');
  await waitForHydration(page);
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  const next = dialog.getByRole('button', { name: 'Next' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(PLAYER_PASSWORD);
  await next.click();
  await expect(dialog.getByText('Step 2 of 3')).toBeVisible();
  await dialog.getByLabel('First name').fill('Reffy');
  await dialog.getByLabel('Last name').fill('Player');
  await dialog.getByLabel('Date of birth').fill('1991-03-04');
  await dialog.getByLabel('Gender').selectOption('male');
  await next.click();
  await expect(dialog.getByText('Step 3 of 3')).toBeVisible();
  await dialog.getByLabel('Country').selectOption('MT');
  await dialog.getByLabel('City').fill('Gzira');
  await dialog.getByLabel('Postcode').fill('GZR 1000');
  await dialog.getByLabel('Address').fill('3 Strand');
  await dialog.getByLabel('Prefix').fill('+356');
  await dialog.getByLabel('Phone number').fill('99112233');
  await dialog.getByLabel(/I am at least 18/).check();
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('Welcome aboard, Reffy!')).toBeVisible();
}

test.describe('the affiliate programme', () => {
  test.describe.configure({ timeout: 240_000 });

  test('apply, approval, a copied link, a referred player who deposits, and the month’s statement paid', async ({ page, browser }) => {
    const tag = randomBytes(4).toString('hex');
    const email = `aff-${tag}@example.com`;
    const company = `Acme Media ${tag}`;
    const planName = `E2E CPA ${tag}`;

    // 1. The public page: what the programme offers and the application, with the registration's messages.
    await page.goto('/affiliates');
    await expect(page.getByRole('heading', { level: 1, name: 'Affiliate programme' })).toBeVisible();
    await expect(page.locator('[data-layout="black"]')).toBeVisible();
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    const form = page.getByRole('form', { name: 'Affiliate application' });
    await form.getByRole('button', { name: 'Send application' }).click();
    for (const message of ['The name field is required.', 'The email field is required.', 'The country field is required.', 'You must accept the terms.']) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await form.getByLabel('Password').fill('short');
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect(form.getByText(/password.*at least 8 characters/)).toBeVisible();
    await shoot(page, 'apply-errors');

    await form.getByText('A company').click();
    await form.getByLabel('Company name').fill(company);
    await form.getByLabel('Contact name').fill('Ann Smith');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Password').fill(AFFILIATE_PASSWORD);
    await form.getByLabel('Country').selectOption('GB');
    await form.getByLabel('Website (optional)').fill('https://acme.example');
    await form.getByLabel('Payout method').selectOption('bank_transfer');
    await form.getByLabel('Payout details').fill('Acme Media Ltd, GB33BUKB20201555555555, BUKBGB22');
    await form.getByLabel(/I accept the/).check();
    await shoot(page, 'apply');
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect(page.getByTestId('application-received')).toContainText('Application received');
    await expect(page.getByTestId('application-received')).toContainText(email);
    await shoot(page, 'apply-received');

    // Not approved yet: the portal says so at sign-in.
    await page.goto('/affiliates/login');
    await waitForHydration(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(AFFILIATE_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Your application is still being reviewed.')).toBeVisible();
    await shoot(page, 'portal-login-pending');

    // 2. The operator makes a CPA plan, approves the application and puts the affiliate on the plan.
    const staffContext = await browser.newContext({ baseURL: servers.staging });
    const staff = await staffContext.newPage();
    await signInOperator(staff, '/admin/affiliates');
    await slow(staff.getByRole('heading', { name: 'Affiliates', exact: true })).toBeVisible();
    await expect(staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Affiliates' })).toBeVisible();
    await staff.getByRole('tab', { name: 'Plans' }).click();
    await staff.getByRole('button', { name: 'New plan' }).click();
    const planForm = staff.getByRole('form', { name: 'New plan' });
    await planForm.getByLabel('Name').fill(planName);
    await planForm.getByLabel('Type').selectOption('cpa');
    await planForm.getByLabel('Amount per player').fill('25.00');
    await planForm.getByLabel('Qualifying first deposit, at least').fill('10.00');
    await planForm.getByLabel('Within days of registering').fill('30');
    await planForm.getByRole('button', { name: 'Create plan' }).click();
    await slow(staff.getByText(`${planName} is saved.`)).toBeVisible();
    await expect(staff.locator(`[data-plan="${planName}"]`)).toContainText('€25.00 CPA (first deposit ≥ €10.00 within 30 days)');

    await staff.getByRole('tab', { name: 'Affiliates' }).click();
    const application = staff.locator(`[data-affiliate="${email}"]`);
    await slow(application).toBeVisible();
    await application.getByRole('button', { name: `Open ${company}` }).click();
    const detail = staff.getByTestId('affiliate-detail');
    await expect(detail).toContainText('GB33BUKB20201555555555');
    await shoot(staff, 'console-application');
    await detail.getByRole('button', { name: 'Approve…' }).click();
    let dialog = staff.getByRole('dialog', { name: 'Approve affiliate' });
    await dialog.getByLabel('Reason').fill('Known media partner, checked');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await slow(staff.getByText(`${company} is approved.`)).toBeVisible();
    await expect(detail.getByTestId('affiliate-status')).toHaveText('Approved');
    await detail.getByLabel('Plan').selectOption({ label: `${planName} (cpa)` });
    await detail.getByRole('button', { name: 'Assign plan…' }).click();
    dialog = staff.getByRole('dialog', { name: 'Assign commission plan' });
    await dialog.getByLabel('Reason').fill('Standard CPA deal');
    await dialog.getByRole('button', { name: 'Assign plan' }).click();
    await slow(detail.getByTestId('affiliate-plan')).toContainText(planName);
    await shoot(staff, 'console-affiliate');

    // A banner for every affiliate.
    const bannerName = `Welcome leaderboard ${tag}`;
    await staff.getByRole('tab', { name: 'Creatives' }).click();
    const upload = staff.getByRole('form', { name: 'Upload banner' });
    await upload.getByLabel('Name').fill(bannerName);
    await upload.getByLabel('Landing page (optional)').fill('/promotion');
    await upload.getByLabel('Image').setInputFiles({ name: 'leaderboard.png', mimeType: 'image/png', buffer: await banner() });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await slow(staff.getByText(`${bannerName} is uploaded: affiliates see it now.`)).toBeVisible();
    await expect(staff.locator(`[data-creative="${bannerName}"]`)).toContainText('728 × 90');
    await shoot(staff, 'console-creatives');

    // 3. The affiliate signs in, makes a link with a sub-ID and copies it.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: servers.staging });
    await page.goto('/affiliates/login?next=%2Faffiliates%2Flinks');
    await waitForHydration(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(AFFILIATE_PASSWORD);
    await shoot(page, 'portal-login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/affiliates\/links$/);
    await expect(page.locator('[data-layout="affiliate-portal"]')).toBeVisible();
    // The portal is not the player site: none of its header, footer or popups.
    await expect(page.locator('[data-layout="black"], [data-layout="default"], footer')).toHaveCount(0);
    const newLink = page.getByRole('form', { name: 'New link' });
    await newLink.getByLabel('Sub-ID (optional)').fill('bad sub!');
    await newLink.getByRole('button', { name: 'Create link' }).click();
    await expect(newLink.getByRole('alert')).toContainText(/sub/i);
    await newLink.getByLabel('Name (optional)').fill('Spring newsletter');
    await newLink.getByLabel('Landing page').fill('/');
    await newLink.getByLabel('Sub-ID (optional)').fill('spring-42');
    await newLink.getByRole('button', { name: 'Create link' }).click();
    await expect(page.getByTestId('created-link')).toContainText('token=');
    await page.getByRole('button', { name: 'Copy the link Spring newsletter' }).click();
    await expect(page.getByRole('button', { name: 'Copy the link Spring newsletter' })).toHaveText('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^https:\/\/casino\.example\/\?token=[^&]+&sub=spring-42$/);
    await shoot(page, 'portal-links');

    // Postbacks for every event, to the affiliate's tracker (not reachable from here: the log shows the tries).
    await page.getByRole('navigation', { name: 'Affiliate portal' }).getByRole('link', { name: 'Postbacks' }).click();
    const postbacks = page.getByRole('form', { name: 'Postback URLs' });
    await postbacks.getByLabel('Registration').fill('ftp://tracker.example/reg');
    await postbacks.getByRole('button', { name: 'Save' }).click();
    await expect(postbacks.getByRole('alert')).toContainText(/http/);
    for (const [label, event] of [
      ['Registration', 'reg'],
      ['First deposit', 'ftd'],
      ['CPA qualified', 'cpa'],
    ] as const) {
      await postbacks.getByLabel(label).fill(`https://tracker.example/pb/${event}?click={click_id}&sub={sub}&amount={amount}&player={player_id}`);
    }
    await postbacks.getByRole('button', { name: 'Save' }).click();
    await expect(postbacks.getByText('Postback URLs saved.')).toBeVisible();

    // 4. A player arrives through the link (the site's own address for it), registers, activates and deposits.
    const visitor = await visitorContext(browser);
    const player = await visitor.newPage();
    const { pathname, search } = new URL(copied);
    await player.goto(pathname + search);
    await waitForHydration(player);
    expect((await visitor.cookies()).find((cookie) => cookie.name === 'ma_token')?.value).toBeTruthy();
    const playerEmail = `referred-${tag}@example.com`;
    await registerThroughWizard(player, playerEmail);
    const activation = await mailedLink(servers.staging, playerEmail, /\/player\/activate\//);
    await player.goto(new URL(activation).pathname);
    await expect(player).toHaveURL(`${servers.staging}/`);
    await depositFor((await sessionOf(playerEmail)).token, 50_00);

    // 5. The affiliate sees the click, the registration and the first deposit, the same minute.
    await page.getByRole('navigation', { name: 'Affiliate portal' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(page.locator('[data-figure="registrations"] [data-value]')).toHaveText('1', { timeout: 2_000 });
      await expect(page.locator('[data-figure="ftds"] [data-value]')).toHaveText('1', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.locator('[data-figure="clicks"] [data-value]')).toHaveText('1');
    await expect(page.locator('[data-figure="cpa-qualified"] [data-value]')).toHaveText('1');
    await expect(page.locator('[data-figure="commission"] [data-value]')).toHaveText('EUR 25.00');
    await expect(page.getByRole('figure', { name: 'Clicks and registrations per day' })).toBeVisible();
    await expect(page.getByText(planName)).toBeVisible();
    // Only counts: the player's name and e-mail are nowhere in the portal.
    await expect(page.locator('body')).not.toContainText(playerEmail);
    await expect(page.locator('body')).not.toContainText('Reffy');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'portal-dashboard');

    await page.getByRole('navigation', { name: 'Affiliate portal' }).getByRole('link', { name: 'Reports' }).click();
    await page.getByLabel('Group').selectOption('sub');
    await page.getByRole('button', { name: 'Show' }).click();
    const subRow = page.locator('[data-report-row="spring-42"]');
    await expect(subRow).toContainText('spring-42');
    await expect(subRow).toContainText('EUR 50.00');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe('key,label,clicks,registrations,ftds,cpa_qualified,deposits,ngr');
    expect(csv).toContain('spring-42');
    expect(csv).not.toContain(playerEmail);
    await shoot(page, 'portal-reports');

    // The banner, with its code through the chosen link.
    await page.getByRole('navigation', { name: 'Affiliate portal' }).getByRole('link', { name: 'Creatives' }).click();
    const creative = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: bannerName }) });
    await expect(creative.getByRole('img', { name: bannerName })).toBeVisible();
    await expect.poll(() => creative.getByRole('img', { name: bannerName }).evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(728);
    await expect(creative.locator('code')).toContainText(
      `<a href="${copied.replace('&', '&amp;')}" rel="sponsored"><img src="https://casino.example/api/affiliates/creatives/`,
    );
    await creative.getByRole('button', { name: `Copy the code of ${bannerName}` }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('width="728" height="90"');
    await shoot(page, 'portal-creatives');

    // Every event went out as a postback, with the player's pseudonymous id only.
    await page.getByRole('navigation', { name: 'Affiliate portal' }).getByRole('link', { name: 'Postbacks' }).click();
    const log = page.getByRole('table', { name: 'Postback deliveries' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      for (const event of ['registration', 'first_deposit', 'cpa_qualified'])
        await expect(log.locator(`[data-delivery="${event}"]`)).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(log).toContainText('sub=spring-42');
    await expect(log).toContainText('amount=50.00');
    await expect(log).not.toContainText(playerEmail);
    await shoot(page, 'portal-postbacks');

    for (const [screen, heading] of [['Profile', 'Profile']] as const) {
      await page.getByRole('navigation', { name: 'Affiliate portal' }).getByRole('link', { name: screen }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await shoot(page, `portal-${screen.toLowerCase()}`);
    }

    // 6. The month's statement: the job run for this month (outside production a month in progress may be run by
    // hand), then reviewed and paid in the console.
    const month = new Date().toISOString().slice(0, 7);
    const run = await api<{ data: { status: string } }>(`/api/admin/jobs/${encodeURIComponent('affiliates:monthly-statements')}/run`, {
      method: 'POST',
      token: await operatorToken(),
      body: { reason: 'End-to-end statement run', period: month },
    });
    expect(run.status).toBe(200);
    expect(run.body.data.status).toBe('ran');

    await page.getByRole('navigation', { name: 'Affiliate portal' }).getByRole('link', { name: 'Statements' }).click();
    const statement = page.locator(`[data-statement="${month}"]`);
    await expect(statement).toContainText('In review');
    await expect(statement.getByTestId('statement-commission')).toHaveText('EUR 25.00');
    await expect(statement).toContainText('CPA: 1 qualified player');
    await expect(statement).not.toContainText('Revenue share');

    await staff.getByRole('tab', { name: 'Statements' }).click();
    const row = staff.locator(`[data-statement="${company} ${month}"]`);
    await slow(row).toBeVisible();
    await row.getByRole('button', { name: 'Approve…' }).click();
    dialog = staff.getByRole('dialog', { name: 'Approve statement' });
    await dialog.getByLabel('Reason').fill('Figures checked');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await slow(staff.getByText(`${company}'s statement for ${month} is approved.`)).toBeVisible();
    await staff.getByRole('group', { name: 'Statement status' }).getByRole('button', { name: 'Approved' }).click();
    await row.getByRole('button', { name: 'Pay…' }).click();
    dialog = staff.getByRole('dialog', { name: 'Pay statement' });
    await dialog.getByLabel('Reason').fill('Monthly affiliate run');
    await dialog.getByRole('button', { name: 'Pay €25.00' }).click();
    await slow(staff.getByText(/€25\.00 paid to|waits for a second staff member/)).toBeVisible();
    await staff.getByRole('group', { name: 'Statement status' }).getByRole('button', { name: 'All' }).click();
    await slow(row.getByText('Paid', { exact: true })).toBeVisible();
    await shoot(staff, 'console-statements');
    await staff.getByRole('tab', { name: 'Payouts' }).click();
    await slow(staff.getByRole('list', { name: 'Payouts' })).toContainText(company);
    await shoot(staff, 'console-payouts');

    await page.reload();
    await expect(statement).toBeVisible();
    await expect(page.getByRole('table', { name: 'Payouts' })).toContainText('EUR 25.00');
    await shoot(page, 'portal-statements');

    // The console's player page names the affiliate the player came through.
    const found = await api<{ data: { id: string | number }[] }>(`/api/admin/players?email=${encodeURIComponent(playerEmail)}`, {
      token: await operatorToken(),
    });
    const playerId = found.body.data[0]?.id;
    expect(playerId).toBeDefined();
    await staff.goto(`/admin/players/${playerId}`);
    await slow(staff.getByTestId('player-affiliate')).toContainText(company);

    // The affiliate-token sign-in: a one-time link the operator makes signs the affiliate in once.
    await staff.goto(`/admin/affiliates?open=${await affiliateId(email)}`);
    const opened = staff.getByTestId('affiliate-detail');
    await opened.getByRole('button', { name: 'Make a sign-in link…' }).click();
    dialog = staff.getByRole('dialog', { name: 'Make a sign-in link' });
    await dialog.getByLabel('Reason').fill('Partner lost their phone');
    await dialog.getByRole('button', { name: 'Make link' }).click();
    await slow(opened.getByTestId('sign-in-link')).toBeVisible();
    const signInLink = new URL((await opened.getByTestId('sign-in-link').locator('code').textContent()) ?? '');
    expect(signInLink.pathname).toBe('/affiliates/sign-in');
    const elsewhere = await visitorContext(browser);
    const fresh = await elsewhere.newPage();
    await fresh.goto(signInLink.pathname + signInLink.search);
    await expect(fresh).toHaveURL(/\/affiliates\/dashboard$/);
    await expect(fresh.getByRole('link', { name: `Partner portal ${company}` })).toBeVisible();
    // Used once: the same link again is refused.
    await fresh.goto(signInLink.pathname + signInLink.search);
    await expect(fresh.getByText('This sign-in link is not valid or has expired.')).toBeVisible();

    // The campaign ends: marketing removes the banner, saying why.
    await staff.goto('/admin/affiliates?tab=creatives');
    await staff.locator(`[data-creative="${bannerName}"]`).getByRole('button', { name: 'Remove…' }).click();
    dialog = staff.getByRole('dialog', { name: 'Remove banner' });
    await dialog.getByLabel('Reason').fill('The welcome campaign has ended');
    await dialog.getByRole('button', { name: 'Remove banner' }).click();
    await slow(staff.getByText(`${bannerName} is removed.`)).toBeVisible();
    await expect(staff.locator(`[data-creative="${bannerName}"]`)).toHaveCount(0);

    await elsewhere.close();
    await visitor.close();
    await staffContext.close();
  });

  test('the portal asks a visitor to sign in, refuses a player’s session, and loads none of its code on player pages', async ({ page }) => {
    // A player's session is not an affiliate's: the portal asks for its own sign-in.
    await logIn(page.context());
    await page.goto('/affiliates/reports');
    await expect(page).toHaveURL(/\/affiliates\/login\?next=%2Faffiliates%2Freports$/);
    await expect(page.getByRole('heading', { name: 'Partner portal sign-in' })).toBeVisible();
    await waitForHydration(page);
    await page.getByLabel('E-mail').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();

    // A one-time sign-in link that is not (or no longer) good says so, and leaves the address bar clean.
    await page.goto('/affiliates/sign-in?affiliate_token=not-a-real-token');
    await expect(page.getByText('This sign-in link is not valid or has expired.')).toBeVisible();
    await expect(page).toHaveURL(/\/affiliates\/sign-in$/);
    await shoot(page, 'portal-sign-in-link-expired');

    // The programme's page is a site page: under /en too, and linked from every page's footer.
    await page.goto('/en/affiliates');
    await expect(page.getByRole('heading', { level: 1, name: 'Affiliate programme' })).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Affiliates' })).toHaveAttribute('href', '/affiliates');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const file = readdirSync('build/client/assets').find((name) => /^manifest-[0-9a-f]+\.js$/.test(name))!;
    const text = readFileSync(`build/client/assets/${file}`, 'utf8');
    const manifest = JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '')) as { routes: Record<string, { module: string; imports?: string[] }> };
    const isPortal = (id: string) => id.startsWith('affiliate-portal-') || id === 'layout-affiliate-portal';
    const site = new Set(
      Object.entries(manifest.routes)
        .filter(([id]) => !isPortal(id))
        .flatMap(([, route]) => [route.module, ...(route.imports ?? [])]),
    );
    const portalModules = [
      ...new Set(
        Object.entries(manifest.routes)
          .filter(([id]) => isPortal(id))
          .flatMap(([, route]) => [route.module, ...(route.imports ?? [])]),
      ),
    ].filter((url) => !site.has(url));
    expect(portalModules.some((url) => url.includes('dashboard'))).toBe(true);
    expect(portalModules.length).toBeGreaterThan(6);
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    expect(loaded.some((url) => url.startsWith('/assets/'))).toBe(true);
    expect(loaded.filter((url) => portalModules.includes(url))).toEqual([]);
  });
});
