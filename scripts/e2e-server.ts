// Starts the production server for end-to-end tests on a fresh embedded database under DATA_DIR. With
// E2E_AGGREGATOR_PORT, the Hub88 reference aggregator (aggregator/) runs in this process on that port, with fresh keys,
// and HUB88_* point the server at it (docs/decisions/0100-provider-games-launch-and-console.md). E2E_LOCAL_CHAIN_PORT: below.
//
// With E2E_SERVERS (a JSON list of environments, one a server), it starts each server in a child process of its own, all at
// once, and prints "e2e servers ready" when every one answers /api/health. Playwright starts its web servers one after
// another; most of a start is the server's own CPU work (loading, migrating, seeding), which five side by side share out
// over both cores. The children are in this process's group: Playwright's stop ends them with it.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

async function startAll(environments: Record<string, string>[]): Promise<void> {
  const inherited = { ...process.env, E2E_SERVERS: undefined };
  let starting = true;
  const children = environments.map((environment) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...inherited, ...environment },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code, signal) => {
      console.error(`The e2e server on port ${environment.PORT} stopped (${signal ?? `exit ${code}`})`);
      // One that fails to start fails the run at once, with the others stopped, rather than after the start-up wait.
      if (starting) {
        for (const other of children) other.kill();
        process.exit(1);
      }
    });
    return child;
  });
  await Promise.all(environments.map((environment) => healthy(`http://${environment.HOST}:${environment.PORT}/api/health`)));
  starting = false;
  console.log('e2e servers ready');
}

/** Resolves once `url` answers as Playwright's own wait counts as up (2xx, or 400 to 403); its start-up timeout bounds the wait. */
async function healthy(url: string): Promise<void> {
  for (;;) {
    const ok = await fetch(url).then(
      (response) => response.ok || (response.status >= 400 && response.status <= 403),
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function startOne(): Promise<void> {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir?.startsWith('test-results/')) throw new Error('e2e-server needs DATA_DIR under test-results/');
  rmSync(dataDir, { recursive: true, force: true });

  const aggregatorPort = process.env.E2E_AGGREGATOR_PORT;
  if (aggregatorPort) {
    const { startAggregator } = await import('../aggregator/aggregator.ts');
    const pair = () =>
      generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
    const aggregatorKeys = pair();
    const operatorKeys = pair();
    const port = Number(process.env.PORT);
    const aggregator = await startAggregator({
      port: Number(aggregatorPort),
      host: '127.0.0.1',
      publicUrl: `http://127.0.0.1:${aggregatorPort}`,
      privateKey: aggregatorKeys.privateKey,
      operatorPublicKey: operatorKeys.publicKey,
      operatorWalletUrl: `http://127.0.0.1:${port}/api/hub88`,
      operatorId: 1,
      frameAncestors: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
      testHooks: true,
      log: (level, message, data) => {
        if (level !== 'info') console.warn(`[aggregator] ${message}${data ? ` ${JSON.stringify(data)}` : ''}`);
      },
    });
    Object.assign(process.env, {
      HUB88_OPERATOR_ID: '1',
      HUB88_API_URL: aggregator.url,
      HUB88_PUBLIC_KEY: aggregatorKeys.publicKey,
      HUB88_PRIVATE_KEY: operatorKeys.privateKey,
    });
  }

  // With E2E_LOCAL_CHAIN_PORT, a local EVM chain (scripts/local-chain.ts) on that port, and CHAIN_* point the server at it
  // (docs/decisions/0109-crypto-rail.md); the browser test sends coins and mines blocks itself.
  const chainPort = process.env.E2E_LOCAL_CHAIN_PORT;
  if (chainPort) {
    const { LOCAL_DEPOSIT_XPUB, startLocalChain } = await import('./local-chain.ts');
    const chain = await startLocalChain({ port: Number(chainPort) });
    if (chain.rpcUrl !== `http://127.0.0.1:${chainPort}`) throw new Error(`The local chain could not take port ${chainPort}`);
    Object.assign(process.env, {
      CHAIN_RPC_URL: chain.rpcUrl,
      CHAIN_ID: String(chain.chainId),
      CHAIN_TOKENS: `ETH:native,TUSD:${chain.stablecoin}:6`,
      CHAIN_DEPOSIT_XPUB: LOCAL_DEPOSIT_XPUB,
      CHAIN_CONFIRMATIONS: '3',
      CHAIN_POLL_SECONDS: '1',
    });
    // The signer (docs/decisions/0123) on the next port, paying approved withdrawals from the test hot wallet.
    const { startLocalSignerForSite } = await import('./signer.ts');
    Object.assign(process.env, { SIGNER_LISTEN: `127.0.0.1:${Number(chainPort) + 1}`, SIGNER_POLL_SECONDS: '1' });
    await startLocalSignerForSite();
  }

  await import('../server/main.ts');
}

const servers = process.env.E2E_SERVERS;
if (servers === undefined) await startOne();
else await startAll(JSON.parse(servers) as Record<string, string>[]);
