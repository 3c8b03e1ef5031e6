// Starts the production server for end-to-end tests on a fresh embedded database under DATA_DIR. With
// E2E_AGGREGATOR_PORT, the Hub88 reference aggregator (aggregator/) runs in this process on that port, with fresh keys,
// and HUB88_* point the server at it (docs/decisions/0100-provider-games-launch-and-console.md). E2E_LOCAL_CHAIN_PORT: below.
import { generateKeyPairSync } from 'node:crypto';
import { rmSync } from 'node:fs';

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
