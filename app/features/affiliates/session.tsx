import { createContext, type ReactNode, useContext } from 'react';
import type { AffiliateMe } from './types.ts';

const AffiliateContext = createContext<{ me: AffiliateMe; refresh: () => void } | null>(null);

export function AffiliateProvider({ me, refresh, children }: { me: AffiliateMe; refresh: () => void; children: ReactNode }) {
  return <AffiliateContext.Provider value={{ me, refresh }}>{children}</AffiliateContext.Provider>;
}

/** The signed-in affiliate (inside the portal layout), and a way to read it again after a change. */
export function useAffiliate(): { me: AffiliateMe; refresh: () => void } {
  const value = useContext(AffiliateContext);
  if (!value) throw new Error('useAffiliate outside the affiliate portal layout');
  return value;
}

/** The portal's screens, in navigation order. */
export const PORTAL_NAV = [
  { to: '/affiliates/dashboard', label: 'Dashboard' },
  { to: '/affiliates/reports', label: 'Reports' },
  { to: '/affiliates/links', label: 'Links' },
  { to: '/affiliates/creatives', label: 'Creatives' },
  { to: '/affiliates/statements', label: 'Statements' },
  { to: '/affiliates/postbacks', label: 'Postbacks' },
  { to: '/affiliates/profile', label: 'Profile' },
] as const;
