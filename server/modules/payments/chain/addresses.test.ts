import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import fc from 'fast-check';
import { getAddress, isAddress } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { depositAddressAt } from './addresses.ts';

// Deposit addresses from an xpub (docs/decisions/0109): fixed vectors from the public test mnemonic, whose
// m/44'/60'/0'/0/i addresses every Ethereum wallet and Hardhat agree on, and properties over any index.

const root = HDKey.fromMasterSeed(mnemonicToSeedSync('test test test test test test test test test test test junk'));
const accountXpub = root.derive("m/44'/60'/0'").publicExtendedKey;

describe('deposit addresses from the xpub', () => {
  it("are the addresses wallets derive from the same mnemonic (BIP-44 m/44'/60'/0'/0/i)", () => {
    expect(accountXpub).toBe('xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP');
    expect([0, 1, 2, 19].map((index) => depositAddressAt(accountXpub, index))).toEqual([
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199',
    ]);
  });

  it('need no private key: the address of the private key the wallet holds for the same path', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (index) => {
        const privateKey = root.derive(`m/44'/60'/0'/0/${index}`).privateKey!;
        expect(depositAddressAt(accountXpub, index)).toBe(privateKeyToAddress(`0x${Buffer.from(privateKey).toString('hex')}`));
      }),
      { numRuns: 25 },
    );
  });

  it('are checksummed, stable, and distinct for distinct indexes', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { minLength: 2, maxLength: 6 }), (indexes) => {
        const addresses = indexes.map((index) => depositAddressAt(accountXpub, index));
        for (const address of addresses) expect(isAddress(address, { strict: true }) && getAddress(address) === address).toBe(true);
        expect(indexes.map((index) => depositAddressAt(accountXpub, index))).toEqual(addresses);
        expect(new Set(addresses).size).toBe(indexes.length);
      }),
      { numRuns: 30 },
    );
  });

  it('refuse an index outside BIP-32 non-hardened children', () => {
    for (const index of [-1, 2 ** 31, 1.5]) expect(() => depositAddressAt(accountXpub, index)).toThrow(RangeError);
  });
});
