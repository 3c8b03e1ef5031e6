// The back office's bonus editor and its promotions and pages editor (issue 18): a marketing staff member builds
// an offer while its preview follows the typing, and players then see it; the FAQ's Markdown is edited with the
// site's sanitised rendering beside it, and /faq shows the new text.
import { expect, newStaff, STAFF_PASSWORD, shoot, signIn } from './admin-fixtures.ts';
import { logIn, test, waitForHydration } from './fixtures.ts';

test.describe('bonuses and content in the back office', () => {
  test.describe.configure({ timeout: 120_000 });

  test('marketing creates a public deposit match, watching the preview as they type, and players see it on /all-bonuses', async ({ page, context }) => {
    const email = await newStaff('marketing');
    await signIn(page, email, STAFF_PASSWORD, '/admin/bonuses');
    await expect(page.getByRole('heading', { name: 'Bonuses' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Bonuses' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Content' })).toBeVisible();
    const offers = page.getByRole('table', { name: 'Bonus offers' });
    await expect(offers.getByRole('row').filter({ hasText: 'welcome-match' })).toBeVisible();

    const slug = `e2e-match-${Date.now().toString(36)}`;
    const form = page.getByRole('form', { name: 'Bonus offer' });
    const preview = page.getByRole('region', { name: 'Preview' });
    const card = preview.locator('[data-bonus]');
    await form.getByLabel('Slug').fill(slug);
    await form.getByLabel('Title', { exact: true }).fill('Friday match up to €200');
    await form.getByLabel('Second line', { exact: true }).fill('every Friday');
    await form.getByLabel('Banner', { exact: true }).fill('Friday boost');
    await expect(card).toContainText('Friday match up to €200');
    await expect(card).toContainText('Friday boost');
    const percent = form.getByLabel('Match percent');
    await percent.fill('1');
    await expect(card).toContainText('We add 1% of your deposit as bonus money');
    await percent.pressSequentially('50');
    await expect(card).toContainText('We add 150% of your deposit as bonus money');
    await form.getByLabel('Maximum bonus (€)').fill('200');
    await expect(card).toContainText('up to €200.00');

    // The house's wagering cap is the server's: its 422 lands on the field.
    const wagering = form.getByLabel('Wagering (× bonus)');
    await wagering.fill('35');
    await expect(card).toContainText('Wager the bonus 35 times');
    await form.getByRole('button', { name: 'Create offer' }).click();
    await expect(wagering).toHaveAccessibleDescription('The wagering may not be more than 10 times the bonus.');
    await expect(wagering).toHaveAttribute('aria-invalid', 'true');
    await wagering.fill('8');
    await expect(card).toContainText('Wager the bonus 8 times within 30 days');
    await form.getByLabel('Sort order').fill('9000');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'bonuses');

    await form.getByRole('button', { name: 'Create offer' }).click();
    await expect(form.getByText('Created “Friday match up to €200”. Players see it on /all-bonuses.')).toBeVisible();
    const row = offers.getByRole('row').filter({ hasText: slug });
    await expect(row).toContainText('active');

    // A signed-in player (the wallet pages are for players); the staff token lives in the console tab only.
    await logIn(context);
    const player = await context.newPage();
    await player.goto('/all-bonuses');
    const offer = player.locator(`[data-bonus="${slug}"]`);
    await expect(offer).toBeVisible();
    await expect(offer).toContainText('Friday match up to €200');
    await offer.getByText('Terms').click();
    await expect(offer).toContainText('We add 150% of your deposit as bonus money, up to €200.00.');

    // Retired, it leaves the site; the table says so.
    await row.getByRole('button', { name: `Retire ${slug}` }).click();
    await expect(row).toContainText('retired');
    await player.reload();
    await expect(player.getByRole('heading', { name: 'Bonuses' })).toBeVisible();
    await expect(player.locator(`[data-bonus="${slug}"]`)).toHaveCount(0);
  });

  test('marketing edits the FAQ with a sanitised preview, saves, and /faq shows the new text', async ({ page, context }) => {
    const email = await newStaff('marketing');
    await signIn(page, email, STAFF_PASSWORD, '/admin/content');
    await expect(page.getByRole('heading', { name: 'Content' })).toBeVisible();
    const markdown = page.getByRole('form', { name: 'Page Markdown' }).getByLabel('Markdown');
    await expect(markdown).toHaveValue(/title: Frequently asked questions/);
    const original = await markdown.inputValue();

    // Added at the end, so the FAQ's own answers stay for anyone reading it meanwhile.
    const stamp = Date.now().toString(36);
    await markdown.fill(
      `${original}\n\n## Do you pay out at weekends?\n\nYes: weekend payouts, note ${stamp}.\n\n<script>window.hacked = true</script>\n\n[Free money](javascript:alert(1))`,
    );
    const preview = page.getByRole('region', { name: 'Page preview' });
    await expect(preview.getByRole('heading', { name: 'Do you pay out at weekends?' })).toBeVisible();
    await expect(preview).toContainText(`weekend payouts, note ${stamp}`);
    await expect(preview).toContainText('Free money');
    await expect(preview.locator('script')).toHaveCount(0);
    await expect(preview.locator('a[href^="javascript"]')).toHaveCount(0);
    await expect(preview.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    await preview.getByRole('heading', { name: 'Do you pay out at weekends?' }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'content');

    await page.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByText('Saved. /faq shows it now.')).toBeVisible();
    await expect(page.getByText('edited', { exact: true })).toBeVisible();

    const player = await context.newPage();
    await player.goto('/faq');
    await waitForHydration(player);
    await expect(player.getByRole('heading', { name: 'Do you pay out at weekends?' })).toBeVisible();
    await expect(player.getByText(`weekend payouts, note ${stamp}`)).toBeVisible();
    await expect(player.getByText('Free money')).toBeVisible();
    await expect(player.locator('a[href^="javascript"]')).toHaveCount(0);
    expect(await player.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();

    // Back to the bundled file: the addition goes.
    await page.getByRole('button', { name: 'Back to the bundled file' }).click();
    await expect(page.getByText('/faq shows the bundled file again.')).toBeVisible();
    await player.reload();
    await expect(player.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    await expect(player.getByText(`weekend payouts, note ${stamp}`)).toHaveCount(0);

    // Promotions: the list and an editor whose body preview is the site's rendering too.
    await page.getByRole('tab', { name: 'Promotions' }).click();
    const promotions = page.getByRole('table', { name: 'Promotions' });
    await expect(promotions.getByRole('row').nth(1)).toBeVisible();
    await promotions
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const promotion = page.getByRole('form', { name: 'Promotion' });
    await expect(promotion.getByLabel('Title', { exact: true })).not.toHaveValue('');
    await expect(page.getByRole('region', { name: 'Promotion preview' }).locator('.prose-casino > *').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'content-promotions');
  });

  test('support has neither screen: no navigation entry, and the API refuses naming the permission', async ({ page }) => {
    const email = await newStaff('support');
    await signIn(page, email, STAFF_PASSWORD, '/admin/bonuses');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Players' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Bonuses' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Content' })).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: 'bonuses.manage' })).toBeVisible();
  });
});
