import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { PasswordHasher } from '../accounts/passwords.ts';
import type { AuditService } from './audit.ts';
import type { StaffRole } from './permissions.ts';
import { operators, operatorTokens } from './schema.ts';
import type { SecondFactorStore } from './second-factor-store.ts';

// Admins manage staff accounts: create, change role, disable, reset 2FA. Every change is audited in its transaction.

export type StaffMember = {
  id: string;
  email: string;
  role: string;
  disabled: boolean;
  two_factor: boolean;
  two_factor_locked_until: string | null;
  last_login_at: string | null;
  created_at: string;
};

const toStaff = (row: typeof operators.$inferSelect, lockedUntil: Date | undefined = undefined): StaffMember => ({
  id: String(row.id),
  email: row.email,
  role: row.role,
  disabled: row.disabled,
  two_factor: row.totpEnabledAt !== null,
  two_factor_locked_until: lockedUntil?.toISOString() ?? null,
  last_login_at: row.lastLoginAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

export function createStaffAdmin({
  db,
  passwords,
  audit,
  secondFactor,
}: {
  db: Database;
  passwords: PasswordHasher;
  audit: AuditService;
  secondFactor: SecondFactorStore;
}) {
  async function change(
    actorId: number,
    id: number,
    action: string,
    set: Partial<typeof operators.$inferInsert>,
    { signOut, reason, unlock = false }: { signOut: boolean; reason?: string; unlock?: boolean },
  ) {
    const changed = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
      if (!before) return null;
      const [after] = await tx.update(operators).set(set).where(eq(operators.id, id)).returning();
      if (signOut) await tx.delete(operatorTokens).where(eq(operatorTokens.operatorId, id));
      if (unlock) await secondFactor.clear({ type: 'staff', id }, tx);
      const view = (row: typeof operators.$inferSelect) => ({ role: row.role, disabled: row.disabled, two_factor: row.totpEnabledAt !== null });
      await audit.record(
        { staffId: actorId, action, subject: `staff:${id}`, before: view(before), after: { ...view(after!), ...(reason ? { reason } : {}) } },
        tx,
      );
      return after!;
    });
    return changed && toStaff(changed, (await secondFactor.locked('staff', [id])).get(id));
  }

  return {
    /** Every staff member, with the lock on their second factor if wrong codes set one. */
    async list(): Promise<StaffMember[]> {
      const rows = await db.select().from(operators).orderBy(asc(operators.id));
      const locks = await secondFactor.locked(
        'staff',
        rows.map((row) => row.id),
      );
      return rows.map((row) => toStaff(row, locks.get(row.id)));
    },

    async byId(id: number): Promise<StaffMember | null> {
      const [row] = await db.select().from(operators).where(eq(operators.id, id));
      return row ? toStaff(row, (await secondFactor.locked('staff', [id])).get(id)) : null;
    },

    /** Null when the e-mail is taken. */
    async create(actorId: number, input: { email: string; password: string; role: StaffRole }): Promise<StaffMember | null> {
      const passwordHash = await passwords.hash(input.password);
      return db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ id: operators.id })
          .from(operators)
          .where(eq(sql`lower(${operators.email})`, input.email.trim().toLowerCase()));
        if (taken) return null;
        const [row] = await tx.insert(operators).values({ email: input.email.trim().toLowerCase(), passwordHash, role: input.role }).returning();
        await audit.record({ staffId: actorId, action: 'staff.create', subject: `staff:${row!.id}`, after: { email: row!.email, role: row!.role } }, tx);
        return toStaff(row!);
      });
    },

    /** Role or disabled, with the admin's reason (decision 0099); disabling or a new role signs the member out at once. */
    update: (actorId: number, id: number, set: { role?: StaffRole; disabled?: boolean }, reason: string) =>
      change(actorId, id, 'staff.update', set, { signOut: set.disabled === true || set.role !== undefined, reason }),

    /**
     * Clears the member's 2FA and recovery codes (and any lock wrong codes set on it) and signs them out: they enrol
     * again at their next sign-in.
     */
    resetTwoFactor: (actorId: number, id: number) =>
      change(
        actorId,
        id,
        'staff.two_factor_reset',
        { totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodes: [] },
        { signOut: true, unlock: true },
      ),
  };
}
