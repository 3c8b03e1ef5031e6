// `npm start` in development: runs the Hub88 reference aggregator (aggregator/, a program of its own) beside the site, so
// provider games work out of the box through the real protocol. Two RSA key pairs are made once under DATA_DIR/secrets/
// (the aggregator's, which signs wallet calls, and the operator's, which signs the site's Operator API calls); the
// aggregator runs as a child process; HUB88_* are set for the site before it loads. Never in production, and never when
// any HUB88_* variable is set (a real aggregator is configured then). REFERENCE_AGGREGATOR=off turns it off.
import { type ChildProcess, spawn } from 'node:child_process';
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_AGGREGATOR_PORT = 3100;
/** The operator_id the reference aggregator knows the site by. */
export const REFERENCE_OPERATOR_ID = '1';
const AGGREGATOR_MAIN = fileURLToPath(new URL('../aggregator/main.ts', import.meta.url));
const START_TIMEOUT_MS = 20_000;

export interface ReferenceAggregator {
  /** What the site calls (HUB88_API_URL). */
  apiUrl: string;
  /** What browsers load the games from. */
  publicUrl: string;
  child: ChildProcess;
  stop(): void;
}

export function wantsReferenceAggregator(env: NodeJS.ProcessEnv): boolean {
  if ((env.APP_ENV ?? 'development') === 'production') return false;
  if (env.REFERENCE_AGGREGATOR === 'off') return false;
  return !Object.keys(env).some((name) => name.startsWith('HUB88_') && env[name] !== undefined);
}

/** An RSA private key (PKCS#8 PEM) kept in DATA_DIR/secrets/<name>.pem, mode 0600, made on first use. */
export function loadOrCreatePrivateKey(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', `${name}.pem`);
  try {
    const existing = readFileSync(file, 'utf8');
    createPrivateKey(existing);
    return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  try {
    // `wx`: if another process made it first, theirs wins and we read it back.
    writeFileSync(file, privateKey, { mode: 0o600, flag: 'wx' });
    return privateKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8');
  }
}

export function publicKeyOf(privateKeyPem: string): string {
  return createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
}

function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/**
 * Starts the reference aggregator when it is wanted (see wantsReferenceAggregator) and sets HUB88_OPERATOR_ID,
 * HUB88_API_URL, HUB88_PUBLIC_KEY (the aggregator's, to verify its wallet calls) and HUB88_PRIVATE_KEY (the operator's,
 * to sign Operator API calls) in `env`. The child stops when this process exits.
 */
export async function startReferenceAggregator(env: NodeJS.ProcessEnv = process.env): Promise<ReferenceAggregator | undefined> {
  if (!wantsReferenceAggregator(env)) return undefined;
  // The site's own defaults (server/config.ts): DATA_DIR ./data, PORT 3000, HOST 127.0.0.1, PUBLIC_URL http://localhost:PORT.
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const aggregatorKey = loadOrCreatePrivateKey(dataDir, 'hub88-aggregator-private');
  const operatorKey = loadOrCreatePrivateKey(dataDir, 'hub88-operator-private');
  const sitePort = Number(env.PORT || 3000);
  const siteHost = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const siteUrl = new URL(env.PUBLIC_URL || `http://localhost:${sitePort}`);
  const walletUrl = `http://${siteHost.includes(':') ? `[${siteHost}]` : siteHost}:${sitePort}/api/hub88`;

  const wanted = env.AGGREGATOR_PORT ? Number(env.AGGREGATOR_PORT) : DEFAULT_AGGREGATOR_PORT;
  const port = wanted !== 0 && (await portIsFree(wanted, '127.0.0.1')) ? wanted : 0;
  const browserHost = siteUrl.hostname === 'localhost' ? 'localhost' : '127.0.0.1';
  const frameAncestors = [...new Set([siteUrl.origin, `http://localhost:${sitePort}`, `http://127.0.0.1:${sitePort}`])];

  const child = spawn(process.execPath, [AGGREGATOR_MAIN], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...env,
      AGGREGATOR_PORT: String(port),
      AGGREGATOR_HOST: '127.0.0.1',
      AGGREGATOR_PUBLIC_URL: env.AGGREGATOR_PUBLIC_URL || (port === 0 ? '' : `http://${browserHost}:${port}`),
      AGGREGATOR_PRIVATE_KEY: aggregatorKey,
      OPERATOR_PUBLIC_KEY: publicKeyOf(operatorKey),
      OPERATOR_WALLET_URL: walletUrl,
      OPERATOR_ID: REFERENCE_OPERATOR_ID,
      AGGREGATOR_FRAME_ANCESTORS: env.AGGREGATOR_FRAME_ANCESTORS || frameAncestors.join(' '),
    },
  });
  let stopping = false;
  const stop = () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  const listening = await new Promise<{ url: string; publicUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the reference aggregator did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    child.on('message', (message: { type?: string; url?: string; publicUrl?: string }) => {
      if (message?.type !== 'aggregator-listening' || !message.url) return;
      clearTimeout(timer);
      resolve({ url: message.url, publicUrl: message.publicUrl ?? message.url });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the reference aggregator exited during start-up (${code ?? signal})`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  // Neither the child nor its IPC channel keeps this process alive; the child stops when this process exits.
  child.channel?.unref();
  child.unref();
  process.once('exit', stop);
  child.once('exit', (code, signal) => {
    if (!stopping) console.warn(`[aggregator] the reference aggregator stopped (${code ?? signal}); provider games will fail until the site restarts`);
  });

  env.HUB88_OPERATOR_ID = REFERENCE_OPERATOR_ID;
  env.HUB88_API_URL = listening.url;
  env.HUB88_PUBLIC_KEY = publicKeyOf(aggregatorKey);
  env.HUB88_PRIVATE_KEY = operatorKey;
  // The reference aggregator's demo games are offered at once, so a newcomer finds them in the lobby.
  env.HUB88_NEW_GAMES = 'on';
  return { apiUrl: listening.url, publicUrl: listening.publicUrl, child, stop };
}
