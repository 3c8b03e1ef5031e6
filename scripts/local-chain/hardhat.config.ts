// The local development chain (scripts/local-chain.ts runs `hardhat node` with this file): one simulated L1 network
// with Hardhat's well-known funded test accounts. Hardhat's caches go to node_modules/.cache, never the repository.
export default {
  paths: { cache: '../../node_modules/.cache/local-chain/cache', artifacts: '../../node_modules/.cache/local-chain/artifacts' },
  networks: { node: { type: 'edr-simulated', chainId: 31337, chainType: 'l1' } },
};
