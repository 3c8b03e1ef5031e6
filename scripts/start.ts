// `npm start`: build the site on first run when no production build exists, then serve it. In development, with no
// HUB88_* configured, the Hub88 reference aggregator runs beside it (scripts/reference-aggregator.ts, aggregator/README.md);
// with no CHAIN_RPC_URL, a local EVM chain with a test stablecoin does too (scripts/local-chain.ts, decision 0109).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startLocalChainForSite } from './local-chain.ts';
import { startReferenceAggregator } from './reference-aggregator.ts';
import { startLocalSignerForSite } from './signer.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}build/server/index.js`)) {
  console.log('No production build yet: building the site once (about a minute)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
try {
  await startReferenceAggregator();
} catch (error) {
  console.warn(`Hub88 reference aggregator not started (${(error as Error).message}): provider games are off.`);
}
try {
  // The signer (docs/decisions/0123) beside the local chain: the web server asks it to pay approved withdrawals.
  if (await startLocalChainForSite()) await startLocalSignerForSite();
} catch (error) {
  console.warn(`Local chain not started (${(error as Error).message}): crypto deposits are off.`);
}
await import('../server/main.ts');
