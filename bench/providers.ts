// Provider callbacks benchmark (issue 29 §7): signed Hub88 Wallet API bet + win pairs, as an aggregator sends them
// for each spin, from BENCH_PLAYERS (100) concurrent game sessions through HTTP to the production server:
// - callbacks per second back to back, as a ratio to bare ledger.transfer bets (cash → the player's game account
//   shard) with the same concurrency on the same database, measured before and after in the same run;
// - latency at a paced 300 callbacks/s offered (each session a bet and its win every 667 ms): what an aggregator,
//   which times out at 3–10 s, sees from a casino that keeps up. Goal: p99 ≤ 50 ms, ratio ≥ 0.4.
// The reference aggregator runs in this process for the launch (game/url hands it the session's token); the bench
// then signs the Wallet API calls itself with the aggregator's key, exactly as the aggregator does. It signs them
// before the clock starts: an aggregator signs on its own machines, and an RSA signature (about a millisecond of CPU)
// made here, on the server's two cores, measured the load generator as much as the casino. BENCH_SIGN_LIVE=1 signs
// each call as it is sent, as before.
//   DATABASE_URL=postgres://… node bench/providers.ts     (a fresh database on that server; the goal's setting)
//   node bench/providers.ts                               (embedded PGlite, for comparison)
// BENCH_SECONDS (default 10) per measurement; BENCH_PLAYERS (default 100) sessions.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAggregator } from '../aggregator/aggregator.ts';
import { privateKeyFrom, SIGNATURE_HEADER, signBody } from '../aggregator/signing.ts';
import { openDatabase } from '../server/db/client.ts';
import { createLedgerService } from '../server/modules/ledger/service.ts';
import { json, readyHttpPlayer } from './support/http-player.ts';
import { ledgerBets, measure, type Rate, rateRow, throwawayDatabase } from './support/load.ts';
import { startProductionServer } from './support/production-server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const sessions = Number(process.env.BENCH_PLAYERS ?? 100);
const serverUrl = process.env.DATABASE_URL;
const SLUG = 'lantern-drift';
const FUNDS = 5_000_00;
/** Hub88 amounts are the currency's units × 100 000: a 0.10 stake. */
const STAKE = 10_000;
const PACED_CALLBACKS_PER_SECOND = 300;
const signLive = process.env.BENCH_SIGN_LIVE === '1';
/** Spins signed ahead for each session: enough for both measurements at 1,000 callbacks/s back to back. */
const SPINS_AHEAD = Math.ceil(((1_000 + PACED_CALLBACKS_PER_SECOND) * seconds) / 2 / sessions) + 2;

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as AddressInfo;
    probe.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
const pem = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const aggregatorKeys = pem();
const operatorKeys = pem();
const signingKey = privateKeyFrom(aggregatorKeys.privateKey);

const aggregator = await startAggregator({
  port: 0,
  privateKey: aggregatorKeys.privateKey,
  operatorPublicKey: operatorKeys.publicKey,
  operatorWalletUrl: `${base}/api/hub88`,
  operatorId: 42,
  frameAncestors: [base],
  log: () => {},
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'croupier-bench-providers-'));
const database = serverUrl ? await throwawayDatabase(serverUrl, 'croupier_bench_providers') : undefined;
// Loopback allowlisted so the per-IP limits do not stop the setup; the sandbox card funds the players; games new to
// the aggregator's list are offered at once (the server synchronises the list as it starts).
const server = await startProductionServer(port, {
  DATA_DIR: dataDir,
  RATE_LIMIT_ALLOWLIST: '127.0.0.1',
  PAYMENTS_SANDBOX: 'true',
  HUB88_OPERATOR_ID: '42',
  HUB88_API_URL: aggregator.url,
  HUB88_PUBLIC_KEY: aggregatorKeys.publicKey,
  HUB88_PRIVATE_KEY: operatorKeys.privateKey,
  HUB88_NEW_GAMES: 'on',
  ...(database ? { DATABASE_URL: database.url } : {}),
});

type Session = { playerId: number; user: string; token: string; gameCode: string; currency: string };

type Signed = { path: '/transaction/bet' | '/transaction/win'; body: string; signature: string };
type SignedSpin = [bet: Signed, win: Signed];

/** One Wallet API call as the aggregator signs it, with its own request_uuid. */
function signed(path: Signed['path'], fields: Record<string, unknown>): Signed {
  const body = JSON.stringify({ ...fields, request_uuid: randomUUID() });
  return { path, body, signature: signBody(body, signingKey) };
}

/** A spin as the aggregator reports it: the bet, then its win (as large as the stake, so the funds last). */
function signedSpin(session: Session): SignedSpin {
  const round = randomUUID();
  const bet = randomUUID();
  const win = randomUUID();
  const common = {
    user: session.user,
    token: session.token,
    game_code: session.gameCode,
    supplier_user: session.user,
    round,
    currency: session.currency,
    is_free: false,
    is_aggregated: false,
    bet: 'slot:1-line',
  };
  return [
    signed('/transaction/bet', { ...common, transaction_uuid: bet, supplier_transaction_id: `bench-bet-${bet}`, round_closed: false, amount: STAKE }),
    signed('/transaction/win', {
      ...common,
      transaction_uuid: win,
      supplier_transaction_id: `bench-win-${win}`,
      reference_transaction_uuid: bet,
      round_closed: true,
      amount: STAKE,
    }),
  ];
}

/** Sends one signed call; its latency in ms, or null unless the answer is RS_OK. */
async function callback({ path, body, signature }: Signed): Promise<number | null> {
  const started = performance.now();
  const response = await fetch(`${base}/api/hub88${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    body,
  });
  const answer = (await response.json()) as { status?: string };
  return response.status === 200 && answer.status === 'RS_OK' ? performance.now() - started : null;
}

/** Each session's spins signed ahead, taken in order; once they run out (or with BENCH_SIGN_LIVE=1), signed as sent. */
const signedAhead = new Map<Session, SignedSpin[]>();
let signedLate = 0;

async function spin(session: Session): Promise<number[] | false> {
  const ahead = signedAhead.get(session)?.shift();
  if (!ahead && signedAhead.size > 0) signedLate++;
  const [bet, win] = ahead ?? signedSpin(session);
  const betMs = await callback(bet);
  if (betMs === null) return false;
  const winMs = await callback(win);
  return winMs === null ? false : [betMs, winMs];
}

try {
  console.log(`setting up ${sessions} activated players with ${FUNDS / 100} EUR each, each with a real-money session of ${SLUG}…`);
  const players: { id: number; token: string }[] = [];
  for (let i = 0; i < sessions; i += 10)
    players.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, sessions - i) }, (_, k) => readyHttpPlayer({ base, dataDir, label: `providers-bench-${i + k}`, funds: FUNDS })),
      )),
    );
  const gameSessions: Session[] = [];
  for (const player of players) {
    const launched = await json(
      await fetch(`${base}/api/games/${SLUG}/launch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${player.token}` },
        body: JSON.stringify({ mode: 'real' }),
      }),
    );
    const id = new URL(launched.data.url).pathname.split('/').pop()!;
    const session = aggregator.play.sessions.get(id);
    if (!session?.token || !session.user) throw new Error(`the aggregator holds no real-money session ${id}`);
    gameSessions.push({ playerId: player.id, user: session.user, token: session.token, gameCode: session.game.game_code, currency: session.currency });
  }

  const ledgerDatabase = await openDatabase(
    database ? { driver: 'postgres', url: database.url } : { driver: 'pglite', dataDir: mkdtempSync(path.join(tmpdir(), 'croupier-bench-providers-ledger-')) },
  );
  try {
    // On PGlite the server's database belongs to its process: the ledger baseline then runs on one of its own.
    const ledgerRate = database
      ? await ledgerBets(
          createLedgerService({ db: ledgerDatabase.db }),
          players.map((p) => p.id),
          { seconds },
        )
      : undefined;
    // Each session's first spin finds its accounts and warms the server's caches; measure the steady state after it.
    await Promise.all(gameSessions.map(spin));
    if (!signLive) {
      console.log(`signing ${SPINS_AHEAD} spins ahead for each session…`);
      for (const session of gameSessions)
        signedAhead.set(
          session,
          Array.from({ length: SPINS_AHEAD }, () => signedSpin(session)),
        );
    }

    console.log(
      `${sessions} concurrent sessions, ${seconds} s per measurement, database: ${database ? 'PostgreSQL' : 'PGlite'}, calls signed ${signLive ? 'as sent' : 'ahead'}\n`,
    );
    const before = ledgerRate && (await ledgerRate());
    const backToBack = await measure({ loops: sessions, seconds }, (loop) => spin(gameSessions[loop]!));
    const paceMs = (2 * sessions * 1000) / PACED_CALLBACKS_PER_SECOND;
    const paced = await measure({ loops: sessions, seconds, paceMs }, (loop) => spin(gameSessions[loop]!));
    const after = ledgerRate && (await ledgerRate());

    if (before) rateRow('ledger.transfer bet alone (before)', before);
    rateRow('Hub88 bet and win callbacks, back to back', backToBack);
    rateRow(`  paced, ${PACED_CALLBACKS_PER_SECOND} callbacks/s offered`, paced);
    if (after) rateRow('ledger.transfer bet alone (after)', after);
    if (before && after) {
      const ledgerMean = (before.rps + after.rps) / 2;
      console.log(`\ncallbacks / ledger transfers: ${(backToBack.rps / ledgerMean).toFixed(2)} (goal ≥ 0.4)`);
    }
    if (signedLate > 0) console.log(`(${signedLate} spins ran past those signed ahead and were signed as sent)`);
    const goal = (r: Rate) => (r.p99 <= 50 ? 'met' : 'not met');
    console.log(`paced p99: ${paced.p99.toFixed(1)} ms (goal ≤ 50 ms: ${goal(paced)})`);
  } finally {
    await ledgerDatabase.close();
  }
} finally {
  await server.stop();
  await aggregator.close();
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
}
