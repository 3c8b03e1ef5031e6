// `npm run signer`: the separate process that holds the hot wallet's key and pays approved on-chain withdrawals
// (docs/decisions/0123-signer.md). The web server holds no private key: it asks this process, over HTTP signed with
// SIGNER_SECRET, to pay a withdrawal by id; this process pays only what the web server lists as approved, at most once
// (its own journal in SIGNER_DATA_DIR, written before each broadcast), within its own caps, in coins of its own list.
//
//   SIGNER_RPC_URL, SIGNER_CHAIN_ID, SIGNER_TOKENS (as CHAIN_TOKENS), SIGNER_CONFIRMATIONS (default 12)
//   SIGNER_PRIVATE_KEY (0x + 64 hex) or SIGNER_MNEMONIC (+ SIGNER_HOT_PATH, default m/44'/60'/0'/0/0); with the
//     mnemonic, SIGNER_DEPOSIT_ACCOUNT (the BIP-44 account of CHAIN_DEPOSIT_XPUB, default 0) turns sweeping on
//   SIGNER_SITE_URL (the web server), SIGNER_SECRET (32+ characters, the same as the web server's)
//   SIGNER_LISTEN (default 127.0.0.1:8547), SIGNER_DATA_DIR (default data/signer), SIGNER_POLL_SECONDS (default 5)
//   SIGNER_MAX_PAYOUT, SIGNER_DAILY_LIMIT (minor units of the wallet currency; unset: no cap)
import { pbkdf2Sync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HDKey } from '@scure/bip32';
import { createPublicClient, type Hex, http, type PrivateKeyAccount, type PublicClient, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import { parseChainTokens } from '../server/config-chain.ts';
import { createSigner, fileJournal, httpSiteLink, type Signer } from '../server/modules/payments/chain/signer.ts';
import { verifySignerRequest } from '../server/modules/payments/chain/signer-auth.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const whole = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(0);

const environment = z
  .object({
    SIGNER_RPC_URL: z.url({ message: 'SIGNER_RPC_URL must be a URL' }),
    SIGNER_CHAIN_ID: whole('SIGNER_CHAIN_ID').min(1),
    SIGNER_TOKENS: z.string().min(1, 'SIGNER_TOKENS must list the coins the signer pays'),
    SIGNER_CONFIRMATIONS: whole('SIGNER_CONFIRMATIONS').min(1).default(12),
    SIGNER_PRIVATE_KEY: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'SIGNER_PRIVATE_KEY must be 0x and 64 hexadecimal characters')
      .optional(),
    SIGNER_MNEMONIC: z.string().optional(),
    SIGNER_HOT_PATH: z
      .string()
      .regex(/^m(\/\d+'?)+$/, "SIGNER_HOT_PATH must be a BIP-32 path such as m/44'/60'/0'/0/0")
      .default("m/44'/60'/0'/0/0"),
    SIGNER_DEPOSIT_ACCOUNT: whole('SIGNER_DEPOSIT_ACCOUNT').default(0),
    SIGNER_SITE_URL: z.url({ message: 'SIGNER_SITE_URL must be the web server’s URL' }),
    SIGNER_SECRET: z.string().min(32, 'SIGNER_SECRET must be at least 32 characters'),
    SIGNER_LISTEN: z
      .string()
      .regex(/^[\w.-]+:\d{1,5}$/, 'SIGNER_LISTEN must be host:port')
      .default('127.0.0.1:8547'),
    SIGNER_DATA_DIR: z.string().default(path.join(root, 'data', 'signer')),
    SIGNER_POLL_SECONDS: whole('SIGNER_POLL_SECONDS').min(1).max(300).default(5),
    SIGNER_MAX_PAYOUT: whole('SIGNER_MAX_PAYOUT').optional(),
    SIGNER_DAILY_LIMIT: whole('SIGNER_DAILY_LIMIT').optional(),
  })
  .refine((e) => (e.SIGNER_PRIVATE_KEY === undefined) !== (e.SIGNER_MNEMONIC === undefined), {
    message: 'set exactly one of SIGNER_PRIVATE_KEY and SIGNER_MNEMONIC',
  });

/** The BIP-39 seed of a mnemonic (PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic"), no passphrase. */
export function mnemonicSeed(mnemonic: string): Uint8Array {
  const words = mnemonic.normalize('NFKD').trim().split(/\s+/);
  if (![12, 15, 18, 21, 24].includes(words.length)) throw new Error('SIGNER_MNEMONIC must have 12 to 24 words');
  return pbkdf2Sync(words.join(' '), 'mnemonic', 2048, 64, 'sha512');
}

const accountOf = (key: HDKey): PrivateKeyAccount => privateKeyToAccount(toHex(key.privateKey!));

/** The hot wallet and the deposit addresses' keys from the signer's configuration. */
export function keysOf(e: {
  SIGNER_PRIVATE_KEY?: string | undefined;
  SIGNER_MNEMONIC?: string | undefined;
  SIGNER_HOT_PATH: string;
  SIGNER_DEPOSIT_ACCOUNT: number;
}) {
  if (e.SIGNER_PRIVATE_KEY) return { hot: privateKeyToAccount(e.SIGNER_PRIVATE_KEY as Hex), depositKeyAt: undefined };
  const master = HDKey.fromMasterSeed(mnemonicSeed(e.SIGNER_MNEMONIC!));
  const deposits = master.derive(`m/44'/60'/${e.SIGNER_DEPOSIT_ACCOUNT}'/0`);
  return { hot: accountOf(master.derive(e.SIGNER_HOT_PATH)), depositKeyAt: (index: number) => accountOf(deposits.deriveChild(index)) };
}

/** The signer's HTTP face: POST /payouts (pay approved withdrawals now), POST /sweeps, GET /health. */
export function signerServer(signer: Signer, secret: string, log: (message: string) => void): Server {
  return createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/health') return answer(200, { ok: true, address: signer.address });
    if (request.method !== 'POST' || (request.url !== '/payouts' && request.url !== '/sweeps')) return answer(404, { message: 'Not found.' });
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 16_384) request.destroy();
    });
    request.on('end', () => {
      if (!verifySignerRequest(secret, request.headers, body)) return answer(401, { message: 'Invalid signature.' });
      const work = request.url === '/payouts' ? signer.round() : signer.sweep();
      work.then(
        (data) => answer(200, { data }),
        (error: unknown) => {
          log(`${request.url} failed: ${(error as Error).message.slice(0, 200)}`);
          answer(503, { message: 'The signer could not finish; it tries again on its next round.' });
        },
      );
    });
  });
}

export async function startSigner(env: NodeJS.ProcessEnv = process.env) {
  const parsed = environment.safeParse(env);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('; '));
  const e = parsed.data;
  const tokens = parseChainTokens(e.SIGNER_TOKENS);
  if ('problem' in tokens) throw new Error(`SIGNER_TOKENS ${tokens.problem}`);
  const { hot, depositKeyAt } = keysOf(e);
  const client = createPublicClient({ transport: http(e.SIGNER_RPC_URL, { retryCount: 2, timeout: 15_000 }) }) as PublicClient;
  const nodeChainId = await client.getChainId();
  if (nodeChainId !== e.SIGNER_CHAIN_ID) throw new Error(`SIGNER_RPC_URL is chain ${nodeChainId}, not SIGNER_CHAIN_ID ${e.SIGNER_CHAIN_ID}`);
  const log = (level: 'info' | 'warn', message: string, details: Record<string, unknown> = {}) =>
    console[level === 'warn' ? 'warn' : 'log'](`[signer] ${message}${Object.keys(details).length ? ` ${JSON.stringify(details)}` : ''}`);
  const signer = createSigner({
    client,
    chainId: e.SIGNER_CHAIN_ID,
    confirmations: e.SIGNER_CONFIRMATIONS,
    hot,
    tokens: tokens.tokens,
    journal: fileJournal(path.join(e.SIGNER_DATA_DIR, `payouts-${e.SIGNER_CHAIN_ID}-${hot.address}.jsonl`)),
    site: httpSiteLink(e.SIGNER_SITE_URL, e.SIGNER_SECRET),
    depositKeyAt,
    maxPayout: e.SIGNER_MAX_PAYOUT,
    dailyLimit: e.SIGNER_DAILY_LIMIT,
    log,
  });
  const [host, port] = [e.SIGNER_LISTEN.slice(0, e.SIGNER_LISTEN.lastIndexOf(':')), Number(e.SIGNER_LISTEN.slice(e.SIGNER_LISTEN.lastIndexOf(':') + 1))];
  const server = signerServer(signer, e.SIGNER_SECRET, (message) => log('warn', message));
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  let running = false;
  // A failure that repeats (the site or the node down, or not up yet while both start) is logged once a minute, not
  // every round, and the round that works again says how many failed meanwhile.
  let failing: { message: string; loggedAt: number; count: number } | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    signer
      .round()
      .then(() => {
        if (failing) log('info', 'rounds work again', { failedRounds: failing.count });
        failing = null;
      })
      .catch((error: unknown) => {
        const message = (error as Error).message.slice(0, 200);
        const now = Date.now();
        if (failing?.message === message && now - failing.loggedAt < 60_000) {
          failing.count++;
          return;
        }
        log('warn', 'round failed; tried again next round', { error: message, ...(failing ? { failedRounds: failing.count + 1 } : {}) });
        failing = { message, loggedAt: now, count: (failing?.count ?? 0) + 1 };
      })
      .finally(() => {
        running = false;
      });
  }, e.SIGNER_POLL_SECONDS * 1000);
  log('info', `listening on http://${e.SIGNER_LISTEN}; hot wallet ${hot.address} on chain ${e.SIGNER_CHAIN_ID}${depositKeyAt ? '; sweeping on' : ''}`);
  return {
    signer,
    address: hot.address,
    url: `http://${e.SIGNER_LISTEN}`,
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const started = await startSigner();
    const stop = () => void started.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    console.error(`[signer] not started: ${(error as Error).message}`);
    process.exit(1);
  }
}

/** The public test mnemonic (Hardhat's): its keys are known to everyone, local chain only. */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk';
/** The local hot wallet: the test mnemonic's account 0, address 2 (funded; apart from the payer of chain:send, address 1). */
export const LOCAL_HOT_PATH = "m/44'/60'/0'/0/2";

/**
 * `npm start` with the local chain: the signer beside it, as a child process, with the funded test hot wallet, a
 * fresh journal (the local chain starts empty each time) and a secret made for this run; sets SIGNER_URL and
 * SIGNER_SECRET for the site. Prints the hot wallet.
 */
export async function startLocalSignerForSite(env: NodeJS.ProcessEnv = process.env) {
  const { spawn } = await import('node:child_process');
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { randomBytes } = await import('node:crypto');
  const secret = randomBytes(32).toString('hex');
  const listen = env.SIGNER_LISTEN ?? '127.0.0.1:8547';
  const { hot } = keysOf({ SIGNER_MNEMONIC: TEST_MNEMONIC, SIGNER_HOT_PATH: LOCAL_HOT_PATH, SIGNER_DEPOSIT_ACCOUNT: 1 });
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...env,
      SIGNER_RPC_URL: env.CHAIN_RPC_URL,
      SIGNER_CHAIN_ID: env.CHAIN_ID,
      SIGNER_TOKENS: env.CHAIN_TOKENS,
      SIGNER_CONFIRMATIONS: env.CHAIN_CONFIRMATIONS,
      SIGNER_MNEMONIC: TEST_MNEMONIC,
      SIGNER_HOT_PATH: LOCAL_HOT_PATH,
      SIGNER_DEPOSIT_ACCOUNT: '1',
      SIGNER_SITE_URL: `http://${env.HOST ?? '127.0.0.1'}:${env.PORT ?? '3000'}`,
      SIGNER_SECRET: secret,
      SIGNER_LISTEN: listen,
      SIGNER_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'croupier-signer-')),
    },
  });
  child.unref();
  process.once('exit', () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });
  env.SIGNER_URL = `http://${listen}`;
  env.SIGNER_SECRET = secret;
  console.log(
    [
      `Signer: http://${listen} pays approved crypto withdrawals from the hot wallet ${hot.address}`,
      `  (the public test mnemonic's ${LOCAL_HOT_PATH}: 10,000 ETH and 1,000,000 TUSD; local chain only). Run on its own: npm run signer.`,
    ].join('\n'),
  );
  return child;
}
