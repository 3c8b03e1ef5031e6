import { operatorGuards } from '../modules/operators/guards.ts';
import type { OperatorsService } from '../modules/operators/service.ts';

/**
 * The operator guards for operator routes outside the operators module (bonuses, limits, verification, clubs,
 * jobs): a signed-in, enrolled staff member whose role grants the route's permission
 * (docs/decisions/0081-staff-roles-and-permissions.md). The guards stay named: the OpenAPI document tells an
 * operator route by its guard's name.
 */
export function staffGuards(operators: Parameters<typeof operatorGuards>[0] & Pick<OperatorsService, 'authenticate'>) {
  return operatorGuards(operators);
}
