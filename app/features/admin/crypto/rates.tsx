// The crypto screen's rates (docs/decisions/0109): the rate each coin's on-chain deposits are credited at, how long it
// holds (a stale one stops crediting), and the form that sets one, with a reason.
import { type FormEvent, useState } from 'react';
import type { ChainRates } from '../../../../contract/chain.ts';
import { chainName } from '../../../../contract/chain.rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { firstErrors } from '../../../lib/api.ts';
import { adminApi, type Loaded } from '../api.ts';
import { hasPermission, useStaff } from '../session.tsx';
import { Badge, dateTime, Notice } from '../ui.tsx';

function RateForm({ rates, onSaved }: { rates: ChainRates; onSaved: () => void }) {
  const [token, setToken] = useState(rates.tokens[0] ?? '');
  const [rate, setRate] = useState('');
  const [minutes, setMinutes] = useState('60');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setSaved(null);
    const maxAge = Number(minutes) * 60;
    const result = await adminApi('PUT', '/api/admin/chain/rates', {
      token,
      rate: rate.trim(),
      max_age_seconds: Number.isInteger(maxAge) ? maxAge : 0,
      reason,
    });
    setBusy(false);
    if (!result.ok) {
      const fields = firstErrors(result.errors);
      setErrors(Object.keys(fields).length ? fields : { form: result.message });
      return;
    }
    setErrors({});
    setRate('');
    setReason('');
    setSaved(`The ${token} rate is set.`);
    onSaved();
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4 rounded-card border border-night-700 bg-night-850 p-4 sm:grid-cols-2" noValidate>
      <SelectField
        label="Coin"
        value={token}
        onChange={(event) => setToken(event.target.value)}
        options={rates.tokens.map((symbol) => ({ value: symbol, label: symbol }))}
      />
      <TextField
        label={`Rate (${rates.currency} per coin)`}
        inputMode="decimal"
        placeholder="0.92"
        value={rate}
        onChange={(event) => setRate(event.target.value)}
        error={errors.rate ?? errors.token}
      />
      <TextField
        label="Good for (minutes)"
        inputMode="numeric"
        value={minutes}
        onChange={(event) => setMinutes(event.target.value)}
        error={errors.max_age_seconds}
        hint="After this, deposits in this coin wait until a new rate is set."
      />
      <TextField label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} error={errors.reason} />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          Set rate
        </Button>
        {saved ? (
          <span role="status" className="text-sm text-emerald-400">
            {saved}
          </span>
        ) : null}
        {errors.form ? (
          <span role="alert" className="text-sm text-ruby-500">
            {errors.form}
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** The rates on-chain deposits are credited at, and the form that sets one (the screen reads them again after). */
export function Rates({ loaded, onSaved }: { loaded: Loaded<ChainRates>; onSaved: () => void }) {
  const me = useStaff();
  if (loaded.error !== null) return <Notice tone="error">{loaded.error}</Notice>;
  const rates = loaded.data;
  return (
    <section aria-labelledby="crypto-rates" className="space-y-4">
      <div>
        <h2 id="crypto-rates" className="text-lg font-semibold text-mist-100">
          Rates
        </h2>
        <p className="text-sm text-mist-400">
          {chainName(rates.chain_id)} · deposits are credited after {rates.confirmations} confirmations at the rate below, in {rates.currency}. A missing or
          stale rate stops crediting; nothing is guessed.
        </p>
      </div>
      <div className="overflow-x-auto rounded-card border border-night-700">
        <table className="w-full min-w-[32rem] text-sm">
          <caption className="sr-only">Rates</caption>
          <thead className="bg-night-800 text-mist-400">
            <tr>
              {['Coin', 'Rate', 'Good for', 'Set at', 'State'].map((heading) => (
                <th key={heading} scope="col" className="px-4 py-2.5 text-left font-medium">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rates.tokens.map((token) => {
              const row = rates.rates.find((candidate) => candidate.token === token && candidate.currency === rates.currency);
              return (
                <tr key={token} className="border-t border-night-700" data-testid={`rate-${token}`}>
                  <td className="px-4 py-2.5 font-medium text-mist-100">{token}</td>
                  <td className="px-4 py-2.5 tabular-nums text-mist-200">{row ? `${row.rate} ${row.currency}` : '—'}</td>
                  <td className="px-4 py-2.5 text-mist-300">{row ? `${Math.round(row.max_age_seconds / 60)} min` : '—'}</td>
                  <td className="px-4 py-2.5 text-mist-300">{row ? dateTime(row.set_at) : '—'}</td>
                  <td className="px-4 py-2.5">
                    {!row ? <Badge tone="bad">No rate</Badge> : row.stale ? <Badge tone="bad">Stale</Badge> : <Badge tone="good">Current</Badge>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {hasPermission(me, 'payments.manage') ? <RateForm rates={rates} onSaved={onSaved} /> : null}
    </section>
  );
}
