import { Link, useLocation } from 'react-router';
import type { RoundMode } from '../../../../contract/games.ts';

/**
 * Demo and real money, as links on the same page: demo where the game has one (all of ours; an aggregator's game
 * when its list says so); real play goes through the loader's guards (log in, activation, blocked).
 */
export function ModeSwitch({ mode, signedIn, demo = true }: { mode: RoundMode; signedIn: boolean; demo?: boolean }) {
  const { pathname } = useLocation();
  const option = (value: RoundMode, label: string) => (
    <Link
      to={`${pathname}?mode=${value}`}
      replace
      aria-current={mode === value ? 'page' : undefined}
      className={`whitespace-nowrap rounded-md px-2 py-1.5 text-[0.8125rem] font-semibold sm:px-3 sm:text-sm ${mode === value ? 'bg-gold-400 text-night-950' : 'text-mist-300 hover:text-mist-100'}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Play mode" className="flex rounded-lg border border-night-600 p-0.5">
      {demo ? option('demo', 'Demo') : null}
      {option('real', signedIn ? 'Real money' : 'Play for real')}
    </nav>
  );
}
