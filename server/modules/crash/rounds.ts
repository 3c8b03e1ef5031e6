// The rounds' links of the hash chain, and a round as the API shows it (docs/decisions/0071-crash.md).

import { desc, eq } from 'drizzle-orm';
import type { CrashGame } from '../../../contract/crash.ts';
import { crashPointFromHash } from '../../../games/crash/crash.ts';
import type { Database } from '../../db/client.ts';
import { CHAIN_LENGTH, hashAt, newChain } from './chain.ts';
import { crashChains, type crashGames } from './schema.ts';

type GameRow = typeof crashGames.$inferSelect;

export const crashPointFor = crashPointFromHash;

/**
 * The next round's link: the link after the last round's on its chain, or link 1 of a new chain. `seed` (tests
 * only, CRASH_CHAIN_SEED) makes the database's first chain; a later chain from it would replay the same rounds.
 */
export async function nextLink(db: Database, last: GameRow | undefined, seed?: string): Promise<{ chainId: number; chainIndex: number; hash: string }> {
  const [chain] = last
    ? await db.select().from(crashChains).where(eq(crashChains.id, last.chainId))
    : await db.select().from(crashChains).orderBy(desc(crashChains.id)).limit(1);
  const index = last && chain && last.chainId === chain.id ? last.chainIndex + 1 : 1;
  if (chain && index <= chain.length) return { chainId: chain.id, chainIndex: index, hash: hashAt(chain.seed, chain.length, index) };
  const made = newChain(CHAIN_LENGTH, chain ? undefined : seed);
  const [created] = await db.insert(crashChains).values(made).returning({ id: crashChains.id });
  return { chainId: created!.id, chainIndex: 1, hash: hashAt(made.seed, made.length, 1) };
}

/** What anyone may see of a round: the crash point and hash only once it has crashed. */
export function crashGameOf(row: GameRow): CrashGame {
  const over = row.status === 'crashed';
  return {
    id: row.id,
    status: row.status as CrashGame['status'],
    betting_ends_at: row.bettingEndsAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    crash_point: over ? row.crashPoint : null,
    hash: over ? row.hash : null,
    chain_id: row.chainId,
    chain_index: row.chainIndex,
    interrupted: row.interrupted,
  };
}
