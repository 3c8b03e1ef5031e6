import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { PlayerBonus } from '../../../contract/bonuses.ts';
import { formatMoney } from '../../../contract/money.ts';
import { Button } from '../../components/ui/button.tsx';
import { freeSpinWinningsText } from '../../lib/free-spin-text.ts';
import { applyBonus, useBonuses } from '../../lib/use-bonus-updates.ts';
import { cancelBonus } from './bonus-api.ts';

const STATUS_LABELS: Record<PlayerBonus['status'], string> = {
  pending: 'Waiting for your deposit',
  active: 'Active',
  completed: 'Completed',
  forfeited: 'Forfeited',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

function timeLeft(expiresAt: string | null, now: number): string {
  if (!expiresAt) return 'no time limit';
  const ms = new Date(expiresAt).getTime() - now;
  if (ms <= 0) return 'time is up';
  const days = Math.floor(ms / 86_400_000);
  const hours = Math.floor((ms % 86_400_000) / 3_600_000);
  return days > 0 ? `${days} ${days === 1 ? 'day' : 'days'} ${hours} h left` : `${hours} h ${Math.floor((ms % 3_600_000) / 60_000)} min left`;
}

/** The open bonus: wagering progress (live), what is left, time left, the max bet, free spins and cancel. */
function OpenBonus({ bonus, currency, onChange }: { bonus: PlayerBonus; currency: string; onChange: (bonus: PlayerBonus) => void }) {
  const money = (minor: number) => formatMoney(minor, currency);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const percent = bonus.wagering_required > 0 ? Math.min(100, Math.floor((bonus.wagered / bonus.wagering_required) * 100)) : 100;
  const cancel = useMutation({
    mutationFn: () => cancelBonus(bonus.id),
    onSuccess: (result) => {
      setConfirming(false);
      if (!result.ok) return setProblem(result.message);
      onChange(result.body.data);
    },
  });

  const hasFreeSpins = bonus.terms.free_spins > 0 && bonus.free_spin_game !== null;
  // Wagering is shown only where there is some: a free spins bonus has none until its spins win.
  const wagering = bonus.wagering_required > 0;

  return (
    <section aria-label="Active bonus" data-bonus-id={bonus.id} className="space-y-4 rounded-xl border border-gold-500/50 bg-night-900 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-400">{STATUS_LABELS[bonus.status]}</p>
          <h2 className="font-display text-xl font-bold text-mist-100">{bonus.title}</h2>
        </div>
        <p className="text-sm text-mist-300" data-testid="bonus-time-left">
          {timeLeft(bonus.expires_at, Date.now())}
        </p>
      </div>
      {bonus.status === 'pending' ? (
        <p className="text-sm text-mist-300">
          Make a deposit of at least {money(bonus.terms.min_deposit)} and we add {bonus.terms.match_percent}% of it, up to {money(bonus.terms.max_bonus)}.{' '}
          <Link to={`/deposit?bonus=true&bonusId=${encodeURIComponent(bonus.slug)}`} className="text-gold-300 underline">
            Deposit now
          </Link>
        </p>
      ) : (
        <>
          {wagering ? (
            <div>
              <div className="flex justify-between text-sm text-mist-300">
                <span data-testid="bonus-wagered">
                  Wagered {money(bonus.wagered)} of {money(bonus.wagering_required)}
                </span>
                <span>{percent}%</span>
              </div>
              <div
                role="progressbar"
                aria-label="Wagering progress"
                aria-valuemin={0}
                aria-valuemax={bonus.wagering_required}
                aria-valuenow={Math.min(bonus.wagered, bonus.wagering_required)}
                className="mt-1 h-3 overflow-hidden rounded-full bg-night-700"
              >
                <div className="h-full rounded-full bg-gold-400 transition-[width]" style={{ width: `${percent}%` }} />
              </div>
            </div>
          ) : (
            <p className="text-sm text-mist-300" data-testid="bonus-wagering-note">
              {hasFreeSpins ? freeSpinWinningsText(bonus) : 'This bonus has no wagering.'}
            </p>
          )}
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-mist-400">Bonus balance</dt>
              <dd className="font-semibold tabular-nums text-mist-100" data-testid="bonus-balance">
                {money(bonus.balance)}
              </dd>
            </div>
            {wagering ? (
              <div>
                <dt className="text-mist-400">Wagering left</dt>
                <dd className="font-semibold tabular-nums text-mist-100" data-testid="bonus-left">
                  {money(bonus.wagering_left)}
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="text-mist-400">Max bet</dt>
              <dd className="font-semibold tabular-nums text-mist-100">{bonus.max_bet === null ? 'none' : money(bonus.max_bet)}</dd>
            </div>
            {hasFreeSpins ? (
              <div>
                <dt className="text-mist-400">Free spins left</dt>
                <dd className="font-semibold tabular-nums text-mist-100" data-testid="bonus-spins">
                  {bonus.free_spins_left}
                </dd>
              </div>
            ) : null}
          </dl>
        </>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-ruby-500">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {bonus.status === 'active' && bonus.free_spins_left > 0 && bonus.free_spin_game ? (
          <Link to={`/play/${encodeURIComponent(bonus.free_spin_game)}?mode=real`} className="btn btn-primary">
            Play your {bonus.free_spins_left === 1 ? 'free spin' : `${bonus.free_spins_left} free spins`}
          </Link>
        ) : bonus.status === 'active' ? (
          <Link to="/slots" className="btn btn-ghost">
            Play games
          </Link>
        ) : null}
        {confirming ? (
          <div
            role="group"
            aria-label="Confirm cancellation"
            className="flex w-full flex-col gap-2 rounded-lg border border-ruby-500/60 p-3 sm:flex-row sm:items-center"
          >
            <p className="flex-1 text-sm text-mist-200">
              Cancel this bonus? {bonus.balance > 0 ? `Its ${money(bonus.balance)} of bonus money is removed. ` : ''}Your cash stays yours.
            </p>
            <Button variant="danger" busy={cancel.isPending} onClick={() => cancel.mutate()}>
              Yes, cancel bonus
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        ) : (
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            Cancel bonus
          </Button>
        )}
      </div>
    </section>
  );
}

/** /account/bonuses: the open bonus with its live progress, what the page puts between (`children`), and the history. */
export function MyBonuses({ loaded, currency, children }: { loaded: PlayerBonus[]; currency: string; children?: ReactNode }) {
  // The loader's list seeds the cache; live changes and a cancel on this page are merged into it.
  const bonuses = useBonuses(loaded).bonuses ?? loaded;
  const money = (minor: number) => formatMoney(minor, currency);
  const open = bonuses.find((b) => b.status === 'active' || b.status === 'pending');
  const history = bonuses.filter((b) => b !== open);
  return (
    <div className="space-y-8">
      {open ? (
        <OpenBonus key={open.id} bonus={open} currency={currency} onChange={applyBonus} />
      ) : (
        <section aria-label="Active bonus" className="rounded-xl border border-night-700 bg-night-900 p-5 text-mist-300">
          <p>You have no active bonus.</p>
          <Link to="/all-bonuses" className="btn btn-primary mt-4">
            See the offers
          </Link>
        </section>
      )}
      {children}
      <section aria-label="Bonus history">
        <h2 className="mb-3 font-display text-xl font-bold text-mist-100">History</h2>
        {history.length === 0 ? (
          <p className="text-sm text-mist-400">No earlier bonuses.</p>
        ) : (
          <ul className="divide-y divide-night-700 rounded-xl border border-night-700 bg-night-900">
            {history.map((bonus) => (
              <li key={bonus.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm" data-history={bonus.status}>
                <div>
                  <p className="font-semibold text-mist-100">{bonus.title}</p>
                  <p className="text-mist-400">{new Date(bonus.created_at).toLocaleDateString('en-GB', { timeZone: 'UTC' })}</p>
                </div>
                <div className="text-right">
                  <p className="text-mist-200">{STATUS_LABELS[bonus.status]}</p>
                  <p className="tabular-nums text-mist-400">
                    {bonus.status === 'completed' ? `${money(bonus.converted ?? 0)} turned into cash` : `${money(bonus.amount)} bonus`}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
