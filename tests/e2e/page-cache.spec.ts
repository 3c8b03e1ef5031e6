// The guest page cache in a real browser (decision 0097): a page served from the cache runs under the policy of the
// response that carried it (the suite's fixture fails on any CSP violation), hydrates and navigates; a signed-in
// player's pages never come from it.
import { randomBytes } from 'node:crypto';
import { expect, test, waitForHydration } from './fixtures.ts';

test('a guest’s page from the cache hydrates under its own nonce and navigates on the client', async ({ page }) => {
  const url = `/faq?visit=${randomBytes(4).toString('hex')}`;
  const first = await page.goto(url);
  expect(first?.headers()['x-page-cache']).toBe('miss');
  await waitForHydration(page);
  const again = await page.goto(url);
  expect(again?.headers()['x-page-cache']).toBe('hit');
  await waitForHydration(page);
  const data = page.waitForResponse((response) => new URL(response.url()).pathname === '/responsible-gaming.data');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: /responsible gaming/i })
    .first()
    .click();
  expect((await data).status()).toBe(200);
  await expect(page).toHaveURL(/\/responsible-gaming$/);
});

test('a signed-in player’s pages are rendered for them alone', async ({ playerPage }) => {
  const home = await playerPage.goto('/');
  expect(home?.headers()['x-page-cache']).toBe('bypass');
  await waitForHydration(playerPage);
});
