import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LIMIT_PERIODS, type LimitPeriod, PERIOD_LABEL } from '../../../contract/limits.rules.ts';
import { formatMoney } from '../../../contract/money.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { callApi, firstErrors } from '../../lib/api.ts';
import { playerLimitsQuery, queryKeys } from '../../lib/queries.ts';
import { parseAmount } from './amount-input.ts';
import { CashierSkeleton } from './cashier-skeleton.tsx';

// The deposit limit prompt (docs/decisions/0121): where the player's jurisdiction asks for it (UKGC: before the first
// deposit, then every 6 months), the cashier waits until the player sets a deposit limit or says they want none.
// The server refuses a deposit until then; this only shows the question first.

export function DepositLimitPrompt({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const { data: limits = null, isError } = useQuery(playerLimitsQuery());
  const failed = isError && limits === null;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'limit' | 'none' | null>(null);

  // Unknown (the call failed): the cashier shows, and the server still asks for the answer if one is due.
  if (failed) return <>{children}</>;
  if (!limits) return <CashierSkeleton label="Loading the payment methods" />;
  if (!limits.jurisdiction.deposit_limit_prompt_due) return <>{children}</>;

  const reminder = limits.jurisdiction.deposit_limit_prompt_answered_at !== null;
  const example = formatMoney(100_00, limits.currency);

  async function answer(limit: { period: LimitPeriod; amount: number } | null) {
    setBusy(limit ? 'limit' : 'none');
    const result = await callApi('POST', '/api/player/limits/deposit-prompt', { limit });
    setBusy(null);
    if (result.ok) {
      setErrors({});
      client.setQueryData(queryKeys.limits, result.body.data);
    } else {
      const fields = firstErrors(result.errors);
      setErrors({ amount: fields['limit.amount'] ?? fields.amount ?? result.message });
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const amount = parseAmount(String(form.get('amount') ?? ''));
    if (amount === null || amount <= 0) {
      setErrors({ amount: `Enter an amount, for example ${example}.` });
      return;
    }
    void answer({ period: String(form.get('period')) as LimitPeriod, amount });
  }

  return (
    <Card title={reminder ? 'Time to review your deposit limit' : 'Set a deposit limit before your first deposit'}>
      <div className="space-y-4" data-testid="deposit-limit-prompt">
        <p className="text-sm text-mist-300">
          {reminder
            ? 'Every 6 months we ask you to look at your deposit limit again. Set one, or tell us you do not want one, and the cashier opens.'
            : 'A deposit limit caps how much you can deposit in 24 hours, 7 days or 30 days. Set one now, or tell us you do not want one, and the cashier opens.'}{' '}
          Every deposit counts towards the limit; withdrawals are not taken off. You can change it any time under Account → Limits.
        </p>
        <form className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start" onSubmit={submit} noValidate>
          <SelectField
            label="Period"
            name="period"
            defaultValue="month"
            options={LIMIT_PERIODS.map((period) => ({ value: period, label: PERIOD_LABEL[period] }))}
          />
          <TextField label="Deposit limit" name="amount" inputMode="decimal" placeholder={example} autoComplete="off" error={errors.amount} />
          <Button type="submit" busy={busy === 'limit'} disabled={busy !== null} className="sm:mt-7">
            Set limit
          </Button>
        </form>
        <div className="border-t border-night-700 pt-4">
          <Button variant="ghost" busy={busy === 'none'} disabled={busy !== null} className="w-full sm:w-auto" onClick={() => void answer(null)}>
            I do not want a deposit limit
          </Button>
        </div>
      </div>
    </Card>
  );
}
