// The cluster test's machinery (issue 35): app nodes, each in its own network namespace (veth pairs made here, as
// root), or on its own loopback address where namespaces cannot be made; HAProxy in front; the machine's PostgreSQL
// and Redis behind. Everything made here is removed again by `stop()`, and leftovers of a killed run at the start.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { LOCAL_DEPOSIT_XPUB, type LocalChain, startLocalChain } from '../../scripts/local-chain.ts';
import { parseServerList, poolOptionsFor } from '../../server/db/hosts.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PREFIX = 'croupier-cl';
const APP_PORT = 3000;
const REALTIME_PORT = 8080;

export type Node = {
  index: number;
  /** Where HAProxy and the test reach the node. */
  address: string;
  dataDir: string;
  process: ChildProcess | undefined;
  output: string;
};

export type Cluster = {
  /** HAProxy's HTTP front door and its websocket front door. */
  base: string;
  wsPort: number;
  nodes: Node[];
  /** How the nodes are separated: 'netns' or 'loopback' (namespaces unavailable). */
  isolation: 'netns' | 'loopback';
  databaseUrl: string;
  sql: pg.Pool;
  /** The local EVM chain every node's chain watcher reads (one scheduled job for the whole cluster). */
  chain: LocalChain;
  start(node: Node): Promise<void>;
  /** `drain`: the unit's KillSignal (systemctl stop, a rolling restart), or SIGKILL; resolves when the process has exited. */
  stop(node: Node, how: 'drain' | 'SIGKILL'): Promise<number | null>;
  nodeBase(node: Node): string;
  shutdown(): Promise<void>;
};

const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
const tryRun = (command: string, args: string[]) => {
  try {
    run(command, args);
    return true;
  } catch {
    return false;
  }
};

async function freePort(host = '127.0.0.1'): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, host, resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A TCP relay from `listenHost:port` to 127.0.0.1:port: how a node inside a namespace reaches PostgreSQL and Redis. */
function relay(listenHost: string, port: number): net.Server {
  const server = net.createServer((inbound) => {
    const outbound = net.connect(port, '127.0.0.1');
    inbound.pipe(outbound).pipe(inbound);
    const end = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', end);
    outbound.on('error', end);
  });
  server.listen(port, listenHost);
  return server;
}

function cleanLeftovers(count: number) {
  for (let i = 1; i <= count; i++) {
    tryRun('ip', ['netns', 'del', `${PREFIX}${i}`]);
    tryRun('ip', ['link', 'del', `${PREFIX}h${i}`]);
  }
}

/** Namespaces with a veth pair each: node i is 10.231.i.2, its host side (relays, HAProxy's source) 10.231.i.1. */
function makeNamespaces(count: number): boolean {
  cleanLeftovers(count);
  try {
    for (let i = 1; i <= count; i++) {
      const ns = `${PREFIX}${i}`;
      run('ip', ['netns', 'add', ns]);
      run('ip', ['link', 'add', `${PREFIX}h${i}`, 'type', 'veth', 'peer', 'name', `${PREFIX}n${i}`]);
      run('ip', ['link', 'set', `${PREFIX}n${i}`, 'netns', ns]);
      run('ip', ['addr', 'add', `10.231.${i}.1/30`, 'dev', `${PREFIX}h${i}`]);
      run('ip', ['link', 'set', `${PREFIX}h${i}`, 'up']);
      run('ip', ['netns', 'exec', ns, 'ip', 'addr', 'add', `10.231.${i}.2/30`, 'dev', `${PREFIX}n${i}`]);
      run('ip', ['netns', 'exec', ns, 'ip', 'link', 'set', `${PREFIX}n${i}`, 'up']);
      run('ip', ['netns', 'exec', ns, 'ip', 'link', 'set', 'lo', 'up']);
    }
    return true;
  } catch (error) {
    console.log(`# network namespaces unavailable (${(error as Error).message.split('\n')[0]}): the nodes use loopback addresses`);
    cleanLeftovers(count);
    return false;
  }
}

/** deploy/haproxy.cfg, the operations guide's HAProxy configuration, with this run's addresses filled in. */
function haproxyConfig(cluster: { httpPort: number; wsPort: number; statsSocket: string }, nodes: Node[]): string {
  const servers = (port: number, check: boolean) =>
    nodes.map((node) => `  server node${node.index} ${node.address}:${port} check inter 250 fall 1 rise 2${check ? '' : ` port ${APP_PORT}`}`).join('\n');
  const fill: Record<string, string> = {
    STATS_SOCKET: cluster.statsSocket,
    HTTP_BIND: `127.0.0.1:${cluster.httpPort}`,
    WS_BIND: `127.0.0.1:${cluster.wsPort}`,
    APP_SERVERS: servers(APP_PORT, true),
    REALTIME_SERVERS: servers(REALTIME_PORT, false),
  };
  const text = readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_match, name: string) => {
    if (fill[name] === undefined) throw new Error(`deploy/haproxy.cfg: no value for {{${name}}}`);
    return fill[name];
  });
  return text;
}

/** What deploy/croupier@.service runs: its ExecStart's arguments after Node, and its Environment= settings. */
export function serviceUnit(): { args: string[]; env: Record<string, string>; killSignal: string } {
  const unit = readFileSync(path.join(root, 'deploy/croupier@.service'), 'utf8').split('\n');
  const value = (key: string) => unit.filter((line) => line.startsWith(`${key}=`)).map((line) => line.slice(key.length + 1).trim());
  const [execStart] = value('ExecStart');
  if (!execStart) throw new Error('deploy/croupier@.service has no ExecStart');
  const env = Object.fromEntries(value('Environment').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  return { args: execStart.split(/\s+/).slice(1), env, killSignal: value('KillSignal')[0] ?? 'SIGTERM' };
}

/** The shared secrets every node must hold alike (decision 0110), made once per run. */
function sharedSecretEnv(): Record<string, string> {
  const hex = () => randomBytes(32).toString('hex');
  return {
    TOTP_ENCRYPTION_KEY: hex(),
    KYC_ENCRYPTION_KEY: hex(),
    DEVICE_COOKIE_SECRET: hex(),
    PAYMENTS_SANDBOX_SECRET: hex(),
    AFFILIATE_SECRET: hex(),
    REALTIME_APP_ID: '424242',
    REALTIME_KEY: randomBytes(10).toString('hex'),
    REALTIME_SECRET: hex(),
  };
}

export const OPERATOR = { email: 'ops@cluster.example', password: 'a long cluster operator secret' };

/** `url` (one server or several, libpq's form) with its database name replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^/?#]*)(\/[^?#]*)?/, `$1/${database}`);
}

/** A one-off SQL client on whichever server of `url` takes writes now. */
async function onPrimary<T>(url: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ ...poolOptionsFor(url), max: 1 });
  pool.on('error', () => {});
  const client = await pool.connect();
  try {
    return await work(client);
  } finally {
    client.release();
    await pool.end();
  }
}

/**
 * Starts the nodes. `databaseServer` is where they keep their database: the machine's PostgreSQL by default, or a
 * primary and its standby (tests/cluster/replicated-postgres.ts) as a multi-host URL the nodes fail over with.
 */
export async function startCluster({ nodes: count = 3, databaseServer }: { nodes?: number; databaseServer?: string } = {}): Promise<Cluster> {
  const serverUrl = databaseServer ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const databaseName = `croupier_cluster_${process.pid}`;
  await onPrimary(serverUrl, async (admin) => {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.query(`create database ${databaseName}`);
  });
  const databaseUrl = withDatabase(serverUrl, databaseName);
  const databasePorts = [...new Set(parseServerList(serverUrl).hosts.map((host) => host.port))];

  const isolation = makeNamespaces(count) ? 'netns' : 'loopback';
  const chain = await startLocalChain({ port: 0, blockSeconds: 1 });
  const chainPort = Number(new URL(chain.rpcUrl).port);
  const work = mkdtempSync(path.join(tmpdir(), 'croupier-cluster-'));
  const relays: net.Server[] = [];
  const nodes: Node[] = Array.from({ length: count }, (_, k) => {
    const index = k + 1;
    const dataDir = path.join(work, `node${index}`);
    mkdirSync(dataDir, { recursive: true });
    return { index, address: isolation === 'netns' ? `10.231.${index}.2` : `127.0.0.${10 + index}`, dataDir, process: undefined, output: '' };
  });
  const redisPort = Number(redisUrl.port || 6379);
  if (isolation === 'netns') {
    for (const node of nodes) {
      const host = `10.231.${node.index}.1`;
      relays.push(...databasePorts.map((port) => relay(host, port)), relay(host, redisPort), relay(host, chainPort));
    }
  }

  const httpPort = await freePort();
  const wsPort = await freePort();
  const statsSocket = path.join(work, 'haproxy.sock');
  const configFile = path.join(work, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig({ httpPort, wsPort, statsSocket }, nodes));
  const haproxy = spawn('haproxy', ['-f', configFile, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let haproxyOutput = '';
  haproxy.stdout?.on('data', (chunk) => (haproxyOutput += chunk));
  haproxy.stderr?.on('data', (chunk) => (haproxyOutput += chunk));
  const base = `http://127.0.0.1:${httpPort}`;
  const secrets = sharedSecretEnv();
  const unit = serviceUnit();
  const sql = new pg.Pool({ ...poolOptionsFor(databaseUrl), max: 2 });
  sql.on('error', () => {});

  const envFor = (node: Node): Record<string, string> => {
    const via = isolation === 'netns' ? `10.231.${node.index}.1` : '127.0.0.1';
    // Every server of the list, reached through this node's relay on its port.
    const database = databaseUrl.replace(
      /^(postgres(?:ql)?:\/\/(?:[^@/?#]*@)?)([^/?#]*)/,
      (_match, head: string) => head + databasePorts.map((port) => `${via}:${port}`).join(','),
    );
    return {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      PORT: String(APP_PORT),
      HOST: node.address,
      REALTIME_PORT: String(REALTIME_PORT),
      REALTIME_PUBLIC_PORT: String(wsPort),
      DATA_DIR: node.dataDir,
      DATABASE_URL: database,
      REDIS_URL: `redis://${via}:${redisPort}`,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      // The unit's own settings (DRAIN_DELAY_MS: HAProxy checks every 250 ms, so a second of unready is plenty).
      ...unit.env,
      TRUST_PROXY: isolation === 'netns' ? `10.231.${node.index}.1` : '127.0.0.1',
      // The test's own address (forwarded by HAProxy) is the one client: per-IP limits would throttle the load.
      RATE_LIMIT_ALLOWLIST: '127.0.0.1',
      CHAIN_RPC_URL: `http://${via}:${chainPort}`,
      CHAIN_ID: String(chain.chainId),
      CHAIN_TOKENS: `ETH:native,TUSD:${chain.stablecoin}:6`,
      CHAIN_DEPOSIT_XPUB: LOCAL_DEPOSIT_XPUB,
      CHAIN_CONFIRMATIONS: '2',
      CHAIN_POLL_SECONDS: '1',
      OPERATOR_EMAIL: OPERATOR.email,
      OPERATOR_PASSWORD: OPERATOR.password,
      ...secrets,
    };
  };

  const nodeBase = (node: Node) => `http://${node.address}:${APP_PORT}`;

  async function waitReady(node: Node) {
    for (let attempt = 0; attempt < 600; attempt++) {
      if (node.process?.exitCode !== null && node.process?.exitCode !== undefined) {
        throw new Error(`node ${node.index} exited (${node.process.exitCode}):\n${node.output.slice(-3000)}`);
      }
      const ready = await fetch(`${nodeBase(node)}/api/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`node ${node.index} did not become ready:\n${node.output.slice(-3000)}`);
  }

  async function launch(node: Node) {
    const command = isolation === 'netns' ? 'ip' : process.execPath;
    const args = isolation === 'netns' ? ['netns', 'exec', `${PREFIX}${node.index}`, process.execPath, ...unit.args] : unit.args;
    const child = spawn(command, args, { cwd: root, env: envFor(node), stdio: ['ignore', 'pipe', 'pipe'] });
    node.process = child;
    node.output = '';
    child.stdout?.on('data', (chunk) => (node.output += chunk));
    child.stderr?.on('data', (chunk) => (node.output += chunk));
    await waitReady(node);
  }

  async function start(node: Node) {
    await launch(node);
    await until(() => allUp(statsSocket, count), `HAProxy to count node ${node.index} up again`);
  }

  async function stop(node: Node, how: 'drain' | 'SIGKILL') {
    const signal = (how === 'drain' ? unit.killSignal : how) as NodeJS.Signals;
    const child = node.process;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    const code = await exited;
    node.process = undefined;
    return code;
  }

  const cluster: Cluster = {
    base,
    wsPort,
    nodes,
    isolation,
    databaseUrl,
    sql,
    chain,
    start,
    stop,
    nodeBase,
    async shutdown() {
      // What HAProxy alerted while the cluster ran (its own alerts as the nodes go down now are expected).
      const alerts = haproxyOutput.split('\n').filter((line) => line.includes('[ALERT]'));
      await Promise.all(nodes.map((node) => stop(node, 'SIGKILL')));
      haproxy.kill('SIGKILL');
      await chain.stop();
      for (const server of relays) server.close();
      await sql.end();
      if (isolation === 'netns') cleanLeftovers(count);
      await onPrimary(serverUrl, (cleanup) => cleanup.query(`drop database if exists ${databaseName} with (force)`));
      if (process.env.CLUSTER_KEEP !== '1') rmSync(work, { recursive: true, force: true });
      for (const line of alerts) console.log(`# haproxy: ${line}`);
    },
  };
  try {
    // The first node migrates the database; the others start once it has, side by side.
    await launch(nodes[0]!);
    await Promise.all(nodes.slice(1).map(launch));
    await until(() => allUp(statsSocket, count), 'HAProxy to count every node up');
  } catch (error) {
    await cluster.shutdown();
    throw error;
  }
  return cluster;
}

/** Whether HAProxy counts all `count` servers of both backends up (its admin socket's `show stat`). */
async function allUp(statsSocket: string, count: number): Promise<boolean> {
  const stat = await new Promise<string>((resolve) => {
    let text = '';
    const socket = net.connect(statsSocket, () => socket.write('show stat\n'));
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', () => resolve(''));
  });
  const servers = stat.split('\n').filter((line) => /^(app|realtime),node\d+,/.test(line));
  return servers.length === count * 2 && servers.every((line) => line.split(',')[17] === 'UP');
}

/** Waits for `condition`; `what` (or what it returns at the time-out) names it in the failure. */
export async function until(condition: () => Promise<boolean> | boolean, what: string | (() => string), timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${typeof what === 'function' ? what() : what}`);
}

/** The activation link's token for `email`, from whichever node's file outbox sent it. */
export async function activationToken(nodes: Node[], email: string): Promise<string> {
  let token: string | undefined;
  await until(() => {
    for (const node of nodes) {
      const directory = path.join(node.dataDir, 'outbox', 'mail');
      let files: string[] = [];
      try {
        files = readdirSync(directory).filter((name) => name.endsWith('.eml'));
      } catch {
        continue;
      }
      for (const file of files) {
        const mail = readFileSync(path.join(directory, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        if (!mail.includes(email)) continue;
        token = /\/player\/activate\/([^\s"'<>]+)/.exec(mail)?.[1];
        if (token) return true;
      }
    }
    return false;
  }, `the activation mail of ${email}`);
  return token!;
}
