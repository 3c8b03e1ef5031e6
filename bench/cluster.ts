// Cluster benchmark (issue 35 §5): rounds/s and page req/s through HAProxy with one and with three app nodes on this
// machine, on its PostgreSQL and Redis, and each node's CPU per operation (from /proc: user + system time of the
// node's process over the phase, divided by the operations it served). The cores are shared, so the point is no
// loss from spreading over nodes, not a speed-up. Needs what the cluster test needs: root, HAProxy, a build.
//   node bench/cluster.ts          (BENCH_SECONDS per phase, default 8; BENCH_PLAYERS, default 20)
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { call, deposit, type Player, registerPlayer } from '../tests/cluster/client.ts';
import { type Cluster, startCluster } from '../tests/cluster/support.ts';
import { measure, type Rate } from './support/load.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const playerCount = Number(process.env.BENCH_PLAYERS ?? 20);
const TICKS = 100; // USER_HZ: /proc's CPU times are in 1/100 s on Linux.

/** User + system CPU seconds of each node's process so far. */
function cpuOf(cluster: Cluster): number[] {
  return cluster.nodes.map((node) => {
    const pid = node.process?.pid;
    if (!pid) return 0;
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  });
}

async function phase<T>(cluster: Cluster, work: () => Promise<T>): Promise<{ result: T; cpu: number[] }> {
  const before = cpuOf(cluster);
  const result = await work();
  const after = cpuOf(cluster);
  return { result, cpu: after.map((value, i) => value - before[i]!) };
}

async function run(nodes: number) {
  const cluster = await startCluster({ nodes });
  try {
    const players: Player[] = [];
    for (let i = 0; i < playerCount; i += 5)
      players.push(...(await Promise.all(Array.from({ length: Math.min(5, playerCount - i) }, (_, k) => registerPlayer(cluster, `bench${nodes}-${i + k}`)))));
    for (const player of players) for (let k = 0; k < 5; k++) if (!(await deposit(cluster.base, player, 500_00))) throw new Error('a deposit was refused');

    const rounds = await phase(cluster, () =>
      measure({ loops: players.length, seconds }, async (loop) => {
        const answer = await call(cluster.base, 'POST', '/api/games/european-roulette/rounds', {
          token: players[loop]!.token,
          headers: { 'idempotency-key': crypto.randomUUID() },
          body: { mode: 'real', bets: [{ type: 'red', amount: 100 }] },
        });
        return answer.status === 201 || answer.status === 200;
      }),
    );
    const pages = await phase(cluster, async () => {
      const result = await autocannon({ url: `${cluster.base}/faq`, connections: 20, duration: seconds });
      return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx } satisfies Rate;
    });
    const perOp = (cpu: number[], rate: Rate) => cpu.map((s) => ((s * 1000) / (rate.rps * seconds)).toFixed(2)).join(' / ');
    return {
      nodes,
      rounds: rounds.result,
      roundCpu: perOp(rounds.cpu, rounds.result),
      pages: pages.result,
      pageCpu: perOp(pages.cpu, pages.result),
    };
  } finally {
    await cluster.shutdown();
  }
}

const rows = [];
for (const nodes of [1, 3]) {
  console.log(`# ${nodes} node(s): setting up ${playerCount} players…`);
  rows.push(await run(nodes));
}
const fmt = (rate: Rate) =>
  `${rate.rps.toFixed(0)} /s, p50 ${rate.p50.toFixed(0)} ms, p99 ${rate.p99.toFixed(0)} ms${rate.errors ? `, ${rate.errors} errors` : ''}`;
console.log(
  '\n| nodes | roulette rounds through HAProxy | node CPU ms per round (each node) | /faq pages through HAProxy | node CPU ms per page (each node) |',
);
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.nodes} | ${fmt(row.rounds)} | ${row.roundCpu} | ${fmt(row.pages)} | ${row.pageCpu} |`);
const [one, three] = rows;
if (one && three)
  console.log(`\nratio 3 nodes / 1 node: rounds ${(three.rounds.rps / one.rounds.rps).toFixed(2)}, pages ${(three.pages.rps / one.pages.rps).toFixed(2)}`);
