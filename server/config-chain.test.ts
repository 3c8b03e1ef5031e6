import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { parseChainTokens } from './config-chain.ts';
import { loadConfig } from './config.ts';

// The crypto rail's variables (docs/decisions/0109): all set or none, each refused at start naming the variable.

// BIP-32 test vector 1 (seed 000102…0f): its master xpub, and the xprv that must never be accepted.
const SEED = Uint8Array.from({ length: 16 }, (_, index) => index);
const VECTOR_XPUB = 'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const chain = {
  CHAIN_RPC_URL: 'https://rpc.example/v2/abc',
  CHAIN_ID: '1',
  CHAIN_TOKENS: `ETH:native,USDC:${USDC}:6`,
  CHAIN_DEPOSIT_XPUB: VECTOR_XPUB,
};

describe('the crypto rail configuration', () => {
  it('is off without CHAIN_* and on with all four, with 12 confirmations by default', () => {
    expect(loadConfig({}).chain).toBeUndefined();
    expect(loadConfig({}).paymentGateways).toEqual(['sandbox']);
    const config = loadConfig(chain);
    expect(config.chain).toEqual({
      rpcUrl: 'https://rpc.example/v2/abc',
      chainId: 1,
      tokens: [
        { symbol: 'ETH', kind: 'native', decimals: 18 },
        { symbol: 'USDC', kind: 'erc20', address: USDC, decimals: 6 },
      ],
      confirmations: 12,
      depositXpub: VECTOR_XPUB,
      pollSeconds: 10,
    });
    expect(loadConfig({ ...chain, CHAIN_CONFIRMATIONS: '3', CHAIN_POLL_SECONDS: '2' }).chain).toMatchObject({ confirmations: 3, pollSeconds: 2 });
  });

  it('matches the BIP-32 test vector it is checked with', () => {
    expect(HDKey.fromMasterSeed(SEED).publicExtendedKey).toBe(VECTOR_XPUB);
  });

  it('refuses a part of it alone, naming what is missing', () => {
    expect(() => loadConfig({ CHAIN_RPC_URL: chain.CHAIN_RPC_URL })).toThrow(/CHAIN_ID="" must be set for the crypto rail/);
    expect(() => loadConfig({ CHAIN_DEPOSIT_XPUB: VECTOR_XPUB })).toThrow(/CHAIN_RPC_URL="" must be set for the crypto rail/);
  });

  it('refuses an extended private key without echoing it: the web server holds no private key', () => {
    const xprv = HDKey.fromMasterSeed(SEED).privateExtendedKey;
    let message = '';
    try {
      loadConfig({ ...chain, CHAIN_DEPOSIT_XPUB: xprv });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/CHAIN_DEPOSIT_XPUB=\(hidden\) must be an extended public key \(xpub…\), never a private one/);
    expect(message).not.toContain(xprv);
    expect(() => loadConfig({ ...chain, CHAIN_DEPOSIT_XPUB: 'xpub-not-a-key' })).toThrow(/CHAIN_DEPOSIT_XPUB=\(hidden\) must be a BIP-32 extended public key/);
  });

  it('knows the signer by its URL and shared secret, both or neither, never echoing the secret (docs/decisions/0123)', () => {
    const secret = 'a signer secret that is long enough to pass';
    expect(loadConfig({ ...chain, SIGNER_URL: 'http://127.0.0.1:8547', SIGNER_SECRET: secret }).chain?.signer).toEqual({
      url: 'http://127.0.0.1:8547',
      secret,
    });
    expect(loadConfig(chain).chain?.signer).toBeUndefined();
    expect(() => loadConfig({ ...chain, SIGNER_URL: 'http://127.0.0.1:8547' })).toThrow(/SIGNER_SECRET="" must be set with SIGNER_URL and SIGNER_SECRET both/);
    expect(() => loadConfig({ ...chain, SIGNER_SECRET: secret })).toThrow(/SIGNER_URL="" must be set with SIGNER_URL and SIGNER_SECRET both/);
    let message = '';
    try {
      loadConfig({ ...chain, SIGNER_URL: 'http://127.0.0.1:8547', SIGNER_SECRET: 'short-secret-value' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/SIGNER_SECRET=\(hidden\) must be at least 32 characters/);
    expect(message).not.toContain('short-secret-value');
  });

  it('refuses bad values, naming the variable', () => {
    expect(() => loadConfig({ ...chain, CHAIN_RPC_URL: 'ftp://rpc.example' })).toThrow(/CHAIN_RPC_URL=\(hidden\) must start with http/);
    expect(() => loadConfig({ ...chain, CHAIN_ID: 'mainnet' })).toThrow(/CHAIN_ID="mainnet" must be a whole number/);
    expect(() => loadConfig({ ...chain, CHAIN_ID: '0' })).toThrow(/CHAIN_ID="0" must be at least 1/);
    expect(() => loadConfig({ ...chain, CHAIN_CONFIRMATIONS: '0' })).toThrow(/CHAIN_CONFIRMATIONS="0" must be at least 1/);
    expect(() => loadConfig({ ...chain, CHAIN_CONFIRMATIONS: '2.5' })).toThrow(/CHAIN_CONFIRMATIONS="2.5" must be a whole number/);
    expect(() => loadConfig({ ...chain, CHAIN_TOKENS: 'USDC:0x123:6' })).toThrow(/CHAIN_TOKENS="USDC:0x123:6" has "USDC:0x123:6": each token must be/);
  });
});

describe('CHAIN_TOKENS', () => {
  it('reads native and ERC-20 tokens, checksumming lowercase addresses', () => {
    expect(parseChainTokens(` TUSD:${USDC.toLowerCase()}:6 , ETH:native`)).toEqual({
      tokens: [
        { symbol: 'TUSD', kind: 'erc20', address: USDC, decimals: 6 },
        { symbol: 'ETH', kind: 'native', decimals: 18 },
      ],
    });
  });

  it.each([
    ['', /at least one token/],
    ['eth:native', /must start with its symbol/],
    ['ETH:native:18', /SYMBOL:native or/],
    [`USDC:${USDC}`, /SYMBOL:native or/],
    [`USDC:${USDC}:37`, /decimals must be a whole number from 0 to 36/],
    [`USDC:${USDC}:six`, /decimals must be/],
    // One character changed in case breaks the EIP-55 checksum.
    [`USDC:${USDC.replace('A0b8', 'a0B8')}:6`, /checksum \(EIP-55\) is wrong/],
    ['ETH:native,WETH:native', /native coin only once/],
    [`USDC:${USDC}:6,USDC:native`, /names a symbol twice/],
    [`USDC:${USDC}:6,USDX:${USDC.toLowerCase()}:6`, /names a contract twice/],
  ])('refuses %j', (value, problem) => {
    const parsed = parseChainTokens(value);
    expect('problem' in parsed && parsed.problem).toMatch(problem);
  });
});
