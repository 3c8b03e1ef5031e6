// GET /metrics (issue 35 §4): only with METRICS_TOKEN, only to its bearer, in Prometheus's text format, counting
// requests by route pattern (never a raw path or a player's id) and reading the ledger, the pool and the jobs.
import { describe, expect, it } from 'vitest';
import { paymentsKit } from './modules/payments/testing.ts';
import { useTestApp } from './test-app.ts';

const TOKEN = 'scraper-token-0123456789abcdef';
const t = useTestApp({ METRICS_TOKEN: TOKEN });
const off = useTestApp();
const kit = paymentsKit(t);

const scrape = (token?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

/** The value of one sample line, e.g. `croupier_http_requests_total{method="GET",route="/api/player/:id",status="2xx"}`. */
const sample = (text: string, line: RegExp) => {
  const found = text.split('\n').find((row) => line.test(row));
  return found === undefined ? undefined : Number(found.split(' ').at(-1));
};

describe('the metrics endpoint', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });

  it('answers only its bearer token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('scraper-token-0123456789abcdeX')).statusCode).toBe(401);
    expect((await scrape(`${TOKEN}extra`)).statusCode).toBe(401);
    const ok = await scrape(TOKEN);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    expect(ok.headers['cache-control']).toBe('no-store');
  });

  it('counts requests by route pattern and reads the ledger, the jobs and the process', async () => {
    const before = (await scrape(TOKEN)).body;
    const journalsBefore = sample(before, /^croupier_ledger_journals_written /) ?? 0;
    const player = await kit.player();
    await kit.deposit(player.token, 20_00);
    for (const id of ['1', '2', '3']) await t.app.inject({ method: 'GET', url: `/api/games/${id}` });
    const text = (await scrape(TOKEN)).body;
    // The pattern, not the three paths: labels stay bounded and hold no identifiers.
    expect(sample(text, /^croupier_http_requests_total\{method="GET",route="\/api\/games\/:[A-Za-z]+",status="4xx"\}/)).toBeGreaterThanOrEqual(3);
    expect(text).not.toMatch(/route="\/api\/games\/[0-9]/);
    expect(text).toMatch(/^croupier_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/games\/:/m);
    expect(sample(text, /^croupier_ledger_journals_written /)).toBeGreaterThan(journalsBefore);
    expect(text).toMatch(/^croupier_db_pool_connections|^# HELP croupier_db_pool_connections/m);
    expect(text).toMatch(/^croupier_nodejs_eventloop_lag_seconds /m);
    expect(text).toContain('# TYPE croupier_job_last_run_timestamp_seconds gauge');
  });
});
