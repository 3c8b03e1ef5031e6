// `npm run chain:send -- <address> <amount> [TUSD|ETH]`: pays test coins from the local chain's funded test account
// (scripts/local-chain.ts) to an address, such as the deposit address the cashier shows, so a newcomer can deposit
// without a wallet app. Local chain only: it refuses any other chain.
import { fileURLToPath } from 'node:url';
import { type Address, isAddress, parseEther, parseUnits } from 'viem';
import { hardhat } from 'viem/chains';
import { LOCAL_CHAIN_ID, localChainClient, TEST_ACCOUNTS } from './local-chain.ts';
import { testStablecoinAbi } from './local-chain/test-stablecoin-artifact.ts';

/** Where the local chain deploys the test stablecoin: the first contract of test account 0, always the same. */
export const LOCAL_STABLECOIN: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

export async function sendTestCoins({ rpcUrl, to, amount, coin }: { rpcUrl: string; to: Address; amount: string; coin: 'TUSD' | 'ETH' }) {
  const chain = localChainClient(rpcUrl);
  if ((await chain.getChainId()) !== LOCAL_CHAIN_ID) throw new Error(`${rpcUrl} is not the local test chain (chain id ${LOCAL_CHAIN_ID})`);
  const account = TEST_ACCOUNTS[1]!.address;
  const hash =
    coin === 'ETH'
      ? await chain.sendTransaction({ account, chain: hardhat, to, value: parseEther(amount) })
      : await chain.writeContract({
          address: LOCAL_STABLECOIN,
          abi: testStablecoinAbi,
          functionName: 'transfer',
          args: [to, parseUnits(amount, 6)],
          account,
          chain: hardhat,
        });
  const receipt = await chain.waitForTransactionReceipt({ hash, pollingInterval: 200 });
  if (receipt.status !== 'success') throw new Error(`The transfer ${hash} failed`);
  return hash;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [to, amount, coin = 'TUSD'] = process.argv.slice(2);
  if (!to || !isAddress(to) || !amount || !/^\d+(\.\d+)?$/.test(amount) || (coin !== 'TUSD' && coin !== 'ETH')) {
    console.error('Usage: npm run chain:send -- <address> <amount> [TUSD|ETH]   e.g. npm run chain:send -- 0x8C8d…d650 25');
    process.exit(1);
  }
  const rpcUrl = process.env.CHAIN_RPC_URL ?? 'http://127.0.0.1:8545';
  const hash = await sendTestCoins({ rpcUrl, to, amount, coin });
  console.log(`Sent ${amount} ${coin} to ${to} (transaction ${hash}). The cashier shows it at once; it is credited after its confirmations.`);
}
