import { randomBytes } from 'node:crypto';
import { and, eq, lt, or, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbExecutor } from '../../db/client.ts';
import { createSecretBox } from '../../secret-box.ts';
import { canonicalTotpSecret, totpSecretProblem } from '../../totp-secret.ts';
import type { PasswordHasher } from '../accounts/passwords.ts';
import { looksLikeToken, newToken, sha256, shouldTouch, tokenState } from '../accounts/secrets.ts';
import { createAuditService } from './audit.ts';
import { type Permission, permissionsOf } from './permissions.ts';
import { operators, operatorTokens } from './schema.ts';
import { createSecondFactorStore } from './second-factor-store.ts';
import { createStaffAdmin } from './staff.ts';
import { createStaffLinks } from './staff-links.ts';
import type { OutboxService } from '../outbox/service.ts';
import type { Templates } from '../../notify/templates.ts';
import { looksLikeRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryCodeHash, type TotpRefusal } from './two-factor.ts';

/** Staff sessions: 30 minutes idle, 12 hours at most (docs/decisions/0080-staff-two-factor-sign-in.md). */
export const OPERATOR_SESSION = { lifetimeMs: 12 * 60 * 60 * 1000, idleMs: 30 * 60 * 1000 } as const;
/** A password-checked sign-in waiting for its second factor. */
export const TWO_FACTOR_CHALLENGE = { lifetimeMs: 5 * 60 * 1000, attempts: 5 } as const;

export type AuthenticatedOperator = {
  id: number;
  email: string;
  role: string;
  permissions: readonly Permission[];
  twoFactorEnabled: boolean;
  /** Production staff without 2FA may only enrol (and sign out) until they do. */
  mustEnrol: boolean;
};
export type OperatorSession = { token: string; expires_at: string; operatorId: number };
/** The account's second factor is locked (too many wrong codes, decision 0099): no code was checked. */
export type SecondFactorLocked = { locked: true; retryAt: Date; retryAfterMs: number };
export type OperatorsService = ReturnType<typeof createOperatorsService>;
/** Where a sign-in came from, for its audit row (issue 32 §5): the address (TRUST_PROXY applied) and the browser. */
export type SignInClient = { ip: string; userAgent: string | undefined };
const clientOf = (client: SignInClient | undefined) => (client ? { ip: client.ip, user_agent: client.userAgent?.slice(0, 300) ?? null } : {});

export function createOperatorsService({
  db,
  passwords,
  now = () => new Date(),
  requireTwoFactor = false,
  siteName = 'Croupier',
  totpKey = randomBytes(32).toString('hex'),
  outbox,
  templates,
  logger,
}: {
  db: Database;
  passwords: PasswordHasher;
  now?: () => Date;
  requireTwoFactor?: boolean;
  siteName?: string;
  /** Seals TOTP secrets at rest (64 hex: TOTP_ENCRYPTION_KEY or the generated one); a fresh one per process by default. */
  totpKey?: string;
  /** Sends staff their invitation and reset links (absent in tests of the service alone: no mail leaves). */
  outbox?: OutboxService;
  templates?: Templates;
  logger?: FastifyBaseLogger;
}) {
  const audit = createAuditService({ db, now });
  // TOTP secrets at rest (docs/decisions/0080-staff-two-factor-sign-in.md): sealed with AES-256-GCM to the staff
  // member's id, so a copy of the database (a backup, a read replica, an SQL injection) yields no second factor.
  const box = createSecretBox(totpKey);
  const SEALED = 'v1.';
  const sealTotp = (secret: string, operatorId: number) => SEALED + box.seal(Buffer.from(secret, 'utf8'), `staff:${operatorId}`).toString('base64');
  /** Null when it does not open (another key, or bytes moved from another row): no code then matches. */
  const openTotp = (stored: string, operatorId: number): string | null => {
    if (!stored.startsWith(SEALED)) return stored;
    try {
      return box.open(Buffer.from(stored.slice(SEALED.length), 'base64'), `staff:${operatorId}`).toString('utf8');
    } catch {
      return null;
    }
  };
  // Wrong codes across all of an account's challenges share one budget, kept in the database (decision 0099).
  const secondFactor = createSecondFactorStore({ db, now });
  const staff = createStaffAdmin({ db, passwords, audit, secondFactor });
  const staffLinks = createStaffLinks({ db, passwords, audit, outbox, templates, now });
  /** otplib would not check a code against this member's secret: they cannot sign in with codes until an admin resets it. */
  const secretRefused = (operatorId: number) => (refusal: TotpRefusal) =>
    logger?.error(
      { staff_id: operatorId, otp_error: refusal.error, reason: refusal.reason },
      'TOTP secret refused by otplib: no code can sign this staff member in until an admin resets their two-factor sign-in',
    );

  async function findByEmail(email: string) {
    const [row] = await db
      .select()
      .from(operators)
      .where(eq(sql`lower(${operators.email})`, email.trim().toLowerCase()));
    return row;
  }

  async function openSession(within: DbExecutor, operatorId: number, at: Date, client?: SignInClient): Promise<OperatorSession> {
    const token = newToken();
    const expiresAt = new Date(at.getTime() + OPERATOR_SESSION.lifetimeMs);
    await within.insert(operatorTokens).values({ operatorId, tokenHash: sha256(token), createdAt: at, lastUsedAt: at, expiresAt });
    await within.update(operators).set({ lastLoginAt: at }).where(eq(operators.id, operatorId));
    await within.delete(operatorTokens).where(and(eq(operatorTokens.operatorId, operatorId), lt(operatorTokens.expiresAt, at)));
    await audit.record({ staffId: operatorId, action: 'staff.login', subject: `staff:${operatorId}`, after: clientOf(client) }, within);
    return { token, expires_at: expiresAt.toISOString(), operatorId };
  }

  /** Spends a TOTP code (never twice) or a recovery code (once) of an enrolled operator. */
  async function spendCode(within: DbExecutor, operator: typeof operators.$inferSelect, code: string, at: Date): Promise<boolean> {
    const trimmed = code.trim();
    const secret = operator.totpSecret && openTotp(operator.totpSecret, operator.id);
    if (secret && operator.totpEnabledAt && /^[0-9]{6}$/.test(trimmed)) {
      const step = await matchTotp(secret, trimmed, operator.totpLastStep, at, secretRefused(operator.id));
      if (step === null) return false;
      // Atomic: of two requests with the same code, one moves the step and the other finds it moved.
      const moved = await within
        .update(operators)
        .set({ totpLastStep: step })
        .where(and(eq(operators.id, operator.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
        .returning({ id: operators.id });
      return moved.length === 1;
    }
    if (!looksLikeRecoveryCode(trimmed)) return false;
    const hash = recoveryCodeHash(trimmed);
    const used = await within
      .update(operators)
      .set({ recoveryCodes: sql`${operators.recoveryCodes} - ${hash}::text` })
      .where(and(eq(operators.id, operator.id), sql`jsonb_exists(${operators.recoveryCodes}, ${hash})`))
      .returning({ id: operators.id });
    if (used.length === 1) await audit.record({ staffId: operator.id, action: 'staff.recovery_code_used', subject: `staff:${operator.id}` }, within);
    return used.length === 1;
  }

  return {
    audit,
    /** The second-factor budget, shared with affiliates' sign-in (subject type `affiliate`, decision 0107). */
    secondFactor,
    staff,
    staffLinks,

    /**
     * OPERATOR_EMAIL/OPERATOR_PASSWORD at start: creates that operator (an admin), or sets its password to the
     * configured one (signing out its sessions) when it differs. OPERATOR_TOTP_SECRET enrols it with that secret,
     * which must be one otplib takes (config checks it; this refuses one from anywhere else rather than store a
     * lock-out). Safe when several nodes start at once.
     */
    async ensureOperator({
      email,
      password,
      totpSecret: given,
    }: {
      email: string;
      password: string;
      totpSecret?: string;
    }): Promise<'created' | 'updated' | 'unchanged'> {
      const problem = given === undefined ? null : totpSecretProblem(given);
      if (problem) throw new Error(`The operator's TOTP secret ${problem}`);
      const totpSecret = given === undefined ? undefined : canonicalTotpSecret(given);
      const existing = await findByEmail(email);
      const enrolment = (id: number) => (totpSecret ? { totpSecret: sealTotp(totpSecret, id), totpEnabledAt: now() } : {});
      if (!existing) {
        const passwordHash = await passwords.hash(password);
        // The secret is sealed to the new id, so it is set in the same transaction once the row has one.
        return db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(operators)
            .values({ email: email.toLowerCase(), passwordHash, role: 'admin' })
            .onConflictDoNothing()
            .returning({ id: operators.id });
          if (!inserted) return 'unchanged';
          if (totpSecret) await tx.update(operators).set(enrolment(inserted.id)).where(eq(operators.id, inserted.id));
          return 'created';
        });
      }
      const secretChanged =
        totpSecret !== undefined && (!existing.totpSecret || !existing.totpEnabledAt || openTotp(existing.totpSecret, existing.id) !== totpSecret);
      if ((await passwords.verify(existing.passwordHash, password)) && !existing.disabled && !secretChanged) return 'unchanged';
      const passwordHash = await passwords.hash(password);
      await db.transaction(async (tx) => {
        await tx
          .update(operators)
          .set({ passwordHash, disabled: false, ...(secretChanged ? { ...enrolment(existing.id), totpLastStep: null } : {}) })
          .where(eq(operators.id, existing.id));
        await tx.delete(operatorTokens).where(eq(operatorTokens.operatorId, existing.id));
      });
      return 'updated';
    },

    /**
     * POST /api/admin/login. Null for an unknown e-mail, a wrong password or a disabled operator alike; a
     * challenge for an operator with 2FA; else a session.
     */
    async login(email: string, password: string, client?: SignInClient): Promise<OperatorSession | { challenge: string; operatorId: number } | null> {
      const operator = await findByEmail(email);
      // A failed sign-in is audited with where it came from: against the member when the e-mail is a member's,
      // else with no subject (the typed e-mail is not kept: it may be a password typed in the wrong field).
      const failed = async (reason: 'unknown_email' | 'password' | 'disabled') => {
        await audit.record({
          staffId: operator?.id ?? null,
          action: 'staff.login_failed',
          subject: operator ? `staff:${operator.id}` : null,
          after: { reason, ...clientOf(client) },
        });
        return null;
      };
      if (!operator) return passwords.verifyNothing(password).then(() => failed('unknown_email'));
      if (!(await passwords.verify(operator.passwordHash, password))) return failed('password');
      if (operator.disabled) return failed('disabled');
      const at = now();
      if (operator.totpEnabledAt) {
        const challenge = newToken();
        await db.insert(operatorTokens).values({
          operatorId: operator.id,
          kind: 'challenge',
          tokenHash: sha256(challenge),
          createdAt: at,
          lastUsedAt: at,
          expiresAt: new Date(at.getTime() + TWO_FACTOR_CHALLENGE.lifetimeMs),
        });
        return { challenge, operatorId: operator.id };
      }
      return db.transaction((tx) => openSession(tx, operator.id, at, client));
    },

    /**
     * POST /api/admin/login/two-factor: a session for a live challenge and a good code; null otherwise. Each code
     * checked takes one check from the account's second-factor budget first (decision 0099): when it is spent, the
     * second factor is locked and no code is checked at all, the right one included, so the answer says nothing of
     * the code.
     */
    async completeTwoFactor(challenge: string, code: string, client?: SignInClient): Promise<OperatorSession | SecondFactorLocked | null> {
      if (!looksLikeToken(challenge)) return null;
      const at = now();
      const [row] = await db
        .select({ tokenId: operatorTokens.id, expiresAt: operatorTokens.expiresAt, attempts: operatorTokens.attempts, operator: operators })
        .from(operatorTokens)
        .innerJoin(operators, eq(operators.id, operatorTokens.operatorId))
        .where(and(eq(operatorTokens.tokenHash, sha256(challenge)), eq(operatorTokens.kind, 'challenge')));
      if (!row || row.operator.disabled || row.expiresAt <= at) return null;
      const operatorId = row.operator.id;
      const reservation = await secondFactor.reserve({ type: 'staff', id: operatorId });
      if (!reservation.granted) return { locked: true, retryAt: reservation.retryAt, retryAfterMs: reservation.retryAt.getTime() - at.getTime() };
      const { ticket } = reservation;
      let outcome: 'unchecked' | 'wrong' | 'right' = 'unchecked';
      let session: OperatorSession | null = null;
      try {
        // Count the attempt first (atomically), so parallel guesses cannot exceed the challenge's own budget.
        const [counted] = await db
          .update(operatorTokens)
          .set({ attempts: sql`${operatorTokens.attempts} + 1` })
          .where(and(eq(operatorTokens.id, row.tokenId), lt(operatorTokens.attempts, TWO_FACTOR_CHALLENGE.attempts)))
          .returning({ attempts: operatorTokens.attempts });
        if (!counted) {
          await db.delete(operatorTokens).where(eq(operatorTokens.id, row.tokenId));
          return null;
        }
        session = await db.transaction(async (tx) => {
          const within = tx;
          if (!(await spendCode(within, row.operator, code, at))) {
            outcome = 'wrong';
            await audit.record(
              { staffId: operatorId, action: 'staff.login_failed', subject: `staff:${operatorId}`, after: { reason: 'code', ...clientOf(client) } },
              within,
            );
            return null;
          }
          outcome = 'right';
          const gone = await within.delete(operatorTokens).where(eq(operatorTokens.id, row.tokenId)).returning({ id: operatorTokens.id });
          if (gone.length !== 1) return null;
          return openSession(within, operatorId, at, client);
        });
      } finally {
        // A right code (or one never checked) gives its check back; a wrong one keeps it, and may lock the account:
        // the lock and its audit row commit together.
        const lockedUntil = await secondFactor.settle(ticket, outcome, (tx, until) =>
          audit.record(
            {
              staffId: operatorId,
              action: 'staff.two_factor_locked',
              subject: `staff:${operatorId}`,
              after: {
                locked_until: until.toISOString(),
                wrong_codes: secondFactor.policy.maxWrong,
                window_minutes: secondFactor.policy.windowMs / 60_000,
              },
            },
            tx,
          ),
        );
        // The alert for admins: the log shipper's alert rule matches this event; the audit row is the record.
        if (lockedUntil)
          logger?.warn(
            { event: 'staff_two_factor_locked', staff_id: operatorId, locked_until: lockedUntil.toISOString() },
            'Staff second factor locked after too many wrong codes: the password is probably known to someone else',
          );
      }
      return session;
    },

    /** An operator's session token; a player's token, or a sign-in still waiting for its code, never matches. */
    async authenticate(token: string | undefined): Promise<AuthenticatedOperator | null> {
      if (!looksLikeToken(token)) return null;
      const [row] = await db
        .select({
          tokenId: operatorTokens.id,
          lastUsedAt: operatorTokens.lastUsedAt,
          expiresAt: operatorTokens.expiresAt,
          id: operators.id,
          email: operators.email,
          role: operators.role,
          disabled: operators.disabled,
          totpEnabledAt: operators.totpEnabledAt,
        })
        .from(operatorTokens)
        .innerJoin(operators, eq(operators.id, operatorTokens.operatorId))
        .where(and(eq(operatorTokens.tokenHash, sha256(token)), eq(operatorTokens.kind, 'session')));
      if (!row || row.disabled) return null;
      const at = now();
      if (tokenState(row, at, OPERATOR_SESSION.idleMs) !== 'valid') {
        await db.delete(operatorTokens).where(eq(operatorTokens.id, row.tokenId));
        return null;
      }
      if (shouldTouch(row, at)) await db.update(operatorTokens).set({ lastUsedAt: at }).where(eq(operatorTokens.id, row.tokenId));
      const twoFactorEnabled = row.totpEnabledAt !== null;
      return {
        id: row.id,
        email: row.email,
        role: row.role,
        permissions: permissionsOf(row.role),
        twoFactorEnabled,
        mustEnrol: requireTwoFactor && !twoFactorEnabled,
      };
    },

    async logout(token: string | undefined): Promise<void> {
      if (looksLikeToken(token)) await db.delete(operatorTokens).where(eq(operatorTokens.tokenHash, sha256(token)));
    },

    /** Enrolment, step 1: a new pending secret and its otpauth:// URL (the QR code). Null when already enrolled. */
    async startEnrolment(operatorId: number): Promise<{ secret: string; otpauth_url: string } | null> {
      const secret = newTotpSecret();
      const [row] = await db
        .update(operators)
        .set({ totpSecret: sealTotp(secret, operatorId) })
        .where(and(eq(operators.id, operatorId), isNull(operators.totpEnabledAt)))
        .returning({ email: operators.email });
      return row ? { secret, otpauth_url: otpauthUrl(siteName, row.email, secret) } : null;
    },

    /** Enrolment, step 2: a code from the app confirms the secret; answers the ten recovery codes, shown once. */
    async confirmEnrolment(operatorId: number, code: string): Promise<string[] | 'not_started' | 'invalid'> {
      const at = now();
      const [operator] = await db.select().from(operators).where(eq(operators.id, operatorId));
      const secret = operator?.totpSecret && openTotp(operator.totpSecret, operatorId);
      if (!operator || !secret || operator.totpEnabledAt) return 'not_started';
      const step = await matchTotp(secret, code.trim(), null, at, secretRefused(operatorId));
      if (step === null) return 'invalid';
      const { codes, hashes } = newRecoveryCodes();
      const done = await db.transaction(async (tx) => {
        const changed = await tx
          .update(operators)
          .set({ totpEnabledAt: at, totpLastStep: step, recoveryCodes: hashes })
          .where(and(eq(operators.id, operatorId), isNull(operators.totpEnabledAt), eq(operators.totpSecret, operator.totpSecret!)))
          .returning({ id: operators.id });
        if (changed.length === 1) await audit.record({ staffId: operatorId, action: 'staff.two_factor_enrolled', subject: `staff:${operatorId}` }, tx);
        return changed.length === 1;
      });
      return done ? codes : 'not_started';
    },

    /** The audit trail of one subject (`player:{id}`, `withdrawal:{id}`…), oldest first. */
    async actionsOn(subject: string) {
      return audit.actionsOn(subject);
    },
  };
}
