import { createContext, type ReactNode, useContext } from 'react';
import type { z } from 'zod';
import type { staffMeSchema } from '../../../contract/operators.ts';

/** The signed-in staff member, as GET /api/admin/me answers. */
export type StaffMe = z.output<typeof staffMeSchema>;

const StaffContext = createContext<StaffMe | null>(null);

export function StaffProvider({ me, children }: { me: StaffMe; children: ReactNode }) {
  return <StaffContext.Provider value={me}>{children}</StaffContext.Provider>;
}

/** The signed-in staff member (inside the console layout). */
export function useStaff(): StaffMe {
  const me = useContext(StaffContext);
  if (!me) throw new Error('useStaff outside the admin layout');
  return me;
}

export const hasPermission = (me: StaffMe, permission: string) => me.permissions.includes(permission);

/** The console's screens and the permission each needs, in navigation order. */
export const ADMIN_NAV = [
  { to: '/admin', label: 'Dashboard', permission: 'reports.read' },
  { to: '/admin/reports', label: 'Reports', permission: 'reports.read' },
  { to: '/admin/players', label: 'Players', permission: 'players.read' },
  { to: '/admin/kyc', label: 'KYC', permission: 'kyc.decide' },
  { to: '/admin/withdrawals', label: 'Withdrawals', permission: 'withdrawals.read' },
  { to: '/admin/payments', label: 'Payments', permission: 'payments.read' },
  { to: '/admin/crypto', label: 'Crypto', permission: 'payments.read' },
  { to: '/admin/adjustments', label: 'Adjustments', permission: 'adjustments.request' },
  { to: '/admin/messages', label: 'Messages', permission: 'messages.send' },
  { to: '/admin/bonuses', label: 'Bonuses', permission: 'bonuses.manage' },
  { to: '/admin/content', label: 'Content', permission: 'content.manage' },
  { to: '/admin/affiliates', label: 'Affiliates', permission: 'affiliates.read' },
  { to: '/admin/compliance', label: 'Compliance', permission: 'compliance.read' },
  { to: '/admin/screening', label: 'Screening', permission: 'screening.manage' },
  { to: '/admin/exports', label: 'Exports', permission: 'exports.run' },
  { to: '/admin/games', label: 'Games', permission: 'reports.read' },
  { to: '/admin/providers', label: 'Providers', permission: 'reports.read' },
  { to: '/admin/settings', label: 'Settings', permission: 'settings.manage' },
  { to: '/admin/jurisdictions', label: 'Jurisdictions', permission: 'reports.read' },
  { to: '/admin/outbox', label: 'Outbox', permission: 'outbox.manage' },
  { to: '/admin/jobs', label: 'Jobs', permission: 'reports.read' },
  { to: '/admin/staff', label: 'Staff', permission: 'staff.manage' },
  { to: '/admin/audit', label: 'Audit log', permission: 'audit.read' },
] as const;

/**
 * The screen `pathname` shows and the permission it needs: '/admin' exactly for the dashboard, else the entry whose
 * path it is or starts with (a player's page is the Players screen). Undefined for screens every member may open.
 */
export function screenOf(pathname: string): (typeof ADMIN_NAV)[number] | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return ADMIN_NAV.find((item) => (item.to === '/admin' ? path === '/admin' : path === item.to || path.startsWith(`${item.to}/`)));
}
