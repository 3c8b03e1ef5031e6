// The local EVM chain for development and tests (docs/decisions/0109-crypto-rail.md): Hardhat's node (a child process
// speaking standard JSON-RPC on 127.0.0.1) with the test stablecoin deployed and minted to Hardhat's well-known funded
// accounts. `npm start` runs it when not in production and no CHAIN_RPC_URL is set, and sets the CHAIN_* variables
// for the site; tests start one per file (startLocalChain) and use evm_snapshot/evm_revert and hardhat_mine.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Address, createTestClient, getAddress, type Hex, http, parseUnits, publicActions, walletActions } from 'viem';
import { hardhat } from 'viem/chains';
import { testStablecoinAbi, testStablecoinBytecode } from './local-chain/test-stablecoin-artifact.ts';

export const LOCAL_CHAIN_ID = 31337;
export const DEFAULT_LOCAL_CHAIN_PORT = 8545;
const CONFIG_DIR = fileURLToPath(new URL('local-chain/', import.meta.url));
const START_TIMEOUT_MS = 30_000;

/**
 * Hardhat's default accounts come from the public test mnemonic "test test test test test test test test test test
 * test junk" (m/44'/60'/0'/0/i). Anyone knows these keys: they are for the local chain only.
 */
export const TEST_ACCOUNTS: readonly { address: Address; privateKey: Hex }[] = [
  { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
  { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' },
  { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' },
];
/**
 * The deposit xpub of the local chain: the same public mnemonic's account 1 (m/44'/60'/1'), so players' deposit
 * addresses never collide with the funded test accounts of account 0. local-chain.test.ts derives it again.
 */
export const LOCAL_DEPOSIT_XPUB = 'xpub6Ce9NcJvTk372KjsGfWqbcex5DumjpNquQLApoeQUavSCjEc823BV1tb4rXUuPuht8h2hSxkg2EXUaKUJmniJvRZAELxypsCzBFdtosmV76';
/** Minted to each test account when the chain starts: a million test dollars. */
export const TEST_STABLECOIN_GRANT = parseUnits('1000000', 6);

export interface LocalChain {
  rpcUrl: string;
  chainId: number;
  /** The test stablecoin (TUSD, 6 decimals). */
  stablecoin: Address;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function wantsLocalChain(env: NodeJS.ProcessEnv): boolean {
  if ((env.APP_ENV ?? 'development') === 'production') return false;
  if (env.LOCAL_CHAIN === 'off') return false;
  return !env.CHAIN_RPC_URL;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The chain's clients: read, wallet (the node's unlocked test accounts) and Hardhat's test methods. */
export function localChainClient(rpcUrl: string) {
  return createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(rpcUrl, { retryCount: 0 }) })
    .extend(publicActions)
    .extend(walletActions);
}

/** Deploys the test stablecoin from test account 0 and mints the grant to every test account. */
export async function deployTestStablecoin(rpcUrl: string): Promise<Address> {
  const chain = localChainClient(rpcUrl);
  const deployer = TEST_ACCOUNTS[0]!.address;
  const hash = await chain.deployContract({ abi: testStablecoinAbi, bytecode: testStablecoinBytecode, account: deployer, chain: hardhat });
  const receipt = await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (!receipt.contractAddress) throw new Error('the test stablecoin was not deployed');
  for (const { address } of TEST_ACCOUNTS) {
    const minted = await chain.writeContract({
      address: receipt.contractAddress,
      abi: testStablecoinAbi,
      functionName: 'mint',
      args: [address, TEST_STABLECOIN_GRANT],
      account: deployer,
      chain: hardhat,
    });
    await chain.waitForTransactionReceipt({ hash: minted, pollingInterval: 50 });
  }
  return receipt.contractAddress;
}

/**
 * Starts Hardhat's node on `port` (8545 when free; 0: any free port), deploys the test stablecoin and, when
 * `blockSeconds` is set, mines a block every that many seconds so confirmations come by themselves (tests leave
 * it unset and mine blocks themselves).
 */
export async function startLocalChain(options: { port?: number; blockSeconds?: number } = {}): Promise<LocalChain> {
  const wanted = options.port ?? DEFAULT_LOCAL_CHAIN_PORT;
  const port = wanted !== 0 && (await portIsFree(wanted)) ? wanted : 0;
  const hardhatCli = fileURLToPath(new URL('cli.js', import.meta.resolve('hardhat')));
  const child = spawn(process.execPath, [hardhatCli, 'node', '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: CONFIG_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', DO_NOT_TRACK: '1' },
  });
  let stopping = false;
  const stop = async () => {
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const rpcUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the local chain did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const started = /JSON-RPC server at (http:\/\/[^\s/]+)\//.exec(output);
      if (!started) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve(started[1]!);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the local chain exited during start-up (${code ?? signal}): ${output.slice(-500)}`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  // Its per-request log is not ours to print; drain it so the pipe never fills.
  child.stdout?.resume();
  child.stderr?.resume();
  process.once('exit', () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });
  child.once('exit', (code, signal) => {
    if (!stopping) console.warn(`[chain] the local chain stopped (${code ?? signal}); crypto deposits wait until the site restarts`);
  });
  try {
    const stablecoin = await deployTestStablecoin(rpcUrl);
    if (options.blockSeconds) await localChainClient(rpcUrl).setIntervalMining({ interval: options.blockSeconds });
    return { rpcUrl, chainId: LOCAL_CHAIN_ID, stablecoin, child, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * `npm start`: the local chain when wanted (see wantsLocalChain), with a block every 2 s, and the CHAIN_* variables
 * set for the site before it loads; prints a funded test account for a newcomer to pay from.
 */
export async function startLocalChainForSite(env: NodeJS.ProcessEnv = process.env): Promise<LocalChain | undefined> {
  if (!wantsLocalChain(env)) return undefined;
  const chain = await startLocalChain({ port: env.LOCAL_CHAIN_PORT ? Number(env.LOCAL_CHAIN_PORT) : DEFAULT_LOCAL_CHAIN_PORT, blockSeconds: 2 });
  chain.child.unref();
  env.CHAIN_RPC_URL = chain.rpcUrl;
  env.CHAIN_ID = String(chain.chainId);
  env.CHAIN_TOKENS = `ETH:native,TUSD:${chain.stablecoin}:6`;
  env.CHAIN_DEPOSIT_XPUB = LOCAL_DEPOSIT_XPUB;
  env.CHAIN_CONFIRMATIONS ??= '3';
  const payer = TEST_ACCOUNTS[1]!;
  console.log(
    [
      `Local chain: ${chain.rpcUrl} (chain id ${chain.chainId}), test stablecoin TUSD at ${getAddress(chain.stablecoin)}.`,
      'Deposit test coins to the address the cashier shows: npm run chain:send -- <address> 25',
      `or from a wallet app with this funded test account (1,000,000 TUSD and 10,000 ETH; its key is public, local chain only):`,
      `  address ${payer.address}`,
      `  key     ${payer.privateKey}`,
    ].join('\n'),
  );
  return chain;
}
