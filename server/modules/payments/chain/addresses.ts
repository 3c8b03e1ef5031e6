import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { eq, inArray, sql } from 'drizzle-orm';
import { type Address, bytesToHex, getAddress } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import type { Database } from '../../../db/client.ts';
import { rowsOf } from '../../shared/db-results.ts';
import { chainAddresses } from '../schema.ts';

// Players' deposit addresses (docs/decisions/0109-crypto-rail.md): child 0/index of the operator's account-level
// xpub (BIP-44 m/44'/60'/account', external chain 0), one index per player, handed out by a sequence and stored, so
// the address never changes and the operator's wallet, holding the private key elsewhere, can spend from it.

/** The EIP-55 address of the xpub's child 0/`index`: Keccak-256 of the uncompressed public key (viem). */
export function depositAddressAt(xpub: string, index: number): Address {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new RangeError(`Not a BIP-32 non-hardened index: ${index}`);
  const child = HDKey.fromExtendedKey(xpub).deriveChild(0).deriveChild(index);
  const uncompressed = secp256k1.Point.fromBytes(child.publicKey!).toBytes(false);
  return publicKeyToAddress(bytesToHex(uncompressed));
}

export type ChainAddressBook = ReturnType<typeof createChainAddressBook>;

export function createChainAddressBook({ db, xpub }: { db: Database; xpub: string }) {
  // Deriving is pure but not free (two EC multiplications): the parent of every index, once.
  const external = HDKey.fromExtendedKey(xpub).deriveChild(0);
  const addressAt = (index: number): Address =>
    publicKeyToAddress(bytesToHex(secp256k1.Point.fromBytes(external.deriveChild(index).publicKey!).toBytes(false)));

  return {
    addressAt,
    /** The player's address, made on first use; the same one ever after. */
    async addressOf(playerId: number): Promise<Address> {
      const [existing] = await db.select({ address: chainAddresses.address }).from(chainAddresses).where(eq(chainAddresses.playerId, playerId));
      if (existing) return existing.address as Address;
      const [next] = rowsOf<{ index: number }>(await db.execute(sql`select nextval('chain_address_index')::int as index`));
      const index = Number(next!.index);
      // Two first uses at once: one row wins, the other's index is left unused (a gap harms nothing).
      await db
        .insert(chainAddresses)
        .values({ playerId, derivationIndex: index, address: addressAt(index) })
        .onConflictDoNothing({ target: chainAddresses.playerId });
      const [row] = await db.select({ address: chainAddresses.address }).from(chainAddresses).where(eq(chainAddresses.playerId, playerId));
      return row!.address as Address;
    },
    /** Every player's deposit address (what the watcher asks the node for logs to). */
    async all(): Promise<Address[]> {
      const rows = await db.select({ address: chainAddresses.address }).from(chainAddresses);
      return rows.map((row) => row.address as Address);
    },
    /** Which of `addresses` (any case) are players' deposit addresses, and whose (keys checksummed). */
    async owners(addresses: readonly string[]): Promise<Map<Address, number>> {
      if (addresses.length === 0) return new Map();
      const rows = await db
        .select({ address: chainAddresses.address, playerId: chainAddresses.playerId })
        .from(chainAddresses)
        .where(inArray(chainAddresses.address, [...new Set(addresses.map((address) => getAddress(address)))]));
      return new Map(rows.map((row) => [row.address as Address, row.playerId]));
    },
  };
}
