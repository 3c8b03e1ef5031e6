// The aggregator's settings, from environment variables and command-line flags (flags win). Read by main.ts only;
// tests call startAggregator() with options directly.
import { readFileSync } from 'node:fs';
import type { AggregatorOptions } from './aggregator.ts';

export class AggregatorConfigError extends Error {}

const FLAGS: Record<string, string> = {
  port: 'AGGREGATOR_PORT',
  host: 'AGGREGATOR_HOST',
  'public-url': 'AGGREGATOR_PUBLIC_URL',
  'private-key': 'AGGREGATOR_PRIVATE_KEY',
  'operator-public-key': 'OPERATOR_PUBLIC_KEY',
  'wallet-url': 'OPERATOR_WALLET_URL',
  'operator-id': 'OPERATOR_ID',
  'frame-ancestors': 'AGGREGATOR_FRAME_ANCESTORS',
  currencies: 'AGGREGATOR_CURRENCIES',
  'wallet-timeout-ms': 'AGGREGATOR_WALLET_TIMEOUT_MS',
  seed: 'AGGREGATOR_SEED',
  'test-hooks': 'AGGREGATOR_TEST_HOOKS',
};

export const USAGE = `Usage: node aggregator/main.ts [--flag=value ...]

  --port / AGGREGATOR_PORT                         port to listen on (default 3100; 0 = any free port)
  --host / AGGREGATOR_HOST                         address to listen on (default 127.0.0.1)
  --public-url / AGGREGATOR_PUBLIC_URL             URL browsers reach it at (default http://localhost:<port>)
  --private-key / AGGREGATOR_PRIVATE_KEY           its RSA private key, PEM (signs wallet calls)   [required]
  --private-key-file=<path>                        ...or read from a file
  --operator-public-key / OPERATOR_PUBLIC_KEY      the casino's RSA public key, PEM                 [required]
  --operator-public-key-file=<path>                ...or read from a file
  --wallet-url / OPERATOR_WALLET_URL               the casino's Wallet API base URL                 [required]
  --operator-id / OPERATOR_ID                      the operator_id the casino sends                 [required]
  --frame-ancestors / AGGREGATOR_FRAME_ANCESTORS   origins allowed to frame the game (space separated)
  --currencies / AGGREGATOR_CURRENCIES             freebet prepaid currencies (comma separated)
  --wallet-timeout-ms / AGGREGATOR_WALLET_TIMEOUT_MS  wallet call timeout (default 5000)
  --seed / AGGREGATOR_SEED                         reproducible reels (testing only)
  --test-hooks / AGGREGATOR_TEST_HOOKS=1           serve /__test/* fault injection (testing only)`;

export function loadAggregatorOptions(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv.slice(2)): AggregatorOptions {
  const values: Record<string, string | undefined> = {};
  for (const name of Object.values(FLAGS)) values[name] = env[name];
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new AggregatorConfigError(`Unknown argument ${arg}\n\n${USAGE}`);
    const [, flag, value] = match as unknown as [string, string, string | undefined];
    if (flag === 'private-key-file' || flag === 'operator-public-key-file') {
      if (!value) throw new AggregatorConfigError(`--${flag} needs a path`);
      values[flag === 'private-key-file' ? 'AGGREGATOR_PRIVATE_KEY' : 'OPERATOR_PUBLIC_KEY'] = readFileSync(value, 'utf8');
    } else if (flag === 'test-hooks' && value === undefined) values.AGGREGATOR_TEST_HOOKS = '1';
    else if (FLAGS[flag] && value !== undefined) values[FLAGS[flag]] = value;
    else throw new AggregatorConfigError(`Unknown argument ${arg}\n\n${USAGE}`);
  }

  const problems: string[] = [];
  const required = (name: string) => {
    const value = values[name]?.trim();
    if (!value) problems.push(`${name} is required`);
    return value ?? '';
  };
  const privateKey = required('AGGREGATOR_PRIVATE_KEY');
  const operatorPublicKey = required('OPERATOR_PUBLIC_KEY');
  const operatorWalletUrl = required('OPERATOR_WALLET_URL');
  const operatorId = required('OPERATOR_ID');
  if (operatorWalletUrl && !/^https?:\/\//.test(operatorWalletUrl)) problems.push('OPERATOR_WALLET_URL must be an http(s) URL');
  const port = values.AGGREGATOR_PORT ? Number(values.AGGREGATOR_PORT) : 3100;
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('AGGREGATOR_PORT must be a port number');
  const timeout = values.AGGREGATOR_WALLET_TIMEOUT_MS ? Number(values.AGGREGATOR_WALLET_TIMEOUT_MS) : 5000;
  if (!Number.isInteger(timeout) || timeout < 100 || timeout > 120_000) problems.push('AGGREGATOR_WALLET_TIMEOUT_MS must be 100 to 120000');
  const publicUrl = values.AGGREGATOR_PUBLIC_URL?.trim() || (port > 0 ? `http://localhost:${port}` : undefined);
  if (publicUrl && !/^https?:\/\//.test(publicUrl)) problems.push('AGGREGATOR_PUBLIC_URL must be an http(s) URL');
  if (problems.length > 0) throw new AggregatorConfigError(`${problems.join('\n')}\n\n${USAGE}`);

  const list = (value: string | undefined, separator: RegExp) =>
    value
      ?.split(separator)
      .map((item) => item.trim())
      .filter(Boolean);
  return {
    port,
    host: values.AGGREGATOR_HOST?.trim() || '127.0.0.1',
    publicUrl,
    privateKey,
    operatorPublicKey,
    operatorWalletUrl,
    operatorId,
    frameAncestors: list(values.AGGREGATOR_FRAME_ANCESTORS, /[\s,]+/),
    currencies: list(values.AGGREGATOR_CURRENCIES, /[\s,]+/)?.map((code) => code.toUpperCase()),
    walletTimeoutMs: timeout,
    seed: values.AGGREGATOR_SEED || undefined,
    testHooks: values.AGGREGATOR_TEST_HOOKS === '1' || values.AGGREGATOR_TEST_HOOKS === 'true',
  };
}
