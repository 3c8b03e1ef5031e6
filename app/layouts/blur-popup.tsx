import { Outlet } from 'react-router';
import { SiteFrame } from '../components/site-frame.tsx';
import { HomeHero } from '../features/home/home-hero.tsx';
import { guard } from '../lib/guards.ts';
import { guestOnlyRedirect } from '../lib/route-rules.ts';

// The redirects guard: login, register and both reset pages are for guests only.
const guestGuard = guard((url, state) => guestOnlyRedirect(url, state.viewer));
export const middleware = [guestGuard.server];
export const clientMiddleware = [guestGuard.client];

/** A popup page: the home page, blurred and inert, with the popup's dialog over it. */
export default function BlurPopupLayout() {
  return (
    <>
      <div aria-hidden="true" inert className="pointer-events-none select-none blur-sm">
        <SiteFrame layout="blur-popup">
          <HomeHero />
        </SiteFrame>
      </div>
      <Outlet />
    </>
  );
}
