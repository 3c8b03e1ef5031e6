import { and, desc, eq, lt, notInArray, or, sql } from 'drizzle-orm';
import type { AccountsCore, AuthenticatedPlayer, LoginResult } from './core.ts';
import type { TokenActivity } from './events.ts';
import { personalAccessTokens, players } from './schema.ts';
import { looksLikeToken, newToken, SESSION, sha256, shouldTouch, tokenState } from './secrets.ts';

// Sessions: the bearer tokens a login or a magic link issues, and the check every authenticated request makes
// (docs/decisions/0010-player-tokens-and-sessions.md).

export type { TokenActivity } from './events.ts';

export function createSessions({ db, passwords, now, findByEmail, publish }: AccountsCore) {
  // Awaited: the sign-ins' session row is current before the request answers.
  const tellActivity = (activity: TokenActivity) => publish('TokenActivity', activity);

  async function issueToken(playerId: number, name: 'login' | 'magic-link', active: boolean): Promise<LoginResult> {
    const token = newToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + SESSION.lifetimeMs);
    const [issued] = await db
      .insert(personalAccessTokens)
      .values({ playerId, tokenHash: sha256(token), name, createdAt: at, lastUsedAt: at, expiresAt })
      .returning({ id: personalAccessTokens.id });
    // Housekeeping, not part of the login's meaning: expired tokens of this player, and any beyond the newest few.
    const newest = db
      .select({ id: personalAccessTokens.id })
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.playerId, playerId))
      .orderBy(desc(personalAccessTokens.id))
      .limit(SESSION.maxPerPlayer);
    await db
      .delete(personalAccessTokens)
      .where(and(eq(personalAccessTokens.playerId, playerId), or(lt(personalAccessTokens.expiresAt, at), notInArray(personalAccessTokens.id, newest))));
    await db.update(players).set({ lastLoginAt: at }).where(eq(players.id, playerId));
    return { token, expires_at: expiresAt.toISOString(), active, playerId, tokenId: issued!.id };
  }

  // Every signed-in request runs it: built once, and planned once per connection (a named prepared statement).
  const tokenLookup = db
    .select({
      tokenId: personalAccessTokens.id,
      lastUsedAt: personalAccessTokens.lastUsedAt,
      expiresAt: personalAccessTokens.expiresAt,
      id: players.id,
      email: players.email,
      active: players.active,
      blocked: players.blocked,
    })
    .from(personalAccessTokens)
    .innerJoin(players, eq(players.id, personalAccessTokens.playerId))
    .where(eq(personalAccessTokens.tokenHash, sql.placeholder('hash')))
    .prepare('session_token_v1');

  async function authenticate(token: string | undefined): Promise<AuthenticatedPlayer | null> {
    if (!looksLikeToken(token)) return null;
    const [row] = await tokenLookup.execute({ hash: sha256(token) });
    if (!row) return null;
    const at = now();
    if (tokenState(row, at) !== 'valid') {
      await db.delete(personalAccessTokens).where(eq(personalAccessTokens.id, row.tokenId));
      return null;
    }
    if (shouldTouch(row, at)) {
      await db.update(personalAccessTokens).set({ lastUsedAt: at }).where(eq(personalAccessTokens.id, row.tokenId));
      await tellActivity({ tokenId: row.tokenId, at, ended: false });
    }
    return { id: row.id, tokenId: row.tokenId, email: row.email, active: row.active, blocked: row.blocked };
  }

  return {
    issueToken,
    authenticate,
    /**
     * POST /api/login. Null when the e-mail is unknown or the password wrong: the caller cannot tell
     * which, and both take one argon2 verification.
     */
    async login(email: string, password: string): Promise<LoginResult | null> {
      const player = await findByEmail(email);
      if (!player) return passwords.verifyNothing(password).then(() => null);
      if (!(await passwords.verify(player.passwordHash, password))) return null;
      if (passwords.needsRehash(player.passwordHash)) {
        await db
          .update(players)
          .set({ passwordHash: await passwords.hash(password) })
          .where(eq(players.id, player.id));
      }
      return issueToken(player.id, 'login', player.active);
    },

    async logout(token: string | undefined): Promise<void> {
      if (!looksLikeToken(token)) return;
      const ended = await db
        .delete(personalAccessTokens)
        .where(eq(personalAccessTokens.tokenHash, sha256(token)))
        .returning({ id: personalAccessTokens.id });
      for (const { id } of ended) await tellActivity({ tokenId: id, at: now(), ended: true });
    },
  };
}
