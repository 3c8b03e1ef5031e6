// Affiliate accounts and their sign-in (docs/decisions/0107-affiliates.md): the application, password and optional
// TOTP sign-in with the players' password rules and the staff's second-factor budget, portal sessions, operator-issued
// one-time sign-in links (the spec's "affiliate-token sign-in"), the profile, and the operators' approval.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { passwordProblems } from '../../../contract/accounts.rules.ts';
import type { AffiliateView } from '../../../contract/affiliates.ts';
import type { DbExecutor } from '../../db/client.ts';
import { invalid, Problem } from '../../problem.ts';
import type { SecretBox } from '../../secret-box.ts';
import { isCommonPassword, type PasswordHasher } from '../accounts/passwords.ts';
import { looksLikeToken, newToken, sha256 } from '../accounts/secrets.ts';
import type { OperatorsService } from '../operators/service.ts';
import type { OutboxService } from '../outbox/service.ts';
import type { Templates } from '../../notify/templates.ts';
import { looksLikeRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryCodeHash } from '../operators/two-factor.ts';
import { isUniqueViolation } from '../shared/db-results.ts';
import { type PageQuery, pageMeta, pageOffset } from '../shared/pagination.ts';
import type { AffiliatesCore } from './core.ts';
import { affiliatePlans, affiliates, affiliateTokens } from './schema.ts';
import { affiliateView } from './view.ts';

export const SESSION_MS = 12 * 3_600_000;
const SESSION_IDLE_MS = 2 * 3_600_000;
export const SIGN_IN_LINK_MS = 30 * 60_000;
const SEALED = 'v1.';

export type AffiliateRow = typeof affiliates.$inferSelect;
export type AuthenticatedAffiliate = { id: number; status: string; email: string };

export const CREDENTIALS_MESSAGE = 'These credentials do not match our records.';
export const WRONG_CODE_MESSAGE = 'The code is not valid, or was already used.';

export function createAffiliateAccounts(
  core: AffiliatesCore,
  {
    passwords,
    totpBox,
    secondFactor,
    siteName,
    logger,
    outbox,
    templates,
  }: {
    passwords: PasswordHasher;
    totpBox: SecretBox;
    secondFactor: OperatorsService['secondFactor'];
    siteName: string;
    logger?: FastifyBaseLogger;
    outbox: Pick<OutboxService, 'enqueue' | 'wake'>;
    templates: Pick<Templates, 'affiliateApprovedMail'>;
  },
) {
  const { db, now, audit } = core;
  const seal = (secret: string, id: number) => SEALED + totpBox.seal(Buffer.from(secret, 'utf8'), `affiliate:${id}`).toString('base64');
  const open = (stored: string, id: number): string | null => {
    try {
      return totpBox.open(Buffer.from(stored.slice(SEALED.length), 'base64'), `affiliate:${id}`).toString('utf8');
    } catch {
      return null;
    }
  };

  const viewOf = (row: AffiliateRow): Promise<AffiliateView> => affiliateView(db, row);

  async function byId(id: number): Promise<AffiliateRow> {
    const [row] = await db.select().from(affiliates).where(eq(affiliates.id, id));
    if (!row) throw new Problem(404, 'No affiliate with that id.');
    return row;
  }

  async function openSession(within: DbExecutor, affiliateId: number): Promise<{ token: string; expires_at: string }> {
    const token = newToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + SESSION_MS);
    // The affiliate's sessions and links that ran out go as a new session opens, so the table keeps only live ones.
    await within.delete(affiliateTokens).where(and(eq(affiliateTokens.affiliateId, affiliateId), lte(affiliateTokens.expiresAt, at)));
    await within.insert(affiliateTokens).values({ tokenHash: sha256(token), affiliateId, kind: 'session', expiresAt, lastUsedAt: at, createdAt: at });
    return { token, expires_at: expiresAt.toISOString() };
  }

  function refuseUnapproved(row: AffiliateRow): void {
    if (row.status === 'pending') throw new Problem(403, 'Your application is still being reviewed.', { type: 'affiliate_pending' });
    if (row.status === 'suspended') throw new Problem(403, 'Your affiliate account is suspended.', { type: 'affiliate_suspended' });
  }

  /** A TOTP or a recovery code, each checked against the shared second-factor budget; true when right. */
  async function spendCode(row: AffiliateRow, code: string): Promise<boolean | 'locked'> {
    const reservation = await secondFactor.reserve({ type: 'affiliate', id: row.id });
    if (!reservation.granted) return 'locked';
    let right = false;
    try {
      const secret = row.totpSecret && open(row.totpSecret, row.id);
      if (secret) {
        const step = await matchTotp(secret, code, row.totpLastStep, now());
        if (step !== null) {
          const changed = await db
            .update(affiliates)
            .set({ totpLastStep: step })
            .where(and(eq(affiliates.id, row.id), sql`coalesce(${affiliates.totpLastStep}, -1) < ${step}`))
            .returning({ id: affiliates.id });
          right = changed.length === 1;
        }
      }
      if (!right && looksLikeRecoveryCode(code)) {
        const hash = recoveryCodeHash(code);
        const changed = await db
          .update(affiliates)
          .set({ recoveryCodes: sql`${affiliates.recoveryCodes} - ${hash}::text` })
          .where(and(eq(affiliates.id, row.id), sql`jsonb_exists(${affiliates.recoveryCodes}, ${hash}::text)`))
          .returning({ id: affiliates.id });
        right = changed.length === 1;
      }
      return right;
    } finally {
      // The lock is audited with it, once per lock: the console's audit log is where staff are alerted (decision 0099).
      const lockedUntil = await secondFactor.settle(reservation.ticket, right ? 'right' : 'wrong', (tx, until) =>
        audit.record(
          {
            staffId: null,
            action: 'affiliate.two_factor_locked',
            subject: `affiliate:${row.id}`,
            after: { locked_until: until.toISOString(), wrong_codes: secondFactor.policy.maxWrong, window_minutes: secondFactor.policy.windowMs / 60_000 },
          },
          tx,
        ),
      );
      // The alert: the log shipper's rule matches this event, as for staff.
      if (lockedUntil)
        logger?.warn(
          { event: 'affiliate_two_factor_locked', affiliate_id: row.id, locked_until: lockedUntil.toISOString() },
          'Affiliate second factor locked after too many wrong codes: the password is probably known to someone else',
        );
    }
  }

  return {
    viewOf,
    byId,

    /** POST /api/affiliates/apply: a pending affiliate; the password follows the players' rules. */
    async apply(input: {
      kind: 'company' | 'person';
      name: string;
      contact_name: string;
      email: string;
      password: string;
      country: string;
      website?: string | null;
      payout_method: string;
      payout_details: string;
    }): Promise<{ id: string; status: 'pending'; message: string }> {
      const problems = passwordProblems(input.password);
      if (problems.length > 0) throw invalid({ password: problems });
      if (isCommonPassword(input.password)) throw invalid({ password: ['This password is too common. Please choose a different one.'] });
      const [taken] = await db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.email, input.email));
      if (taken) throw invalid({ email: ['An affiliate with this e-mail already exists.'] });
      try {
        const [row] = await db
          .insert(affiliates)
          .values({
            kind: input.kind,
            name: input.name,
            contactName: input.contact_name,
            email: input.email,
            passwordHash: await passwords.hash(input.password),
            country: input.country,
            website: input.website ?? null,
            payoutMethod: input.payout_method,
            payoutDetails: input.payout_details,
            postbackSecret: randomBytes(24).toString('base64url'),
          })
          .returning({ id: affiliates.id });
        return { id: String(row!.id), status: 'pending', message: 'Application received. We will e-mail you when it is approved.' };
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid({ email: ['An affiliate with this e-mail already exists.'] });
        throw error;
      }
    },

    /** POST /api/affiliates/login, step 1: the affiliate whose password this is, or null (the login budget counts it). */
    async checkCredentials(email: string, password: string): Promise<AffiliateRow | null> {
      const [row] = await db.select().from(affiliates).where(eq(affiliates.email, email.trim().toLowerCase()));
      if (!row) return passwords.verifyNothing(password).then(() => null);
      return (await passwords.verify(row.passwordHash, password)) ? row : null;
    },

    /**
     * Step 2, after a right password: only approved affiliates get a session; with 2FA on, `two_factor` until a
     * code comes, and each code checked spends the second-factor budget (wrong codes count there, not as logins).
     */
    async signIn(row: AffiliateRow, code: string | undefined): Promise<{ token: string; expires_at: string } | { two_factor: true }> {
      refuseUnapproved(row);
      if (row.totpSecret) {
        if (!code) return { two_factor: true };
        const spent = await spendCode(row, code.trim());
        if (spent === 'locked')
          throw new Problem(
            429,
            'Too many wrong codes were entered for this account, so its two-factor sign-in is locked and no code is checked. Please try again in 15 minutes.',
            {
              type: 'two_factor_locked',
            },
          );
        if (!spent) throw invalid({ code: [WRONG_CODE_MESSAGE] });
      }
      return openSession(db, row.id);
    },

    /** POST /api/affiliates/login/link: the one-time link's token for a session; null when unknown, used or expired. */
    async signInWithLink(token: string): Promise<{ token: string; expires_at: string } | null> {
      if (!looksLikeToken(token)) return null;
      return db.transaction(async (tx) => {
        const [used] = await tx
          .delete(affiliateTokens)
          .where(and(eq(affiliateTokens.tokenHash, sha256(token)), eq(affiliateTokens.kind, 'link'), gt(affiliateTokens.expiresAt, now())))
          .returning({ affiliateId: affiliateTokens.affiliateId });
        if (!used) return null;
        const [row] = await tx.select().from(affiliates).where(eq(affiliates.id, used.affiliateId));
        if (row?.status !== 'approved') return null;
        return openSession(tx, row.id);
      });
    },

    /** The affiliate a session token names, if it is live; touches it now and then. */
    async authenticate(token: string | undefined): Promise<AuthenticatedAffiliate | null> {
      if (!token || !looksLikeToken(token)) return null;
      const at = now();
      const [row] = await db
        .select({
          id: affiliates.id,
          status: affiliates.status,
          email: affiliates.email,
          expiresAt: affiliateTokens.expiresAt,
          lastUsedAt: affiliateTokens.lastUsedAt,
        })
        .from(affiliateTokens)
        .innerJoin(affiliates, eq(affiliates.id, affiliateTokens.affiliateId))
        .where(and(eq(affiliateTokens.tokenHash, sha256(token)), eq(affiliateTokens.kind, 'session')));
      if (!row || row.expiresAt <= at || at.getTime() - row.lastUsedAt.getTime() > SESSION_IDLE_MS) return null;
      if (at.getTime() - row.lastUsedAt.getTime() > 60_000) {
        await db
          .update(affiliateTokens)
          .set({ lastUsedAt: at })
          .where(eq(affiliateTokens.tokenHash, sha256(token)));
      }
      return { id: row.id, status: row.status, email: row.email };
    },

    async logout(token: string | undefined): Promise<void> {
      if (token && looksLikeToken(token)) await db.delete(affiliateTokens).where(eq(affiliateTokens.tokenHash, sha256(token)));
    },

    async me(id: number): Promise<AffiliateView> {
      return viewOf(await byId(id));
    },

    async updateProfile(
      id: number,
      input: { contact_name?: string; website?: string | null; country?: string; payout_method?: string; payout_details?: string },
    ): Promise<AffiliateView> {
      const changes = {
        ...(input.contact_name !== undefined && { contactName: input.contact_name }),
        ...(input.website !== undefined && { website: input.website }),
        ...(input.country !== undefined && { country: input.country }),
        ...(input.payout_method !== undefined && { payoutMethod: input.payout_method }),
        ...(input.payout_details !== undefined && { payoutDetails: input.payout_details }),
      };
      if (Object.keys(changes).length === 0) return viewOf(await byId(id));
      const [row] = await db.update(affiliates).set(changes).where(eq(affiliates.id, id)).returning();
      return viewOf(row!);
    },

    /** 2FA set-up, step 1: a fresh secret kept aside until a code confirms it; null when 2FA is already on. */
    async startTwoFactor(id: number): Promise<{ secret: string; otpauth_url: string } | null> {
      const secret = newTotpSecret();
      const [row] = await db
        .update(affiliates)
        .set({ totpPending: seal(secret, id) })
        .where(and(eq(affiliates.id, id), sql`${affiliates.totpSecret} is null`))
        .returning({ email: affiliates.email });
      return row ? { secret, otpauth_url: otpauthUrl(`${siteName} affiliates`, row.email, secret) } : null;
    },

    /** Step 2: a code confirms it; the ten recovery codes, shown once. */
    async confirmTwoFactor(id: number, code: string): Promise<string[] | 'not_started' | 'invalid'> {
      const row = await byId(id);
      const secret = row.totpPending && open(row.totpPending, id);
      if (!secret || row.totpSecret) return 'not_started';
      const step = await matchTotp(secret, code.trim(), null, now());
      if (step === null) return 'invalid';
      const { codes, hashes } = newRecoveryCodes();
      const changed = await db
        .update(affiliates)
        .set({ totpSecret: row.totpPending, totpPending: null, totpLastStep: step, recoveryCodes: hashes })
        .where(and(eq(affiliates.id, id), eq(affiliates.totpPending, row.totpPending!)))
        .returning({ id: affiliates.id });
      return changed.length === 1 ? codes : 'not_started';
    },

    // --- operators ----------------------------------------------------------------------------------------

    async list(status: string | undefined, page: PageQuery) {
      const where = status ? eq(affiliates.status, status) : undefined;
      const [rows, [total]] = await Promise.all([
        db.select().from(affiliates).where(where).orderBy(desc(affiliates.id)).limit(page.perPage).offset(pageOffset(page)),
        db.select({ n: count() }).from(affiliates).where(where),
      ]);
      return { rows, meta: pageMeta(page, total?.n ?? 0) };
    },

    /** Approves or suspends; suspending ends the affiliate's sessions. Audited with the reason. */
    async setStatus(staffId: number, id: number, status: 'approved' | 'suspended', reason: string): Promise<AffiliateRow> {
      const before = await byId(id);
      const row = await audit.audited(
        async (tx) => {
          const [changed] = await tx
            .update(affiliates)
            .set({ status, ...(status === 'approved' && before.approvedAt === null && { approvedAt: now() }) })
            .where(eq(affiliates.id, id))
            .returning();
          if (status === 'suspended') await tx.delete(affiliateTokens).where(eq(affiliateTokens.affiliateId, id));
          // Told once, when first approved (the application page promised an e-mail).
          if (changed && status === 'approved' && before.approvedAt === null)
            await outbox.enqueue(tx, {
              channel: 'mail',
              to: changed.email,
              template: 'affiliate-approved',
              content: templates.affiliateApprovedMail({ name: changed.contactName }),
            });
          return changed ?? null;
        },
        () => ({
          staffId,
          action: `affiliate.${status === 'approved' ? 'approve' : 'suspend'}`,
          subject: `affiliate:${id}`,
          before: { status: before.status },
          after: { status, reason },
        }),
      );
      outbox.wake();
      return row!;
    },

    async setPlan(staffId: number, id: number, planId: number | null, reason: string): Promise<AffiliateRow> {
      const before = await byId(id);
      if (planId !== null) {
        const [plan] = await db.select({ id: affiliatePlans.id }).from(affiliatePlans).where(eq(affiliatePlans.id, planId));
        if (!plan) throw invalid({ plan_id: ['No plan with that id.'] });
      }
      const row = await audit.audited(
        async (tx) => (await tx.update(affiliates).set({ planId }).where(eq(affiliates.id, id)).returning())[0] ?? null,
        () => ({ staffId, action: 'affiliate.plan', subject: `affiliate:${id}`, before: { plan_id: before.planId }, after: { plan_id: planId, reason } }),
      );
      return row!;
    },

    /** A one-time sign-in link for an approved affiliate (30 minutes), audited; the token is shown once. */
    async issueSignInLink(staffId: number, id: number, reason: string, publicUrl: string): Promise<{ url: string; expires_at: string }> {
      const row = await byId(id);
      if (row.status !== 'approved') throw new Problem(409, 'Only an approved affiliate can be sent a sign-in link.');
      const token = newToken();
      const at = now();
      const expiresAt = new Date(at.getTime() + SIGN_IN_LINK_MS);
      await audit.audited(
        async (tx) => {
          await tx.insert(affiliateTokens).values({ tokenHash: sha256(token), affiliateId: id, kind: 'link', expiresAt, lastUsedAt: at, createdAt: at });
          return true;
        },
        () => ({ staffId, action: 'affiliate.sign_in_link', subject: `affiliate:${id}`, after: { reason, expires_at: expiresAt.toISOString() } }),
      );
      return { url: `${publicUrl}/affiliates/sign-in?affiliate_token=${token}`, expires_at: expiresAt.toISOString() };
    },

    /** Names by id, for the operators' lists. */
    async namesOf(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: affiliates.id, name: affiliates.name }).from(affiliates).where(inArray(affiliates.id, ids));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}
