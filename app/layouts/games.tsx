import { NavLink, Outlet } from 'react-router';
import { SiteFrame } from '../components/site-frame.tsx';

const categoryLinks = [
  { to: '/slots', label: 'Slots' },
  { to: '/table-games', label: 'Table games' },
  { to: '/new', label: 'New' },
  { to: '/popular', label: 'Popular' },
];

/** Game listings: category tabs above a wide grid. */
export default function GamesLayout() {
  return (
    <SiteFrame layout="games">
      <div className="border-b border-night-700 bg-night-850">
        <nav aria-label="Game categories" className="mx-auto flex max-w-7xl gap-2 overflow-x-auto px-4 py-3">
          {categoryLinks.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                `shrink-0 rounded-full border px-4 py-1.5 text-sm font-medium ${isActive ? 'border-gold-400 bg-gold-400 text-night-950' : 'border-night-600 text-mist-300 hover:text-mist-100'}`
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
      </div>
      <div className="mx-auto max-w-7xl px-4 py-8">
        <Outlet />
      </div>
    </SiteFrame>
  );
}
