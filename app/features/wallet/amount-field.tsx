import type { AmountLimits } from '../../../contract/wallet.ts';
import { TextField } from '../../components/ui/field.tsx';
import { currencySymbol, decimalAmount, formatMoney } from '../../../contract/money.ts';
import { parseAmount } from './amount-input.ts';

/** The amount in major units as typed, its limits beside it, and quick-pick buttons that fill it in. */
export function AmountField({
  value,
  onChange,
  currency,
  limits,
  quickAmounts = [],
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  currency: string;
  limits: AmountLimits;
  quickAmounts?: number[];
  error?: string;
}) {
  const typed = parseAmount(value);
  return (
    <div>
      <TextField
        label={`Amount (${currencySymbol(currency)})`}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        hint={`Minimum ${formatMoney(limits.min, currency)}, maximum ${formatMoney(limits.max, currency)}.`}
        className="text-lg font-semibold tabular-nums"
      />
      {quickAmounts.length > 0 ? (
        <div role="group" aria-label="Quick amounts" className="mt-3 grid grid-cols-4 gap-2">
          {quickAmounts.map((amount) => {
            const pressed = typed === amount;
            return (
              <button
                key={amount}
                type="button"
                aria-pressed={pressed}
                onClick={() => onChange(decimalAmount(amount))}
                className={`rounded-lg border px-2 py-2 text-sm font-semibold tabular-nums transition-colors ${
                  pressed ? 'border-gold-400 bg-gold-400/10 text-gold-300' : 'border-night-600 bg-night-900 text-mist-100 hover:border-mist-400'
                }`}
              >
                {formatMoney(amount, currency, { cents: false })}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
