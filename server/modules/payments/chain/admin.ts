import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { chainDeposits } from '../schema.ts';
import { type ChainDepositRow, toChainDepositView } from './watcher.ts';

// What operators read of the crypto rail (docs/decisions/0109): on-chain deposits with their transactions, quotes,
// statuses and reorg flags. Player names are added by the operators' routes (through the accounts module).

export const ADMIN_CHAIN_DEPOSITS_LIMIT = 200;

export function createChainAdmin({ db, chainId, required }: { db: Database; chainId: number; required: number }) {
  return {
    async deposits(filter: { status?: string; reorged?: boolean }) {
      const where: SQL[] = [eq(chainDeposits.chainId, chainId)];
      if (filter.status) where.push(eq(chainDeposits.status, filter.status));
      if (filter.reorged !== undefined) where.push(eq(chainDeposits.reorged, filter.reorged));
      const rows: ChainDepositRow[] = await db
        .select()
        .from(chainDeposits)
        .where(and(...where))
        .orderBy(desc(chainDeposits.seenAt))
        .limit(ADMIN_CHAIN_DEPOSITS_LIMIT);
      return rows.map((row) => ({
        ...toChainDepositView(row, required),
        playerId: row.playerId,
        address: row.address,
        from: row.fromAddress,
        block_number: row.blockNumber,
        reorged: row.reorged,
        deposit_id: row.depositId,
      }));
    },
  };
}
