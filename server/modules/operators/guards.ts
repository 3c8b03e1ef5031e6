import type { FastifyRequest } from 'fastify';
import { UNAUTHENTICATED_MESSAGE } from '../../../contract/player-standing.ts';
import { presentedStaffToken } from '../../http/auth.ts';
import { Problem } from '../../problem.ts';
import type { Permission } from './permissions.ts';
import type { AuthenticatedOperator, OperatorsService } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    operator: AuthenticatedOperator | null;
  }
}

// The operator API's pre-handlers (docs/decisions/0081-staff-roles-and-permissions.md). They stay NAMED functions:
// server/http/openapi.ts marks a route as operator-secured by these names.

export const ENROL_FIRST_MESSAGE = 'Set up two-factor sign-in before doing anything else.';
export const forbiddenMessage = (permission: string) => `You do not have the ${permission} permission.`;

export type OperatorGuard = ((request: FastifyRequest) => Promise<void>) & { permission?: Permission | 'admin' };
export type OperatorGuards = ReturnType<typeof operatorGuards>;

export function operatorGuards(operators: Pick<OperatorsService, 'authenticate'>) {
  async function signedInStaff(request: FastifyRequest, enrolled: boolean): Promise<AuthenticatedOperator> {
    const operator = await operators.authenticate(presentedStaffToken(request));
    if (!operator) throw new Problem(401, UNAUTHENTICATED_MESSAGE);
    request.operator = operator;
    if (enrolled && operator.mustEnrol) throw new Problem(403, ENROL_FIRST_MESSAGE, { type: 'two_factor_enrolment_required' });
    return operator;
  }

  /** Any signed-in staff member, even one who must still enrol 2FA: sign-out, /me and enrolment only. */
  const staffSession: OperatorGuard = async function staffSession(request) {
    await signedInStaff(request, false);
  };

  /**
   * A signed-in staff member who passed 2FA (or needs none yet outside production) with the admin role: the
   * guard of operator routes that do not name a permission of their own yet.
   */
  const operatorOnly: OperatorGuard = async function operatorOnly(request) {
    const operator = await signedInStaff(request, true);
    if (operator.role !== 'admin') throw new Problem(403, forbiddenMessage('admin'), { type: 'forbidden' });
  };
  operatorOnly.permission = 'admin';

  /** A signed-in, enrolled staff member whose role grants `permission`; the 403 names the missing permission. */
  function requirePermission(permission: Permission): OperatorGuard {
    const guard: OperatorGuard = async function requirePermission(request) {
      const operator = await signedInStaff(request, true);
      if (!operator.permissions.includes(permission)) throw new Problem(403, forbiddenMessage(permission), { type: 'forbidden' });
    };
    guard.permission = permission;
    return guard;
  }

  return { staffSession, operatorOnly, requirePermission };
}
