// What the compliance HTTP tests share (compliance.db.test.ts, harm.db.test.ts): an app with the operator signed up,
// the payments and staff kits, and the audit rows an action left.
import { count, like } from 'drizzle-orm';
import { useTestApp } from '../../test-app.ts';
import { auditLog } from '../operators/schema.ts';
import { staffKit } from '../operators/testing.ts';
import { OPERATOR_ENV, paymentsKit } from '../payments/testing.ts';

/** Call at a test file's top level; `network` keeps the file's staff requests apart from other files' (e.g. '10.133'). */
export function complianceKit(network: string) {
  const t = useTestApp(OPERATOR_ENV);
  const staff = staffKit(t, network);
  const db = () => t.services.database.db;
  return {
    t,
    pay: paymentsKit(t),
    staff,
    call: staff.call,
    db,
    /** Resolves once compliance has evaluated every event it has heard so far (they are evaluated after the answer). */
    settled: () => t.services.compliance.settled(),
    /** How many audit rows have an action starting with `prefix`. */
    audits: async (prefix: string) =>
      (
        await db()
          .select({ n: count() })
          .from(auditLog)
          .where(like(auditLog.action, `${prefix}%`))
      )[0]!.n,
  };
}
