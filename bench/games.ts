// Games benchmark (issue 6; dice and plinko since issue 17): real-money rounds per second through the full HTTP path of the production server
// (auth, validation, fair floats, the bet and win transfers, the round row, the answer) at BENCH_PLAYERS (100)
// concurrent players, each its own activated, funded player with its own token, one request in flight each;
// p50/p99 latency; as a ratio to the rate of bare ledger.transfer bets (cash → the player's shard of the house's game
// account, as a round's bet: decision 0091) with the same concurrency on the same kind of database, measured before
// and after in the same run; and, for comparison with figures from before the shards, bets that all go to one game
// account. One more roulette run paces each player to a round a second (100 rounds/s offered): the latency a player
// sees at a load the server keeps up with, where the back-to-back runs measure a queue (p50 ≈ 100 / rate).
//   node bench/games.ts                                   (embedded PGlite: the server's own, and one here for the ledger)
//   DATABASE_URL=postgres://… node bench/games.ts         (a fresh database on that server, shared by both)
// BENCH_SECONDS (default 10) per measurement.
import { benchPerson } from './support/bench-player.ts';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { players as playersTable } from '../server/modules/accounts/schema.ts';
import { createLedgerService } from '../server/modules/ledger/service.ts';
import { json, readyHttpPlayer } from './support/http-player.ts';
import { ledgerBets, measure, rateRow, throwawayDatabase } from './support/load.ts';
import { startProductionServer } from './support/production-server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const playerCount = Number(process.env.BENCH_PLAYERS ?? 100);
const serverUrl = process.env.DATABASE_URL;
const port = 3921;
const base = `http://127.0.0.1:${port}`;
const FUNDS = 5_000_00;

const readyPlayer = (dataDir: string, i: number) => readyHttpPlayer({ base, dataDir, label: `games-bench-${i}`, funds: FUNDS });

const dataDir = mkdtempSync(path.join(tmpdir(), 'croupier-bench-games-'));
const ledgerDir = mkdtempSync(path.join(tmpdir(), 'croupier-bench-games-ledger-'));
const database = serverUrl ? await throwawayDatabase(serverUrl, 'croupier_bench_games') : undefined;
const databaseUrl = database?.url;

// Loopback allowlisted so the per-IP registration and login limits do not stop the setup; the sandbox gateway
// on, as production leaves it off (decision 0022), so the players can fund themselves with a test card.
const server = await startProductionServer(port, {
  DATA_DIR: dataDir,
  RATE_LIMIT_ALLOWLIST: '127.0.0.1',
  PAYMENTS_SANDBOX: 'true',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
let ledgerDatabase: DatabaseHandle | undefined;
try {
  console.log(`setting up ${playerCount} activated players with ${FUNDS / 100} EUR each (register, activate, log in, card deposit)…`);
  const players: { id: number; token: string }[] = [];
  for (let i = 0; i < playerCount; i += 10)
    players.push(...(await Promise.all(Array.from({ length: Math.min(10, playerCount - i) }, (_, k) => readyPlayer(dataDir, i + k)))));

  // The ledger alone: on PostgreSQL the very database the server uses; on PGlite an embedded database like the
  // server's (one PGlite belongs to one process), with players of its own.
  let ledgerPlayerIds = players.map((p) => p.id);
  if (databaseUrl) {
    ledgerDatabase = await openDatabase({ driver: 'postgres', url: databaseUrl });
  } else {
    ledgerDatabase = await openDatabase({ driver: 'pglite', dataDir: ledgerDir });
    ledgerPlayerIds = (
      await ledgerDatabase.db
        .insert(playersTable)
        .values(
          players.map((_, i) => ({
            email: `ledger-${i}@example.com`,
            passwordHash: 'x',
            ...benchPerson,
            phone: '+35699000000',
          })),
        )
        .returning({ id: playersTable.id })
    ).map((row) => row.id);
    const ledger = createLedgerService({ db: ledgerDatabase.db });
    const clearing = await ledger.houseAccount('payment_clearing', 'EUR');
    for (const id of ledgerPlayerIds) {
      const { cash } = await ledger.ensurePlayerAccounts(id, 'EUR');
      await ledger.transfer({
        idempotencyKey: `bench-fund:${id}`,
        type: 'deposit',
        entries: [
          { accountId: clearing.id, amount: -FUNDS },
          { accountId: cash.id, amount: FUNDS },
        ],
      });
    }
  }
  const benchLedger = createLedgerService({ db: ledgerDatabase.db });
  const ledgerRate = await ledgerBets(benchLedger, ledgerPlayerIds, { seconds });
  const oneAccountRate = await ledgerBets(benchLedger, ledgerPlayerIds, { seconds, oneHouseAccount: true });

  const round = (slug: string, body: unknown, paceMs = 0) => {
    const payload = JSON.stringify(body);
    return measure({ loops: playerCount, seconds, paceMs }, async (worker) => {
      const response = await fetch(`${base}/api/games/${slug}/rounds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${players[worker]!.token}`, 'idempotency-key': randomUUID() },
        body: payload,
      });
      await response.arrayBuffer();
      return response.status === 201;
    });
  };

  // Each player's first round makes its seed pair and finds its accounts; measure the steady state after it.
  for (const [slug, body] of [
    ['european-roulette', { mode: 'real', bets: [{ type: 'red', amount: 10 }] }],
    ['lantern-orchard', { mode: 'real', stake: 20 }],
    ['dice', { mode: 'real', stake: 10, target: 50.5, direction: 'over' }],
    ['plinko', { mode: 'real', stake: 10, rows: 12, risk: 'medium' }],
  ] as const) {
    await Promise.all(
      players.map(async (player) => {
        const response = await fetch(`${base}/api/games/${slug}/rounds`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}`, 'idempotency-key': randomUUID() },
          body: JSON.stringify(body),
        });
        await json(response);
      }),
    );
  }

  console.log(`${playerCount} concurrent players, ${seconds} s per measurement, database: ${databaseUrl ? 'PostgreSQL (pools of 10)' : 'PGlite'}\n`);
  const before = await ledgerRate();
  const roulette = await round('european-roulette', { mode: 'real', bets: [{ type: 'red', amount: 10 }] });
  const slot = await round('lantern-orchard', { mode: 'real', stake: 20 });
  const dice = await round('dice', { mode: 'real', stake: 10, target: 50.5, direction: 'over' });
  const plinko = await round('plinko', { mode: 'real', stake: 10, rows: 12, risk: 'medium' });
  // The same players at a pace a person plays: each a roulette round a second, 100 rounds/s offered in all.
  const paced = await round('european-roulette', { mode: 'real', bets: [{ type: 'red', amount: 10 }] }, 1_000);
  // The HTTP path alone, for scale: the same players, auth and one wallet statement, no money moved.
  const walletRead = await measure({ loops: playerCount, seconds }, async (worker) => {
    const response = await fetch(`${base}/api/player/wallet`, { headers: { accept: 'application/json', authorization: `Bearer ${players[worker]!.token}` } });
    await response.arrayBuffer();
    return response.ok;
  });
  const after = await ledgerRate();
  const oneAccount = await oneAccountRate();

  const ledgerMean = (before.rps + after.rps) / 2;
  const row = rateRow;
  row('ledger.transfer bet alone (before)', before);
  row('POST /api/games/european-roulette/rounds', roulette);
  row('POST /api/games/lantern-orchard/rounds', slot);
  row('POST /api/games/dice/rounds', dice);
  row('POST /api/games/plinko/rounds', plinko);
  row('  roulette, each player one round a second', paced);
  row('GET /api/player/wallet (no round)', walletRead);
  row('ledger.transfer bet alone (after)', after);
  row('ledger.transfer bet alone, one game account', oneAccount);
  console.log(`\nroulette rounds / ledger transfers: ${(roulette.rps / ledgerMean).toFixed(2)}`);
  console.log(`slot rounds / ledger transfers:     ${(slot.rps / ledgerMean).toFixed(2)}`);
  console.log(`dice rounds / ledger transfers:     ${(dice.rps / ledgerMean).toFixed(2)}`);
  console.log(`plinko rounds / ledger transfers:   ${(plinko.rps / ledgerMean).toFixed(2)}`);
  console.log(`wallet reads / ledger transfers:    ${(walletRead.rps / ledgerMean).toFixed(2)} (the HTTP path with auth and one read)`);
  console.log('(a round that wins makes two transfers, a bet and a win; one that loses makes one)');
  console.log(
    `against bets to one game account: roulette ${(roulette.rps / oneAccount.rps).toFixed(2)}, slot ${(slot.rps / oneAccount.rps).toFixed(2)}, dice ${(dice.rps / oneAccount.rps).toFixed(2)}, plinko ${(plinko.rps / oneAccount.rps).toFixed(2)}`,
  );
} finally {
  await ledgerDatabase?.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(ledgerDir, { recursive: true, force: true });
  await database?.drop();
}
