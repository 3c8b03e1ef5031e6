// The API reference in a real browser: Scalar renders the OpenAPI document from our own bundle under our CSP
// (the fixture fails the test on any CSP violation).
import { expect, test } from './fixtures.ts';

test('/api/docs renders the API reference with its operations', async ({ page, cspViolations }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(page.url() === 'about:blank' ? request.url() : page.url()).origin) foreign.push(request.url());
  });
  await page.goto('/api/docs');
  await expect(page).toHaveURL(/\/api\/docs\/$/);
  await expect(page.getByRole('heading', { name: 'Croupier API' })).toBeVisible({ timeout: 30_000 });
  // An operation as the reference lists it: its method and path.
  await expect(page.getByText('/api/health').first()).toBeVisible();
  expect(foreign).toEqual([]);
  // zod inside Scalar's bundle probes whether it may compile code (`Function('')` in a try) and, refused by our
  // policy (no 'unsafe-eval'), validates without it. That refusal is the policy working; anything else fails.
  const probe = /script-src blocked eval at .*\/api\/docs\/js\/scalar\.js/;
  const others = cspViolations.filter((violation) => !probe.test(violation) && !/unsafe-eval/.test(violation));
  expect(others).toEqual([]);
  cspViolations.length = 0;
});
