// The Content-Security-Policy in a real browser: what it must stop, and that the suite's guard sees it stop it.
import { expect, servers, test, waitForHydration } from './fixtures.ts';

test('an inline script injected into a page does not run', async ({ page, cspViolations }) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.head.appendChild(script);
  });
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  await expect.poll(() => cspViolations.join('\n')).toMatch(/script-src/);
  cspViolations.length = 0;
});

test('the withdrawal page cannot be framed', async ({ page, cspViolations }) => {
  await page.setContent(`<iframe src="${servers.staging}/withdraw" title="framed"></iframe>`);
  await expect.poll(() => cspViolations.join('\n')).toMatch(/frame-ancestors/);
  const framed = page.frames().find((frame) => frame !== page.mainFrame());
  expect(await framed?.locator('[data-layout]').count()).toBe(0);
  cspViolations.length = 0;
});
