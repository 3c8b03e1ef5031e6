// The crypto screen's hot wallet (docs/decisions/0123): the signer's wallet withdrawals are paid from, its balances and
// recent sweeps, and sweeping the deposit addresses into it, with a reason.
import { type FormEvent, useState } from 'react';
import type { HotWallet } from '../../../../contract/chain.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { firstErrors } from '../../../lib/api.ts';
import { adminApi, type Loaded } from '../api.ts';
import { hasPermission, useStaff } from '../session.tsx';
import { dateTime, Notice } from '../ui.tsx';
import { shortHash } from './chain-tables.tsx';

function SweepForm({ onSwept }: { onSwept: () => void }) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setDone(null);
    const result = await adminApi('POST', '/api/admin/chain/sweeps', { reason });
    setBusy(false);
    if (!result.ok) {
      const fields = firstErrors(result.errors);
      setErrors(Object.keys(fields).length ? fields : { form: result.message });
      return;
    }
    setErrors({});
    setReason('');
    setDone(result.body.data.sent === 0 ? 'Nothing to sweep: the deposit addresses are empty.' : `Sweep sent: ${result.body.data.sent} transactions.`);
    onSwept();
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-3" noValidate>
      <div className="min-w-0 flex-1 basis-64">
        <TextField
          label="Why sweep now"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
          hint="Moves every deposit address's coins into the hot wallet (token sweeps get their gas from the hot wallet)."
        />
      </div>
      <Button type="submit" disabled={busy}>
        Sweep deposit addresses
      </Button>
      {done ? (
        <span role="status" className="basis-full text-sm text-emerald-400">
          {done}
        </span>
      ) : null}
      {errors.form ? (
        <span role="alert" className="basis-full text-sm text-ruby-500">
          {errors.form}
        </span>
      ) : null}
    </form>
  );
}

/** The signer's hot wallet: its address and balances, its sweeps, and the sweep form (the screen reads it again after). */
export function HotWalletPanel({ loaded, onSwept }: { loaded: Loaded<HotWallet>; onSwept: () => void }) {
  const me = useStaff();
  if (loaded.error !== null) return <Notice tone="error">{loaded.error}</Notice>;
  const data = loaded.data;
  return (
    <section aria-labelledby="crypto-hot-wallet" className="space-y-4">
      <div>
        <h2 id="crypto-hot-wallet" className="text-lg font-semibold text-mist-100">
          Hot wallet
        </h2>
        <p className="text-sm text-mist-400">
          {data.signer
            ? 'Withdrawals are paid from this wallet by the signer, a separate process that holds its key; the site holds none.'
            : 'No signer is configured: crypto withdrawals are not offered.'}
        </p>
      </div>
      {data.address ? (
        <div className="space-y-3 rounded-card border border-night-700 bg-night-850 p-4" data-testid="hot-wallet">
          <p className="break-all font-mono text-sm text-mist-200">{data.address}</p>
          <dl className="flex flex-wrap gap-x-8 gap-y-2">
            {data.balances.map((balance) => (
              <div key={balance.token} data-testid={`hot-balance-${balance.token}`}>
                <dt className="text-xs text-mist-400">{balance.token}</dt>
                <dd className="font-display text-xl font-bold tabular-nums text-gold-300">{balance.amount ?? 'Unavailable'}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : data.signer ? (
        <Notice>The signer has not reported yet: its hot wallet appears here once it runs.</Notice>
      ) : null}
      {data.signer && hasPermission(me, 'payments.manage') ? <SweepForm onSwept={onSwept} /> : null}
      {data.sweeps.length > 0 ? (
        <ul className="space-y-1 text-sm text-mist-300">
          {data.sweeps.slice(0, 10).map((sweep) => (
            <li key={sweep.tx_hash} className="flex flex-wrap gap-x-3">
              <span className="whitespace-nowrap">{dateTime(sweep.created_at)}</span>
              <span>
                {sweep.kind === 'gas' ? 'Gas top-up' : 'Swept'} {sweep.amount} {sweep.token}
              </span>
              <span className="font-mono text-xs text-mist-400" title={`${sweep.tx_hash} (${sweep.address})`}>
                {shortHash(sweep.tx_hash)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
