// Realtime benchmark: one server node in its own process (server/realtime/node-process.ts, so its
// memory is its own), raw `ws` clients in worker threads, events published over the signed Pusher
// HTTP API with the `pusher` SDK. Reports
//   - memory per connection: server RSS and heap growth (after a full GC) divided by connections;
//   - fan-out latency: publish call to each subscriber's receipt (p50/p99 over every receipt) and to
//     the last receipt of each round, at 1 message per second;
//   - sustained deliveries per second: publishes kept in flight back to back;
//   - the same 1 msg/s latency with 500 subscribers, soketi's published setting (~6 ms on 2 vCPU).
// BENCH_CONNECTIONS (default 5000), BENCH_ROUNDS (default 20), BENCH_SUSTAIN_SECONDS (default 10),
// BENCH_WORKERS (default 2).
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import { connect, createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import Pusher from 'pusher';
import { WebSocket } from 'ws';
import type { NodeProcessCommand, NodeProcessReply } from '../server/realtime/node-process.ts';

type WorkerCommand = { type: 'open'; count: number; port: number; key: string; channel: string } | { type: 'reset' } | { type: 'report' } | { type: 'close' };
type WorkerReply =
  | { type: 'opened' }
  | { type: 'failed'; message: string }
  | { type: 'report'; latencies: Float64Array; roundLast: Array<[number, number]>; received: number; lastAt: number }
  | { type: 'closed' };

const now = () => performance.timeOrigin + performance.now();

/** Holds a share of the subscribers; a receipt costs a string search, not a JSON parse. */
function runClientWorker(): void {
  const port = parentPort!;
  const sockets: WebSocket[] = [];
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let lastAt = 0;
  let roundLast = new Map<number, number>();
  const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

  function onFrame(ws: WebSocket, raw: string): void {
    const at = now();
    const marker = raw.indexOf('"data":"bench ');
    if (marker === -1) {
      if (raw.includes('"pusher:ping"')) ws.send('{"event":"pusher:pong","data":{}}');
      return;
    }
    const [sentAt, round] = raw
      .slice(marker + 14, raw.indexOf('"', marker + 14))
      .split(' ')
      .map(Number) as [number, number];
    const latency = at - sentAt;
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = latency;
    lastAt = at;
    if (latency > (roundLast.get(round) ?? 0)) roundLast.set(round, latency);
  }

  async function open(command: Extract<WorkerCommand, { type: 'open' }>): Promise<void> {
    const openOne = () =>
      new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${command.port}/app/${command.key}?protocol=7&client=bench&version=1.0`);
        ws.on('error', reject);
        ws.on('message', (data) => {
          const raw = String(data);
          if (raw.includes('pusher:connection_established')) ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: command.channel } }));
          else if (raw.includes('pusher_internal:subscription_succeeded')) resolve();
          else onFrame(ws, raw);
        });
        sockets.push(ws);
      });
    // A few hundred handshakes at a time stay within the server's listen backlog.
    for (let opened = 0; opened < command.count; opened += 200) {
      await Promise.all(Array.from({ length: Math.min(200, command.count - opened) }, openOne));
    }
  }

  port.on('message', (command: WorkerCommand) => {
    if (command.type === 'open') {
      open(command).then(
        () => reply({ type: 'opened' }),
        (error: unknown) => reply({ type: 'failed', message: String(error) }),
      );
    } else if (command.type === 'reset') {
      count = 0;
      lastAt = 0;
      roundLast = new Map();
    } else if (command.type === 'report') {
      const copy = latencies.slice(0, count);
      reply({ type: 'report', latencies: copy, roundLast: [...roundLast], received: count, lastAt }, [copy.buffer]);
    } else {
      for (const ws of sockets.splice(0)) ws.terminate();
      reply({ type: 'closed' });
    }
  });
}

async function main(): Promise<void> {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 5000);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 20);
  const sustainSeconds = Number(process.env.BENCH_SUSTAIN_SECONDS ?? 10);
  const workerCount = Number(process.env.BENCH_WORKERS ?? 2);
  const app = { id: '1', key: randomBytes(10).toString('hex'), secret: randomBytes(32).toString('hex') };

  const server = fork(fileURLToPath(new URL('../server/realtime/node-process.ts', import.meta.url)), [], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const serverReply = <T extends NodeProcessReply['type']>(type: T) =>
    new Promise<Extract<NodeProcessReply, { type: T }>>((resolve) => {
      const listener = (message: NodeProcessReply) => {
        if (message.type !== type) return;
        server.off('message', listener);
        resolve(message as Extract<NodeProcessReply, { type: T }>);
      };
      server.on('message', listener);
    });
  const command = (message: NodeProcessCommand) => server.send(message);
  const stats = async () => {
    command({ type: 'stats' });
    return serverReply('stats');
  };
  const serverCpuMs = async () => {
    const { cpu } = await stats();
    return (cpu.user + cpu.system) / 1000;
  };

  const listening = serverReply('listening');
  // Every client connects from 127.0.0.1, so the per-address bound (50 by default) is lifted to fit them.
  command({ type: 'start', options: { app, port: 0, maxConnectionsPerIp: Math.max(connections, 500) } });
  const { port } = await listening;

  const workers = Array.from({ length: workerCount }, () => new Worker(new URL(import.meta.url)));
  const ask = (worker: Worker, message: WorkerCommand) =>
    new Promise<WorkerReply>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage(message);
    });
  const share = (total: number, index: number) => Math.floor(total / workerCount) + (index < total % workerCount ? 1 : 0);
  async function openClients(total: number, channel: string): Promise<void> {
    const replies = await Promise.all(workers.map((worker, index) => ask(worker, { type: 'open', count: share(total, index), port, key: app.key, channel })));
    for (const reply of replies) if (reply.type === 'failed') throw new Error(`a client worker could not connect: ${reply.message}`);
  }
  const closeClients = () => Promise.all(workers.map((worker) => ask(worker, { type: 'close' })));
  const resetClients = () => workers.forEach((worker) => worker.postMessage({ type: 'reset' } satisfies WorkerCommand));
  const reports = async () => (await Promise.all(workers.map((worker) => ask(worker, { type: 'report' })))) as Array<Extract<WorkerReply, { type: 'report' }>>;

  // Kept-alive connections, so a publish's latency is not a TCP handshake's.
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const sdk = new Pusher({ appId: app.id, key: app.key, secret: app.secret, host: '127.0.0.1', port: String(port), agent });
  const publish = (channel: string, round: number) => sdk.trigger(channel, 'tick', `bench ${now()} ${round}`);

  /** One publish per second; returns latency percentiles over every receipt and per round's last receipt. */
  async function latencyAtOnePerSecond(channel: string, subscribers: number) {
    await publish(channel, -1);
    await sleep(500);
    resetClients();
    const cpuBefore = await serverCpuMs();
    for (let round = 0; round < rounds; round++) {
      await publish(channel, round);
      await sleep(1000);
    }
    const cpuPerRound = ((await serverCpuMs()) - cpuBefore) / rounds;
    const results = await reports();
    const all = concat(results.map((result) => result.latencies));
    const roundLast = new Map<number, number>();
    for (const result of results) for (const [round, latency] of result.roundLast) roundLast.set(round, Math.max(roundLast.get(round) ?? 0, latency));
    return {
      expected: rounds * subscribers,
      received: all.length,
      cpuPerRound,
      receipt: summary(all),
      lastOfRound: summary(Float64Array.from(roundLast.values())),
    };
  }

  console.log(
    `Croupier realtime benchmark — Node ${process.version}, ${availableParallelism()} CPUs; server in its own process, clients in ${workerCount} worker threads`,
  );
  console.log(
    `machine calibration: one small write to a loopback TCP socket costs ${(await loopbackWriteMicros()).toFixed(1)} µs (a fan-out makes one per subscriber)`,
  );

  const before = (await stats()).memory;
  const openStarted = performance.now();
  await openClients(connections, 'bench');
  const openSeconds = (performance.now() - openStarted) / 1000;
  await sleep(500);
  const after = (await stats()).memory;
  const rssPer = (after.rss - before.rss) / connections;
  const heapPer = (after.heapUsed - before.heapUsed) / connections;
  console.log(`\n${connections} connections opened and subscribed to one public channel in ${openSeconds.toFixed(1)} s`);
  console.log(
    `memory per connection: ${kib(rssPer)} KiB RSS, ${kib(heapPer)} KiB JS heap  (server RSS ${mib(before.rss)} → ${mib(after.rss)} MiB, heap ${mib(before.heapUsed)} → ${mib(after.heapUsed)} MiB)`,
  );

  const big = await latencyAtOnePerSecond('bench', connections);
  console.log(`\nfan-out latency, ${connections} subscribers, 1 msg/s × ${rounds} (HTTP publish → receipt; ${big.received}/${big.expected} receipts)`);
  console.log(`  every receipt:        p50 ${ms(big.receipt.p50)}  p99 ${ms(big.receipt.p99)}  mean ${ms(big.receipt.mean)}`);
  console.log(`  last receipt a round: p50 ${ms(big.lastOfRound.p50)}  p99 ${ms(big.lastOfRound.p99)}`);
  console.log(`  server CPU per broadcast (HTTP request, fan-out, socket writes): ${ms(big.cpuPerRound)}`);

  resetClients();
  const sustainCpuBefore = await serverCpuMs();
  const sustainStart = now();
  let published = 0;
  const deadline = performance.now() + sustainSeconds * 1000;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (performance.now() < deadline) {
        await publish('bench', 1_000_000 + published);
        published++;
      }
    }),
  );
  const publishSeconds = (now() - sustainStart) / 1000;
  let sustained = await reports();
  for (let waited = 0; waited < 30 && sum(sustained.map((r) => r.received)) < published * connections; waited++) {
    await sleep(500);
    sustained = await reports();
  }
  const sustainCpu = (await serverCpuMs()) - sustainCpuBefore;
  const delivered = sum(sustained.map((r) => r.received));
  const deliverSeconds = (Math.max(...sustained.map((r) => r.lastAt)) - sustainStart) / 1000;
  const sustainedLatency = summary(concat(sustained.map((r) => r.latencies)));
  console.log(`\nsustained, ${connections} subscribers, 8 publishes in flight for ${sustainSeconds} s`);
  console.log(
    `  ${(published / publishSeconds).toFixed(0)} publishes/s → ${Math.round(delivered / deliverSeconds).toLocaleString('en-US')} messages delivered/s (${delivered}/${published * connections} receipts)`,
  );
  console.log(`  latency under that load: p50 ${ms(sustainedLatency.p50)}  p99 ${ms(sustainedLatency.p99)}`);
  console.log(`  server CPU busy ${((sustainCpu / 1000 / deliverSeconds) * 100).toFixed(0)}% of one core over that time`);

  await closeClients();
  // The server must be done closing the last phase's sockets before the next is timed.
  while ((await stats()).connections > 0) await sleep(100);
  await sleep(1000);
  await openClients(500, 'bench-500');
  const small = await latencyAtOnePerSecond('bench-500', 500);
  console.log(`\nlike-for-like with soketi (500 subscribers, 1 msg/s × ${rounds}; soketi reports ~6 ms on 2 vCPU)`);
  console.log(
    `  every receipt:        p50 ${ms(small.receipt.p50)}  p99 ${ms(small.receipt.p99)}  mean ${ms(small.receipt.mean)}  (${small.received}/${small.expected} receipts)`,
  );
  console.log(`  last receipt a round: p50 ${ms(small.lastOfRound.p50)}  p99 ${ms(small.lastOfRound.p99)}`);
  console.log(`  server CPU per broadcast: ${ms(small.cpuPerRound)}`);

  await closeClients();
  await Promise.all(workers.map((worker) => worker.terminate()));
  command({ type: 'stop' });
  await new Promise((resolve) => server.once('exit', resolve));
  agent.destroy();
}

/** Wall time of one 80-byte write to each of 500 loopback sockets, the floor under any fan-out here. */
async function loopbackWriteMicros(): Promise<number> {
  const sink = createServer((socket) => socket.resume());
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const { port } = sink.address() as { port: number };
  const sockets = await Promise.all(
    Array.from(
      { length: 500 },
      () =>
        new Promise<ReturnType<typeof connect>>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => resolve(socket));
          socket.setNoDelay(true);
        }),
    ),
  );
  const payload = Buffer.alloc(80, 'x');
  const started = performance.now();
  for (let round = 0; round < 10; round++) for (const socket of sockets) socket.write(payload);
  const micros = ((performance.now() - started) * 1000) / (10 * sockets.length);
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => sink.close(resolve));
  return micros;
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

function concat(parts: Float64Array[]): Float64Array {
  const all = new Float64Array(sum(parts.map((part) => part.length)));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function summary(values: Float64Array) {
  const sorted = values.slice().sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), mean: sum([...sorted]) / Math.max(1, sorted.length) };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

if (!isMainThread) runClientWorker();
else await main();
