import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { PasswordHasher } from '../accounts/passwords.ts';
import { looksLikeToken, newToken, sha256, shouldTouch, tokenState } from '../accounts/secrets.ts';
import { operatorActions, operators, operatorTokens } from './schema.ts';

/** Staff sessions are shorter than players' (docs/decisions/0013-operator-access.md). */
export const OPERATOR_SESSION = { lifetimeMs: 8 * 60 * 60 * 1000, idleMs: 30 * 60 * 1000 } as const;

export type AuthenticatedOperator = { id: number; email: string };
export type OperatorsService = ReturnType<typeof createOperatorsService>;

export function createOperatorsService({ db, passwords, now = () => new Date() }: { db: Database; passwords: PasswordHasher; now?: () => Date }) {
  async function findByEmail(email: string) {
    const [row] = await db
      .select()
      .from(operators)
      .where(eq(sql`lower(${operators.email})`, email.trim().toLowerCase()));
    return row;
  }

  return {
    /**
     * OPERATOR_EMAIL/OPERATOR_PASSWORD at start: creates that operator, or sets its password to the
     * configured one (signing out its sessions) when it differs. Safe when several nodes start at once.
     */
    async ensureOperator({ email, password }: { email: string; password: string }): Promise<'created' | 'updated' | 'unchanged'> {
      const existing = await findByEmail(email);
      if (!existing) {
        const inserted = await db
          .insert(operators)
          .values({ email: email.toLowerCase(), passwordHash: await passwords.hash(password) })
          .onConflictDoNothing()
          .returning({ id: operators.id });
        return inserted.length > 0 ? 'created' : 'unchanged';
      }
      if ((await passwords.verify(existing.passwordHash, password)) && !existing.disabled) return 'unchanged';
      const passwordHash = await passwords.hash(password);
      await db.transaction(async (tx) => {
        await tx.update(operators).set({ passwordHash, disabled: false }).where(eq(operators.id, existing.id));
        await tx.delete(operatorTokens).where(eq(operatorTokens.operatorId, existing.id));
      });
      return 'updated';
    },

    /** POST /api/admin/login. Null for an unknown e-mail, a wrong password or a disabled operator alike. */
    async login(email: string, password: string): Promise<{ token: string; expires_at: string; operatorId: number } | null> {
      const operator = await findByEmail(email);
      if (!operator) return passwords.verifyNothing(password).then(() => null);
      if (!(await passwords.verify(operator.passwordHash, password)) || operator.disabled) return null;
      const token = newToken();
      const at = now();
      const expiresAt = new Date(at.getTime() + OPERATOR_SESSION.lifetimeMs);
      await db.transaction(async (tx) => {
        await tx.insert(operatorTokens).values({ operatorId: operator.id, tokenHash: sha256(token), createdAt: at, lastUsedAt: at, expiresAt });
        await tx.update(operators).set({ lastLoginAt: at }).where(eq(operators.id, operator.id));
        await tx.delete(operatorTokens).where(and(eq(operatorTokens.operatorId, operator.id), lt(operatorTokens.expiresAt, at)));
      });
      return { token, expires_at: expiresAt.toISOString(), operatorId: operator.id };
    },

    /** An operator's bearer token; a player's token is not in this table and never matches. */
    async authenticate(token: string | undefined): Promise<AuthenticatedOperator | null> {
      if (!looksLikeToken(token)) return null;
      const [row] = await db
        .select({
          tokenId: operatorTokens.id,
          lastUsedAt: operatorTokens.lastUsedAt,
          expiresAt: operatorTokens.expiresAt,
          id: operators.id,
          email: operators.email,
          disabled: operators.disabled,
        })
        .from(operatorTokens)
        .innerJoin(operators, eq(operators.id, operatorTokens.operatorId))
        .where(eq(operatorTokens.tokenHash, sha256(token)));
      if (!row || row.disabled) return null;
      const at = now();
      if (tokenState(row, at, OPERATOR_SESSION.idleMs) !== 'valid') {
        await db.delete(operatorTokens).where(eq(operatorTokens.id, row.tokenId));
        return null;
      }
      if (shouldTouch(row, at)) await db.update(operatorTokens).set({ lastUsedAt: at }).where(eq(operatorTokens.id, row.tokenId));
      return { id: row.id, email: row.email };
    },

    async logout(token: string | undefined): Promise<void> {
      if (looksLikeToken(token)) await db.delete(operatorTokens).where(eq(operatorTokens.tokenHash, sha256(token)));
    },

    /** The audit trail: who did what to whom. */
    async record(operatorId: number, action: string, subject: string, details: Record<string, unknown> = {}): Promise<void> {
      await db.insert(operatorActions).values({ operatorId, action, subject, details, createdAt: now() });
    },

    async actionsOn(subject: string) {
      return db.select().from(operatorActions).where(eq(operatorActions.subject, subject)).orderBy(operatorActions.id);
    },
  };
}
