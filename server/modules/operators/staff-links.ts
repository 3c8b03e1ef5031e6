import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Templates } from '../../notify/templates.ts';
import type { PasswordHasher } from '../accounts/passwords.ts';
import { looksLikeToken, newToken, sha256 } from '../accounts/secrets.ts';
import type { OutboxService } from '../outbox/service.ts';
import type { AuditService } from './audit.ts';
import type { StaffRole } from './permissions.ts';
import { operators, operatorTokens } from './schema.ts';

// Staff passwords through one-time links (docs/decisions/0106-staff-lifecycle.md). An admin invites a new member
// by e-mail, or resets a member's password: either way the member gets a link that works once, for a while, and
// sets the password only they know; the first sign-in then asks them to enrol their second factor where that is
// required. The links are operator_tokens of kind `invite` or `reset` (only the SHA-256 is kept), which no route
// but the link's own accepts. Changing one's own password needs the current one and signs out every other session.

export const LINK_HOURS = { invite: 72, reset: 24 } as const;
export type LinkPurpose = keyof typeof LINK_HOURS;
const PURPOSES = Object.keys(LINK_HOURS) as LinkPurpose[];
const HOUR = 60 * 60 * 1000;

/** A password nobody knows: what an invited member has until the link, and a reset member after the reset. */
const unknowable = () => randomBytes(32).toString('base64url');

export type StaffLinks = ReturnType<typeof createStaffLinks>;

export function createStaffLinks({
  db,
  passwords,
  audit,
  outbox,
  templates,
  now,
}: {
  db: Database;
  passwords: PasswordHasher;
  audit: AuditService;
  outbox: OutboxService | undefined;
  templates: Templates | undefined;
  now: () => Date;
}) {
  /** A new link for the member, replacing any they had; the mail leaves with the transaction's commit. */
  async function issue(tx: Database, member: { id: number; email: string }, purpose: LinkPurpose, invitedBy: string | null) {
    const token = newToken();
    const at = now();
    await tx.delete(operatorTokens).where(and(eq(operatorTokens.operatorId, member.id), inArray(operatorTokens.kind, PURPOSES)));
    await tx.insert(operatorTokens).values({
      operatorId: member.id,
      tokenHash: sha256(token),
      kind: purpose,
      createdAt: at,
      lastUsedAt: at,
      expiresAt: new Date(at.getTime() + LINK_HOURS[purpose] * HOUR),
    });
    if (outbox && templates)
      await outbox.enqueue(tx, {
        channel: 'mail',
        to: member.email,
        template: `staff-${purpose}`,
        content: templates.staffPasswordLinkMail({ purpose, token, hours: LINK_HOURS[purpose], invitedBy }),
      });
  }

  /** The unused, unexpired link's row with its member, locked when `forUpdate`. */
  async function openLink(within: Database, token: string, forUpdate = false) {
    if (!looksLikeToken(token)) return null;
    const query = within
      .select({ linkId: operatorTokens.id, purpose: operatorTokens.kind, expiresAt: operatorTokens.expiresAt, member: operators })
      .from(operatorTokens)
      .innerJoin(operators, eq(operators.id, operatorTokens.operatorId))
      .where(and(eq(operatorTokens.tokenHash, sha256(token)), inArray(operatorTokens.kind, PURPOSES), gt(operatorTokens.expiresAt, now())));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row && !row.member.disabled ? row : null;
  }

  const emailOf = async (tx: Database, id: number) =>
    (await tx.select({ email: operators.email }).from(operators).where(eq(operators.id, id)))[0]?.email ?? null;

  return {
    /** A new member of `role` who sets their own password from the mailed link. Null when the e-mail is taken. */
    async invite(actorId: number, input: { email: string; role: StaffRole }): Promise<number | null> {
      const email = input.email.trim().toLowerCase();
      const passwordHash = await passwords.hash(unknowable());
      return db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ id: operators.id })
          .from(operators)
          .where(eq(sql`lower(${operators.email})`, email));
        if (taken) return null;
        const [row] = await tx.insert(operators).values({ email, passwordHash, role: input.role }).returning({ id: operators.id });
        await audit.record({ staffId: actorId, action: 'staff.invite', subject: `staff:${row!.id}`, after: { email, role: input.role } }, tx);
        await issue(tx, { id: row!.id, email }, 'invite', await emailOf(tx, actorId));
        return row!.id;
      });
    },

    /**
     * An admin's reset: the old password stops working at once, every session of the member ends, and a link to set
     * a new one goes to their address. False when there is no such member.
     */
    async resetPassword(actorId: number, id: number, reason: string): Promise<boolean> {
      const passwordHash = await passwords.hash(unknowable());
      return db.transaction(async (tx) => {
        const [member] = await tx.update(operators).set({ passwordHash }).where(eq(operators.id, id)).returning({ id: operators.id, email: operators.email });
        if (!member) return false;
        await tx.delete(operatorTokens).where(eq(operatorTokens.operatorId, id));
        await audit.record({ staffId: actorId, action: 'staff.password_reset', subject: `staff:${id}`, after: { reason } }, tx);
        await issue(tx, member, 'reset', null);
        return true;
      });
    },

    /** What a valid link is for: the member's e-mail and the link's purpose and end. Null for any other token. */
    async link(token: string): Promise<{ email: string; purpose: LinkPurpose; expires_at: string } | null> {
      const row = await openLink(db, token);
      return row && { email: row.member.email, purpose: row.purpose as LinkPurpose, expires_at: row.expiresAt.toISOString() };
    },

    /** Sets the member's password through the link, once: the link is spent and any session they had ends. */
    async setPassword(token: string, password: string): Promise<{ email: string } | null> {
      const passwordHash = await passwords.hash(password);
      return db.transaction(async (tx) => {
        const row = await openLink(tx, token, true);
        if (!row) return null;
        await tx.update(operators).set({ passwordHash }).where(eq(operators.id, row.member.id));
        await tx.delete(operatorTokens).where(and(eq(operatorTokens.operatorId, row.member.id), ne(operatorTokens.kind, 'challenge')));
        await audit.record({ staffId: row.member.id, action: 'staff.password_set', subject: `staff:${row.member.id}`, after: { through: row.purpose } }, tx);
        return { email: row.member.email };
      });
    },

    /** The member's own change: false when `current` is wrong. Every other session of theirs ends; this one stays. */
    async changePassword(id: number, current: string, password: string, keepToken: string): Promise<boolean> {
      const [member] = await db.select().from(operators).where(eq(operators.id, id));
      if (!member || !(await passwords.verify(member.passwordHash, current))) return false;
      const passwordHash = await passwords.hash(password);
      await db.transaction(async (tx) => {
        await tx.update(operators).set({ passwordHash }).where(eq(operators.id, id));
        await tx.delete(operatorTokens).where(and(eq(operatorTokens.operatorId, id), ne(operatorTokens.tokenHash, sha256(keepToken))));
        await audit.record({ staffId: id, action: 'staff.password_change', subject: `staff:${id}` }, tx);
      });
      return true;
    },
  };
}
