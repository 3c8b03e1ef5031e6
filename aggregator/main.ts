// `npm run aggregator`: the Hub88 reference aggregator as a program of its own (see aggregator/README.md).
import { startAggregator } from './aggregator.ts';
import { AggregatorConfigError, loadAggregatorOptions } from './config.ts';

let options: ReturnType<typeof loadAggregatorOptions>;
try {
  options = loadAggregatorOptions();
} catch (error) {
  if (!(error instanceof AggregatorConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const aggregator = await startAggregator(options);
console.log(
  `[aggregator] Hub88 reference aggregator at ${aggregator.publicUrl} (listening on ${aggregator.url}); ` +
    `wallet ${options.operatorWalletUrl}, operator_id ${options.operatorId}${options.testHooks ? ', test hooks on' : ''}`,
);
// Started by scripts/reference-aggregator.ts: tell it where we listen (the port may have been chosen by the system).
process.send?.({ type: 'aggregator-listening', url: aggregator.url, publicUrl: aggregator.publicUrl });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await aggregator.close();
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
// The parent that launched us over IPC went away (even by SIGKILL): stop with it.
process.once('disconnect', () => void stop());
