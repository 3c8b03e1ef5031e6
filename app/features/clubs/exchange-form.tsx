import { useMemo, useState, type FormEvent } from 'react';
import { cashForPoints, MIN_POINTS_EXCHANGE, POINTS_PER_CASH_UNIT } from '../../../contract/clubs.rules.ts';
import { formatMoney } from '../../../contract/money.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { callApi, firstErrors } from '../../lib/api.ts';
import { createAttemptKeys } from '../../lib/attempt-keys.ts';
import { refreshClub } from '../../lib/use-club.ts';
import { refreshWallet } from '../../lib/use-wallet.ts';
import { pointsText } from './club-parts.tsx';

/** Points for cash with no wagering: what the player gets is shown as they type; the server has the last word. */
export function ExchangeForm({ points, currency }: { points: number; currency: string }) {
  const [wanted, setWanted] = useState(String(Math.max(MIN_POINTS_EXCHANGE, Math.floor(points / POINTS_PER_CASH_UNIT) * POINTS_PER_CASH_UNIT)));
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useMemo(() => createAttemptKeys(), []);
  const amount = /^\d{1,9}$/.test(wanted) ? Number(wanted) : null;
  const cash = amount !== null && Number.isInteger(cashForPoints(amount)) ? cashForPoints(amount) : null;

  // The confirmation outlives the form: an exchange that leaves fewer points than the minimum locks the form, and
  // the player must still read what they got.
  const confirmation = done ? (
    <p role="status" className="rounded-lg border border-felt-500/50 bg-felt-500/10 px-3 py-2 text-sm text-mist-100">
      {done}
    </p>
  ) : null;

  if (points < MIN_POINTS_EXCHANGE) {
    return (
      <div className="space-y-3">
        {confirmation}
        <p className="text-sm text-mist-300" data-testid="exchange-locked">
          You can exchange from {pointsText(MIN_POINTS_EXCHANGE)}: {pointsText(MIN_POINTS_EXCHANGE - points)} to go.
        </p>
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    if (amount === null) {
      setError('Enter a whole number of points.');
      return;
    }
    setBusy(true);
    const body = { points: amount };
    const result = await callApi('POST', '/api/player/loyalty/exchange', body, { 'Idempotency-Key': keys.keyFor(body) });
    keys.answered(result.status);
    setBusy(false);
    if (!result.ok) {
      setError(firstErrors(result.errors).points ?? result.message);
      return;
    }
    setError(undefined);
    setDone(`You exchanged ${pointsText(result.body.data.points)} for ${formatMoney(result.body.data.amount, result.body.data.currency)}.`);
    await Promise.all([refreshWallet(), refreshClub()]);
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <TextField
          label="Points to exchange"
          name="points"
          inputMode="numeric"
          value={wanted}
          onChange={(event) => setWanted(event.target.value.trim())}
          error={error}
          hint={`From ${pointsText(MIN_POINTS_EXCHANGE)} up to your ${pointsText(points)}.`}
        />
        <Button type="submit" busy={busy} className="sm:mb-6">
          Exchange
        </Button>
      </div>
      <p className="text-sm text-mist-300" data-testid="exchange-preview">
        You get <strong className="text-gold-300">{cash === null ? '—' : formatMoney(cash, currency)}</strong> in cash, with no wagering.
      </p>
      {confirmation}
    </form>
  );
}
