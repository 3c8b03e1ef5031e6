// Staff roles and what each may do (docs/decisions/0081-staff-roles-and-permissions.md). Every operator route
// names one permission; a role is a set of them. Checked by the API on every request, not only hidden in the UI.

export const STAFF_ROLES = ['admin', 'support', 'compliance', 'finance', 'marketing'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'reports.read',
  'players.read',
  'players.block',
  'players.notes',
  'kyc.decide',
  'limits.manage',
  'messages.send',
  'withdrawals.read',
  'withdrawals.decide',
  'payments.read',
  'payments.manage',
  'adjustments.request',
  'adjustments.decide',
  'bonuses.manage',
  'loyalty.manage',
  'content.manage',
  'games.manage',
  'settings.manage',
  'outbox.manage',
  'staff.manage',
  'audit.read',
  // Run a scheduled job by hand (cashback, expiries, sweeps): admin only (decision 0068).
  'jobs.run',
  // The affiliate programme (decision 0107): see it; approve affiliates, plans, creatives; approve statements and pay.
  'affiliates.read',
  'affiliates.manage',
  'affiliates.pay',
  // Compliance (issue 33, decisions 0114/0115): see alerts, cases and thresholds; decide on them.
  'compliance.read',
  'compliance.manage',
  // Sanctions screening's hits and the regulator's export with retention (issue 33, decisions 0116/0117).
  'screening.manage',
  'exports.run',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ_PLAYERS: Permission[] = ['reports.read', 'players.read', 'players.notes'];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: PERMISSIONS,
  support: [...READ_PLAYERS, 'messages.send', 'outbox.manage', 'payments.read'],
  compliance: [
    ...READ_PLAYERS,
    'players.block',
    'kyc.decide',
    'limits.manage',
    'withdrawals.read',
    'audit.read',
    'payments.read',
    'compliance.read',
    'compliance.manage',
    'screening.manage',
    'exports.run',
  ],
  finance: [
    ...READ_PLAYERS,
    'withdrawals.read',
    'withdrawals.decide',
    'adjustments.request',
    'adjustments.decide',
    'payments.read',
    'payments.manage',
    'affiliates.read',
    'affiliates.pay',
  ],
  marketing: ['reports.read', 'messages.send', 'bonuses.manage', 'loyalty.manage', 'content.manage', 'games.manage', 'affiliates.read', 'affiliates.manage'],
};

export const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

export function permissionsOf(role: string): readonly Permission[] {
  return isStaffRole(role) ? ROLE_PERMISSIONS[role] : [];
}

export const can = (role: string, permission: Permission) => permissionsOf(role).includes(permission);
