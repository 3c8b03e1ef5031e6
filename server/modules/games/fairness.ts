// Players' provably fair seeds (docs/decisions/0041-games-api.md): the current server seed is shown only as its
// SHA-256 until the player rotates it; the client seed is the player's to change; the nonce counts rounds.

import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FairnessSeeds, SeedRotation } from '../../../contract/games.ts';
import { defaultClientSeed, generateServerSeed, hashServerSeed } from '../../../games/fairness.ts';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import { fairnessSeeds, gameRounds } from './schema.ts';

export type SeedPair = { id: number; serverSeed: string; serverSeedHash: string; clientSeed: string; nextNonce: number };

/** Revealing a seed while a blackjack hand or a mines board played from it is open would reveal what is still to come. */
export const openHandProblem = (engine = 'blackjack') =>
  engine === 'mines'
    ? new Problem(409, 'Finish your open mines round first: rotating now would reveal where the mines are.', { type: 'round_open' })
    : new Problem(409, 'Finish your open blackjack hand first: rotating now would reveal the cards still to come.', { type: 'round_open' });

export type FairnessService = ReturnType<typeof createFairnessService>;

const MAX_KNOWN = 100_000;

export function createFairnessService({ db }: { db: Database }) {
  const columns = {
    id: fairnessSeeds.id,
    serverSeed: fairnessSeeds.serverSeed,
    serverSeedHash: fairnessSeeds.serverSeedHash,
    clientSeed: fairnessSeeds.clientSeed,
    nextNonce: fairnessSeeds.nextNonce,
  };
  // The pair each player's next round will use, as this process last saw it. A stale entry (another node played,
  // rotated or changed the client seed) only makes the nonce claim fail, and the round reads the pair afresh.
  const known = new Map<number, SeedPair>();
  const currentOf = (playerId: number) => and(eq(fairnessSeeds.playerId, playerId), isNull(fairnessSeeds.revealedAt));
  const view = (pair: SeedPair): FairnessSeeds => ({
    mode: 'real',
    server_seed_hash: pair.serverSeedHash,
    client_seed: pair.clientSeed,
    nonce: pair.nextNonce,
  });

  async function freshServerSeed() {
    const serverSeed = generateServerSeed();
    return { serverSeed, serverSeedHash: await hashServerSeed(serverSeed) };
  }

  /** The player's current seed pair, made on first use (a concurrent first use makes only one). */
  async function current(playerId: number): Promise<SeedPair> {
    const [found] = await db.select(columns).from(fairnessSeeds).where(currentOf(playerId));
    if (found) return found;
    await db
      .insert(fairnessSeeds)
      .values({ playerId, ...(await freshServerSeed()), clientSeed: defaultClientSeed() })
      .onConflictDoNothing();
    const [made] = await db.select(columns).from(fairnessSeeds).where(currentOf(playerId));
    return made!;
  }

  function remember(playerId: number, pair: SeedPair): void {
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(playerId, pair);
  }

  return {
    current,

    /** The pair the player's next round should use: as this process last saw it, else read. */
    async forNextRound(playerId: number): Promise<SeedPair> {
      return known.get(playerId) ?? current(playerId);
    },

    /** After a round committed with `pair`: the next round uses the following nonce. */
    advanced(playerId: number, pair: SeedPair): void {
      remember(playerId, { ...pair, nextNonce: pair.nextNonce + 1 });
    },

    /** After a failed claim: the pair is read again next time. */
    forget(playerId: number): void {
      known.delete(playerId);
    },

    async seeds(playerId: number): Promise<FairnessSeeds> {
      return view(await current(playerId));
    },

    /** A new client seed for the rounds to come; the server seed and the nonce carry on, so no (seed, nonce) repeats. */
    async setClientSeed(playerId: number, clientSeed: string): Promise<FairnessSeeds> {
      known.delete(playerId);
      await current(playerId);
      const [updated] = await db.update(fairnessSeeds).set({ clientSeed }).where(currentOf(playerId)).returning(columns);
      return view(updated ?? (await current(playerId)));
    },

    /** Reveals the current server seed and commits to a new one, nonce 0, keeping the client seed. */
    async rotate(playerId: number): Promise<SeedRotation> {
      known.delete(playerId);
      await current(playerId);
      const next = await freshServerSeed();
      return db.transaction(async (tx) => {
        // Locks the current pair: a round claiming its nonce waits, then finds it revealed and takes the new one.
        const [old] = await tx.update(fairnessSeeds).set({ revealedAt: new Date() }).where(currentOf(playerId)).returning(columns);
        if (!old) throw new Problem(409, 'Your seeds changed at the same moment; try again.');
        const [openHand] = await tx
          .select({ id: gameRounds.id, engine: gameRounds.engine })
          .from(gameRounds)
          .where(and(eq(gameRounds.seedId, old.id), eq(gameRounds.status, 'open'), inArray(gameRounds.engine, ['blackjack', 'mines'])))
          .limit(1);
        if (openHand) throw openHandProblem(openHand.engine);
        const [made] = await tx
          .insert(fairnessSeeds)
          .values({ playerId, ...next, clientSeed: old.clientSeed })
          .returning(columns);
        return { ...view(made!), previous_server_seed: old.serverSeed, previous_server_seed_hash: old.serverSeedHash };
      });
    },

    /** The server seeds of these pairs that have been revealed; pairs still in use are absent. */
    async revealedSeeds(seedIds: readonly number[]): Promise<Map<number, string>> {
      if (seedIds.length === 0) return new Map();
      const rows = await db
        .select({ id: fairnessSeeds.id, serverSeed: fairnessSeeds.serverSeed, revealedAt: fairnessSeeds.revealedAt })
        .from(fairnessSeeds)
        .where(inArray(fairnessSeeds.id, [...new Set(seedIds)]));
      return new Map(rows.filter((row) => row.revealedAt !== null).map((row) => [row.id, row.serverSeed]));
    },
  };
}
