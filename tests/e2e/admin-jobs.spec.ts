// The jobs screen (issue 32 §6, docs/decisions/0068-operator-jobs.md): every scheduled job with its
// schedule, next run and last runs; an admin runs one by hand with a reason and sees the result and the new run;
// a role without jobs.run sees the jobs but no Run button. Screenshots at 1280 px and 375 px.
import type { Page } from '@playwright/test';
import { expect, newStaff, signInOperator, staffPage } from './admin-fixtures.ts';
import { screenshotPage, test } from './fixtures.ts';

test.describe.configure({ timeout: 120_000 });

/** Screenshots at both widths, into test-results/admin/{name}-{width}.png, checking the page never scrolls sideways. */
async function shootJobs(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshotPage(page, `test-results/admin/${name}-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin sees every job and runs one by hand with a reason: the result shows and the run is in its list', async ({ page }) => {
  await signInOperator(page, '/admin/jobs');
  await expect(page.getByRole('heading', { name: 'Jobs', exact: true })).toBeVisible();
  const jobs = page.getByTestId('job');
  await expect(jobs.first()).toBeVisible();
  for (const name of ['games:interrupted-rounds', 'clubs:weekly-cashback', 'audit:anchor', 'jobs:prune-runs']) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  const cashback = page.getByRole('region', { name: 'clubs:weekly-cashback' });
  await expect(cashback).toContainText('Every Monday at 00:05 UTC');
  await expect(cashback).toContainText('cashback');

  const anchor = page.getByRole('region', { name: 'audit:anchor' });
  await anchor.getByRole('button', { name: 'Run audit:anchor now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run audit:anchor now' });
  await expect(dialog.getByTestId('confirm-effect')).toContainText('audit log’s newest hash');
  await dialog.getByRole('button', { name: 'Run now' }).click();
  await expect(dialog.getByText('Give a reason of at least 3 characters.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Anchor before the auditors arrive');
  await shootJobs(page, 'jobs-run-dialog');
  await dialog.getByRole('button', { name: 'Run now' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('job-outcome')).toContainText(/audit:anchor ran for period .+ in .+: anchored/);

  await anchor.getByRole('button', { name: 'Runs' }).click();
  const runs = anchor.getByRole('list', { name: 'Runs of audit:anchor' });
  await expect(runs.getByTestId('job-run').first()).toContainText('ran');
  await expect(runs.getByTestId('job-run').first()).toContainText('ops@casino.example');
  await expect(anchor).toContainText('Last run');
  await shootJobs(page, 'jobs');
});

test('a role without jobs.run sees the jobs and their runs but no Run button', async ({ page, context }) => {
  await page.close();
  const support = await staffPage(context, await newStaff('support'), '/admin/jobs');
  await expect(support.getByRole('heading', { name: 'Jobs', exact: true })).toBeVisible();
  await expect(support.getByTestId('job').first()).toBeVisible();
  await expect(support.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Jobs', exact: true })).toBeVisible();
  await expect(support.getByRole('button', { name: 'Runs' }).first()).toBeVisible();
  await expect(support.getByRole('button', { name: /now$/ })).toHaveCount(0);
  await shootJobs(support, 'jobs-support');
});
