import { describe, expect, it } from 'vitest';
import { ADMIN_NAV, screenOf } from './session.tsx';

describe('the screen an address opens, and the permission it needs', () => {
  it('finds each navigation entry, a player’s page as the Players screen, and the dashboard only at /admin itself', () => {
    for (const item of ADMIN_NAV) expect(screenOf(item.to)?.to).toBe(item.to);
    expect(screenOf('/admin/players/42')).toMatchObject({ to: '/admin/players', permission: 'players.read' });
    expect(screenOf('/admin/')).toMatchObject({ to: '/admin', permission: 'reports.read' });
    expect(screenOf('/admin/payments/')).toMatchObject({ permission: 'payments.read' });
  });

  it('leaves screens every member may open, and look-alike paths, to no entry', () => {
    expect(screenOf('/admin/security')).toBeUndefined();
    expect(screenOf('/admin/staffing')).toBeUndefined();
    expect(screenOf('/admin/nothing-here')).toBeUndefined();
  });
});
