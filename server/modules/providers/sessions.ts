import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { providerPlayers, providerSessions } from './schema.ts';

// Who a provider's call is about (docs/decisions/0096-hub88-seamless-wallet.md). The aggregator knows a player by an
// opaque reference made once (never the numeric id, nothing personal), and a game by the session token our launch
// made for that player, game and currency. Only the token's SHA-256 is kept, as for our own API tokens.

/** A token is good this long after its last use (a bet, a balance), as a session of ours ends after 30 idle minutes. */
export const TOKEN_IDLE_MS = 30 * 60_000;
/** However much it is used, a token ends this long after its launch; the player launches the game again. */
export const TOKEN_LIFETIME_MS = 24 * 60 * 60_000;
/** Its expiry is pushed on at most this often, so a run of bets does not write on every one. */
const TOUCH_EVERY_MS = 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type ProviderSession = {
  id: number;
  playerId: number;
  gameCode: string;
  currency: string;
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
  reference: string;
};

export function createProviderSessions({ db, now }: { db: Database; now: () => Date }) {
  // Sessions read by token (the hash's key) and by id (to push a kept one's expiry on when it is used).
  const open = new Map<string, typeof providerSessions.$inferSelect>();
  const byId = new Map<number, typeof providerSessions.$inferSelect>();
  // References never change once made: looked up once per process each way.
  const references = new Map<string, string>();
  const players = new Map<string, number>();
  const remember = (provider: string, playerId: number, reference: string) => {
    if (references.size >= 100_000) references.clear();
    if (players.size >= 100_000) players.clear();
    references.set(`${provider}:${playerId}`, reference);
    players.set(`${provider}:${reference}`, playerId);
  };

  /** The player's reference at `provider`, made on first use (24 hex characters of randomness). */
  async function referenceOf(provider: string, playerId: number): Promise<string> {
    const kept = references.get(`${provider}:${playerId}`);
    if (kept) return kept;
    const where = and(eq(providerPlayers.provider, provider), eq(providerPlayers.playerId, playerId));
    let [row] = await db.select({ reference: providerPlayers.reference }).from(providerPlayers).where(where);
    if (!row) {
      await db
        .insert(providerPlayers)
        .values({ provider, playerId, reference: randomBytes(12).toString('hex') })
        .onConflictDoNothing();
      [row] = await db.select({ reference: providerPlayers.reference }).from(providerPlayers).where(where);
    }
    remember(provider, playerId, row!.reference);
    return row!.reference;
  }

  /** The player a reference names, or null. */
  async function playerOf(provider: string, reference: string): Promise<number | null> {
    const kept = players.get(`${provider}:${reference}`);
    if (kept !== undefined) return kept;
    const [row] = await db
      .select({ playerId: providerPlayers.playerId })
      .from(providerPlayers)
      .where(and(eq(providerPlayers.provider, provider), eq(providerPlayers.reference, reference)));
    if (!row) return null;
    remember(provider, row.playerId, reference);
    return row.playerId;
  }

  return {
    referenceOf,
    playerOf,

    /**
     * A session token for the player to play `gameCode` in `currency` (the game launch hands it to the aggregator,
     * with `user`). The plaintext is returned once; 43 characters of base64url, within the 10 to 255 Hub88 takes.
     */
    async createLaunchToken(provider: string, playerId: number, gameCode: string, currency: string): Promise<{ token: string; user: string; expiresAt: Date }> {
      const user = await referenceOf(provider, playerId);
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + TOKEN_IDLE_MS);
      await db.insert(providerSessions).values({ provider, tokenHash: hashOf(token), playerId, gameCode, currency, createdAt: at, expiresAt });
      return { token, user, expiresAt };
    },

    /**
     * The session a token opened, expired or not; null for a token we never made. Kept per process while it is good:
     * a token is never revoked and its expiry only moves on (touch), so a kept session still good is good; one that
     * looks expired here is read again, in case another node's use pushed its expiry on.
     */
    async session(provider: string, token: string): Promise<ProviderSession | null> {
      const key = `${provider}:${hashOf(token)}`;
      let row = open.get(key);
      if (!row || row.expiresAt.getTime() <= now().getTime()) {
        [row] = await db
          .select()
          .from(providerSessions)
          .where(and(eq(providerSessions.tokenHash, hashOf(token)), eq(providerSessions.provider, provider)));
        if (!row) return null;
        if (open.size >= 100_000) {
          open.clear();
          byId.clear();
        }
        open.set(key, row);
        byId.set(row.id, row);
      }
      return {
        id: row.id,
        playerId: row.playerId,
        gameCode: row.gameCode,
        currency: row.currency,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
        expired: row.expiresAt.getTime() <= now().getTime(),
        reference: await referenceOf(provider, row.playerId),
      };
    },

    /** Ends the player's game sessions now: their tokens take no more bets (wins and rollbacks still come). */
    async end(provider: string, playerId: number): Promise<number> {
      const at = now();
      const ended = await db
        .update(providerSessions)
        .set({ expiresAt: at })
        .where(and(eq(providerSessions.provider, provider), eq(providerSessions.playerId, playerId), gt(providerSessions.expiresAt, at)))
        .returning({ id: providerSessions.id });
      return ended.length;
    },

    /** Forgets the sessions kept in this process (another node, or this one, ended some). */
    forget(): void {
      open.clear();
      byId.clear();
    },

    /** The token was used: it stays good for another idle period, never past a day after its launch. */
    async touch(session: Pick<ProviderSession, 'id' | 'createdAt' | 'expiresAt'>): Promise<void> {
      const at = now().getTime();
      if (session.expiresAt.getTime() - at > TOKEN_IDLE_MS - TOUCH_EVERY_MS) return;
      const until = Math.min(at + TOKEN_IDLE_MS, session.createdAt.getTime() + TOKEN_LIFETIME_MS);
      if (until > session.expiresAt.getTime()) {
        await db
          .update(providerSessions)
          .set({ expiresAt: new Date(until) })
          .where(eq(providerSessions.id, session.id));
        const kept = byId.get(session.id);
        if (kept && kept.expiresAt.getTime() < until) kept.expiresAt = new Date(until);
      }
    },
  };
}

export type ProviderSessions = ReturnType<typeof createProviderSessions>;
