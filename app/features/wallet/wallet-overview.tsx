import { Link } from 'react-router';
import type { Wallet } from '../../../contract/wallet.ts';
import { formatMoney } from '../../../contract/money.ts';

function Stat({ name, label, value, note }: { name: string; label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-night-700 bg-night-900 px-4 py-3" data-stat={name}>
      <dt className="text-sm text-mist-400">{label}</dt>
      <dd className="mt-0.5 text-xl font-semibold tabular-nums text-mist-100">{value}</dd>
      {note ? <dd className="text-xs text-mist-400">{note}</dd> : null}
    </div>
  );
}

/** The /account/wallet summary: what the player has, what is held for withdrawal, and what went in and out. */
export function WalletOverview({ wallet }: { wallet: Wallet }) {
  const money = (minor: number) => formatMoney(minor, wallet.currency);
  const requests = wallet.pending_withdrawals_count;
  return (
    <div className="space-y-6">
      <section
        aria-label="Balance"
        className="flex flex-col gap-5 rounded-xl border border-gold-500/40 bg-[radial-gradient(ellipse_at_top_right,rgb(247_193_75/0.14),transparent_60%)] p-5 sm:flex-row sm:items-end sm:justify-between"
      >
        <div data-stat="balance">
          <p className="text-sm font-semibold uppercase tracking-[0.18em] text-gold-400">Balance</p>
          <p className="mt-1 font-display text-4xl font-bold tabular-nums text-mist-100">{money(wallet.balance)}</p>
          <p className="mt-1 text-sm text-mist-400">
            {money(wallet.cash)} cash · {money(wallet.bonus)} bonus
          </p>
        </div>
        <div className="flex gap-3">
          <Link to="/deposit" className="btn btn-primary flex-1 sm:flex-none">
            Deposit
          </Link>
          <Link to="/withdraw" className="btn btn-ghost flex-1 sm:flex-none">
            Withdraw
          </Link>
        </div>
      </section>

      <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <Stat name="cash" label="Cash" value={money(wallet.cash)} />
        <Stat name="bonus" label="Bonus" value={money(wallet.bonus)} note="Withdrawable once its wagering is complete." />
        <Stat name="withdrawable" label="Withdrawable" value={money(wallet.withdrawable)} />
        <Stat
          name="pending-withdrawals"
          label="Pending withdrawals"
          value={money(wallet.pending_withdrawals)}
          note={requests === 0 ? 'No requests waiting' : `${requests} ${requests === 1 ? 'request' : 'requests'} waiting for review`}
        />
        <Stat name="net-deposits-month" label="Net deposits this month" value={money(wallet.net_deposits.this_month)} />
        <Stat name="net-deposits-lifetime" label="Net deposits, all time" value={money(wallet.net_deposits.lifetime)} note="Deposits minus paid withdrawals." />
      </dl>

      <p>
        <Link to="/account/transaction" className="font-semibold text-gold-300 underline underline-offset-2 hover:text-gold-400">
          See all transactions
        </Link>
      </p>
    </div>
  );
}
