import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { type Address, parseEventLogs, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_STABLECOIN, sendTestCoins } from './chain-send.ts';
import { compileTestStablecoin } from './local-chain/compile.ts';
import { testStablecoinAbi, testStablecoinBytecode } from './local-chain/test-stablecoin-artifact.ts';
import {
  LOCAL_DEPOSIT_XPUB,
  type LocalChain,
  localChainClient,
  startLocalChain,
  TEST_ACCOUNTS,
  TEST_STABLECOIN_GRANT,
  wantsLocalChain,
} from './local-chain.ts';

const TEST_MNEMONIC = 'test test test test test test test test test test test junk';

describe('the local chain', () => {
  let chain: LocalChain;
  beforeAll(async () => {
    chain = await startLocalChain({ port: 0 });
  });
  afterAll(() => chain?.stop());

  it('serves JSON-RPC with the test stablecoin deployed and every test account funded', async () => {
    const client = localChainClient(chain.rpcUrl);
    expect(await client.getChainId()).toBe(31337);
    const read = (functionName: 'decimals' | 'symbol' | 'totalSupply') =>
      client.readContract({ address: chain.stablecoin, abi: testStablecoinAbi, functionName });
    expect(await read('decimals')).toBe(6);
    expect(await read('symbol')).toBe('TUSD');
    expect(await read('totalSupply')).toBe(TEST_STABLECOIN_GRANT * BigInt(TEST_ACCOUNTS.length));
    for (const { address } of TEST_ACCOUNTS) {
      expect(await client.readContract({ address: chain.stablecoin, abi: testStablecoinAbi, functionName: 'balanceOf', args: [address] })).toBe(
        TEST_STABLECOIN_GRANT,
      );
      expect(await client.getBalance({ address })).toBeGreaterThan(parseUnits('1000', 18));
    }
  });

  it('moves tokens as ERC-20 says: a Transfer event, balances, allowances, and refusals that change nothing', async () => {
    const client = localChainClient(chain.rpcUrl);
    const snapshot = await client.snapshot();
    const [from, spender] = [TEST_ACCOUNTS[1]!.address, TEST_ACCOUNTS[2]!.address];
    const to: Address = '0x000000000000000000000000000000000000dEaD';
    const balanceOf = (address: Address) =>
      client.readContract({ address: chain.stablecoin, abi: testStablecoinAbi, functionName: 'balanceOf', args: [address] });
    const write = async (account: Address, functionName: 'transfer' | 'approve', args: readonly [Address, bigint]) => {
      const hash = await client.writeContract({ address: chain.stablecoin, abi: testStablecoinAbi, functionName, args, account, chain: null });
      return client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    };
    const receipt = await write(from, 'transfer', [to, 25_500_000n]);
    const [transfer] = parseEventLogs({ abi: testStablecoinAbi, logs: receipt.logs, eventName: 'Transfer' });
    expect(transfer?.args).toEqual({ from, to, value: 25_500_000n });
    expect(await balanceOf(to)).toBe(25_500_000n);
    expect(await balanceOf(from)).toBe(TEST_STABLECOIN_GRANT - 25_500_000n);

    await write(from, 'approve', [spender, 1_000_000n]);
    await expect(
      client.writeContract({
        address: chain.stablecoin,
        abi: testStablecoinAbi,
        functionName: 'transferFrom',
        args: [from, to, 2_000_000n],
        account: spender,
        chain: null,
      }),
    ).rejects.toThrow(/allowance/);
    await expect(
      client.writeContract({
        address: chain.stablecoin,
        abi: testStablecoinAbi,
        functionName: 'transfer',
        args: [from, TEST_STABLECOIN_GRANT * 2n],
        account: to,
        chain: null,
      }),
    ).rejects.toThrow();
    expect(await balanceOf(to)).toBe(25_500_000n);
    await client.revert({ id: snapshot });
    expect(await balanceOf(to)).toBe(0n);
  });

  it("pays a newcomer's deposit address from the funded test account with npm run chain:send", async () => {
    const client = localChainClient(chain.rpcUrl);
    const to: Address = '0x000000000000000000000000000000000000bEEF';
    expect(chain.stablecoin.toLowerCase()).toBe(LOCAL_STABLECOIN.toLowerCase());
    await sendTestCoins({ rpcUrl: chain.rpcUrl, to, amount: '25.5', coin: 'TUSD' });
    await sendTestCoins({ rpcUrl: chain.rpcUrl, to, amount: '0.5', coin: 'ETH' });
    expect(await client.readContract({ address: chain.stablecoin, abi: testStablecoinAbi, functionName: 'balanceOf', args: [to] })).toBe(25_500_000n);
    expect(await client.getBalance({ address: to })).toBe(parseUnits('0.5', 18));
  });
});

describe('what the local chain is made of', () => {
  it('deploys exactly what TestStablecoin.sol compiles to', () => {
    const compiled = compileTestStablecoin();
    expect(compiled.bytecode).toBe(testStablecoinBytecode);
    expect(compiled.abi).toEqual(testStablecoinAbi);
  });

  it("derives its deposit xpub from the public test mnemonic's account 1, apart from the funded accounts of account 0", () => {
    const root = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC));
    expect(root.derive("m/44'/60'/1'").publicExtendedKey).toBe(LOCAL_DEPOSIT_XPUB);
    expect(`0x${Buffer.from(root.derive("m/44'/60'/0'/0/0").privateKey!).toString('hex')}`).toBe(TEST_ACCOUNTS[0]!.privateKey);
  });

  it('runs only outside production, when no chain is configured and it is not turned off', () => {
    expect(wantsLocalChain({})).toBe(true);
    expect(wantsLocalChain({ APP_ENV: 'production' })).toBe(false);
    expect(wantsLocalChain({ CHAIN_RPC_URL: 'https://rpc.example' })).toBe(false);
    expect(wantsLocalChain({ LOCAL_CHAIN: 'off' })).toBe(false);
  });
});
