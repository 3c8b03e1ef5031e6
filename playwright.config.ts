import { defineConfig } from '@playwright/test';

// Five production-build servers, each with its own fresh embedded database:
// staging (the main one: /test-route exists), maintenance on, production, ops: the back office's site-wide
// switches (maintenance, games off, route rules, a failing mailer) are tried there, away from the other suites, and
// providers: Hub88's games, with the reference aggregator (aggregator/) in its process on the port after it, so the
// provider games it switches on stay out of the other suites' lobbies.
// E2E_PORT_BASE lets two checkouts run their browser suites side by side.
const base = Number(process.env.E2E_PORT_BASE ?? 3100);
export const servers = {
  staging: `http://127.0.0.1:${base + 1}`,
  maintenance: `http://127.0.0.1:${base + 2}`,
  production: `http://127.0.0.1:${base + 3}`,
  ops: `http://127.0.0.1:${base + 4}`,
  providers: `http://127.0.0.1:${base + 5}`,
};
/** Where the providers server's reference aggregator listens (its game pages and art, framed by that server). */
export const aggregatorUrl = `http://127.0.0.1:${base + 6}`;
/** The providers server's local EVM chain (docs/decisions/0109): the crypto test sends test coins and mines blocks on it. */
export const localChainUrl = `http://127.0.0.1:${base + 7}`;

// Headless Chromium announces itself as "HeadlessChrome", which isbot counts as a bot; players' browsers don't.
export const playerUserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

// The operator the account tests use to block players and switch activation to SMS.
export const operator = { OPERATOR_EMAIL: 'ops@casino.example', OPERATOR_PASSWORD: 'Pit-Boss#2026' };
/** Production staff must sign in with two factors: OPERATOR_TOTP_SECRET enrols the production server's operator. */
export const operatorTotpSecret = 'KRUGKIDROVUWG2ZAMJZG653OEBTG66BA';
/**
 * The staging server's crash table (docs/decisions/0101-deterministic-crash-tests.md): its first hash chain is made
 * from this known seed and its multiplier runs `speed` times as fast, so the crash test knows every round's crash
 * point and how long it runs. Its betting window leaves two browsers on a busy machine time to bet; a short pause
 * keeps rounds coming.
 */
export const crashTable = { seed: '5c0ed47089f092ec93f792aeab3a257e1da7d95165034491f9c5dcc3b2480f51', speed: 4, bettingMs: 4_000, pauseMs: 500 };

/**
 * The production server's third parties (consent.spec.ts answers both scripts itself). The chat's `.example` host never
 * resolves; the tag manager's id is unknown to Google, so a page with consent stored gets a 404 at most.
 */
export const thirdParties = { analyticsId: 'GTM-E2E0034', supportChatUrl: 'https://chat.example/widget.js' };

/**
 * Password hashing at argon2id's cheapest (1 MiB, one pass) on every server but the production one, which keeps the
 * full cost it must have (the server refuses less there). The suites register players and sign players and staff in
 * hundreds of times; at full cost each hash takes a sixth of a second of a core the browsers need. What is tested is the
 * accounts, not the hash's cost: the server's own tests check the parameters and the refusal.
 */
const cheapHashing = { ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' };

// One server's environment. The suites register and log in many players from one address; the per-IP limits have their
// own HTTP tests.
const server = (port: number, env: Record<string, string>): Record<string, string> => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: `test-results/e2e-data-${port}`,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_ALLOWLIST: '127.0.0.1',
  REALTIME_PORT: '0',
  ...(env.APP_ENV === 'production' ? {} : cheapHashing),
  ...env,
});

/** The servers' environments, in the order of `servers` above. */
const e2eServers = [
  // The crash test's known table (crashTable above).
  server(base + 1, {
    APP_ENV: 'staging',
    PUBLIC_URL: 'https://casino.example',
    CRASH_CHAIN_SEED: crashTable.seed,
    CRASH_SPEED: String(crashTable.speed),
    CRASH_BETTING_MS: String(crashTable.bettingMs),
    CRASH_PAUSE_MS: String(crashTable.pauseMs),
    // The operator's own slot caps keep the default profile's players capped as limits.spec.ts expects (decision 0120).
    MAX_SLOT_STAKE: '500',
    MAX_SLOT_STAKE_UNDER_25: '200',
    ...operator,
  }),
  server(base + 2, { MAINTENANCE: 'true' }),
  // Analytics and a support chat configured (never reachable: consent.spec.ts answers their scripts itself), so the
  // consent test can prove neither loads before the visitor allows it (issue 34 §3).
  server(base + 3, {
    APP_ENV: 'production',
    ...operator,
    OPERATOR_TOTP_SECRET: operatorTotpSecret,
    ANALYTICS_ID: thirdParties.analyticsId,
    SUPPORT_CHAT_URL: thirdParties.supportChatUrl,
  }),
  // The UK licence beside the default: jurisdictions.spec.ts registers a UK player there (docs/decisions/0120).
  server(base + 4, { ...operator, JURISDICTIONS: 'UKGC,default' }),
  server(base + 5, { APP_ENV: 'staging', ...operator, E2E_AGGREGATOR_PORT: String(base + 6), E2E_LOCAL_CHAIN_PORT: String(base + 7) }),
];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e-artifacts-${base}`,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A budget for a whole test on a busy 2-core machine, not a measure: a test that loads six pages took 35 s
  // while other suites ran beside it. Each step still has its own short expect timeout.
  timeout: 60_000,
  // Each step's wait, not a measure: a login (a full-cost password hash) and the full page load after it took
  // longer than Playwright's default 5 s on a loaded CI machine while the other worker and four servers ran.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: base === 3100 ? 'test-results/e2e.json' : `test-results/e2e-${base}.json` }]],
  use: {
    baseURL: servers.staging,
    userAgent: playerUserAgent,
    // No trace: recording one for every test, to keep it for none that pass, cost about a tenth of the suite's time
    // (bench/README.md, "Test time"). A failed test keeps a screenshot of its page and Playwright's error context
    // (the page's accessibility tree at the failure); `npx playwright test --trace on <spec>` records one when needed.
    trace: 'off',
    screenshot: 'only-on-failure',
    // Cookie consent is given by tests/e2e/fixtures.ts (`consentGiven`), in the first page of each origin.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // The five servers start side by side in one command (scripts/e2e-server.ts), which says when all of them answer:
  // Playwright starts a list of web servers one after another. A start-up wait, not a measure: a loaded machine once
  // took longer than a minute to bring three servers up.
  webServer: {
    command: 'node scripts/e2e-server.ts',
    wait: { stdout: /^e2e servers ready$/m },
    timeout: 180_000,
    env: { E2E_SERVERS: JSON.stringify(e2eServers) },
  },
});
