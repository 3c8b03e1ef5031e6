import type { Withdrawal } from '../../../contract/wallet.ts';
import { formatMoney } from '../../../contract/money.ts';
import { StatusBadge } from './transaction-labels.tsx';
import { formatDay, formatTime } from './dates.ts';

/** The player's withdrawals waiting for review, newest first. */
export function PendingWithdrawals({ withdrawals }: { withdrawals: Withdrawal[] }) {
  return (
    <section aria-labelledby="pending-withdrawals" className="space-y-3">
      <h2 id="pending-withdrawals" className="text-lg font-semibold text-mist-100">
        Pending withdrawals
      </h2>
      {withdrawals.length === 0 ? (
        <p className="rounded-xl border border-dashed border-night-600 px-4 py-5 text-center text-sm text-mist-400">
          You have no withdrawals waiting for review.
        </p>
      ) : (
        <ul className="divide-y divide-night-700 rounded-xl border border-night-700" data-testid="pending-withdrawals">
          {withdrawals.map((withdrawal) => (
            <li key={withdrawal.id} className="px-4 py-3">
              <div className="flex items-center justify-between gap-3">
                <p className="font-semibold tabular-nums text-mist-100">{formatMoney(withdrawal.amount, withdrawal.currency)}</p>
                <StatusBadge status={withdrawal.status} />
              </div>
              <p className="mt-1 truncate font-mono text-xs text-mist-300" title={withdrawal.destination}>
                {withdrawal.destination}
              </p>
              <p className="text-xs text-mist-400">
                Requested {formatDay(withdrawal.created_at)}, {formatTime(withdrawal.created_at)} UTC
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
