import { Outlet } from 'react-router';
import { SiteFrame } from '../components/site-frame.tsx';

/** Promotions, clubs and static pages: a black stage with one readable column. */
export default function BlackLayout() {
  return (
    <SiteFrame layout="black" className="bg-night-950">
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <Outlet />
      </div>
    </SiteFrame>
  );
}
