// Attacks a browser can carry out, tried in a browser: a sibling site on the same host posting with the player's
// cookie, and addresses that are not pages.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, expect, playerTest, servers, waitForHydration } from './fixtures.ts';

type Seeds = { data: { server_seed_hash: string; client_seed: string; nonce: number } };

playerTest.describe('cross-site request forgery', () => {
  playerTest("a page on another port of the same host cannot act with the player's cookie", async ({ page, player }) => {
    const before = await api<Seeds>('/api/fairness', { token: player.token });
    // A sibling site on the same host: same site for cookies (ports do not count), so SameSite=Strict sends the
    // cookie; another origin, which the Origin header tells.
    const attackerPage = `<!doctype html><title>Prize draw</title><p id="done">…</p><script>
      Promise.allSettled([
        fetch('${servers.staging}/api/fairness/rotate', { method: 'POST', mode: 'no-cors', credentials: 'include' }),
        fetch('${servers.staging}/api/fairness/client-seed', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: '{"client_seed":"forged"}' }),
      ]).then(() => (document.getElementById('done').textContent = 'sent'));
    </script>`;
    const sibling = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(attackerPage));
    await new Promise<void>((resolve) => sibling.listen(0, '127.0.0.1', resolve));
    const attacker = `http://127.0.0.1:${(sibling.address() as AddressInfo).port}/prize-draw`;
    // Both requests reach the server and are answered; the browser then withholds the answers from the page
    // (Cross-Origin-Resource-Policy), which it reports as blocked by the response, not as never sent.
    const sent: string[] = [];
    page.on('requestfinished', (request) => request.url().startsWith(servers.staging) && sent.push('answered'));
    page.on('requestfailed', (request) => request.url().startsWith(servers.staging) && sent.push(request.failure()?.errorText ?? 'failed'));
    await page.goto(attacker);
    await expect(page.locator('#done')).toHaveText('sent');
    sibling.close();
    await expect.poll(() => sent.length).toBe(2);
    for (const outcome of sent) expect(outcome).toMatch(/^answered$|BLOCKED_BY_RESPONSE/);

    const after = await api<Seeds>('/api/fairness', { token: player.token });
    expect(after.body.data.server_seed_hash).toBe(before.body.data.server_seed_hash);
    expect(after.body.data).not.toMatchObject({ client_seed: 'forged' });
  });

  playerTest('the site itself still writes with the cookie', async ({ page }) => {
    await page.goto('/account/profile');
    await waitForHydration(page);
    const status = await page.evaluate(async () => (await fetch('/api/fairness/rotate', { method: 'POST', headers: { accept: 'application/json' } })).status);
    expect(status).toBe(200);
  });
});

playerTest.describe('addresses that are not pages', () => {
  playerTest('are not found, or refused as malformed, never a server error', async ({ page }) => {
    for (const [path, status] of [
      ['//', 404],
      ['///', 404],
      ['/promotion/%00', 404],
      ['/en/promotion/a%00b', 404],
      ['/%E0%A4%A', 400],
    ] as const) {
      const response = await fetch(`${servers.staging}${path}`, {
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36' },
      });
      expect(response.status, path).toBe(status);
    }
    const response = await page.goto('/promotion/%00');
    expect(response?.status()).toBe(404);
    await expect(page.getByText(/Page Not Found/)).toBeVisible();
  });
});
