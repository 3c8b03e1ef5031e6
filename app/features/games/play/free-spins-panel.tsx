import { Link } from 'react-router';
import type { PlayerBonus } from '../../../../contract/bonuses.ts';
import { freeSpinWinningsText } from '../../../lib/free-spin-text.ts';

/** Over the reels: the free spins left (live), what each is worth, where the winnings go and the bonus balance. */
export function FreeSpinsPanel({ bonus, left, format }: { bonus: PlayerBonus; left: number; format: (minor: number) => string }) {
  return (
    <section
      aria-label="Free spins"
      className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-gold-500/50 bg-gold-400/10 px-3 py-2"
    >
      <div className="flex items-baseline gap-2">
        <span className="font-display text-3xl font-bold tabular-nums text-gold-300" data-testid="free-spins-left">
          {left}
        </span>
        <span className="text-sm font-semibold text-mist-100">{left === 1 ? 'free spin left' : 'free spins left'}</span>
      </div>
      <p className="min-w-0 flex-1 basis-56 text-xs text-mist-200">
        {left > 0 ? `${format(bonus.free_spin_stake)} each, paid by us: no cash is taken. ` : 'Your free spins are played. '}
        {freeSpinWinningsText(bonus)}{' '}
        <Link to="/account/bonuses" className="text-gold-300 underline underline-offset-2">
          Your bonus
        </Link>
      </p>
      <div className="leading-tight sm:text-right">
        <p className="text-[0.6875rem] uppercase tracking-wide text-mist-300">Bonus balance</p>
        <p className="font-bold tabular-nums text-gold-300" data-testid="slot-bonus-balance">
          {format(bonus.balance)}
        </p>
      </div>
    </section>
  );
}
