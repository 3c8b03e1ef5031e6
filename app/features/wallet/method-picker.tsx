import { useId } from 'react';
import type { PaymentMethod } from '../../../contract/wallet.ts';

function MethodIcon({ type }: { type: PaymentMethod['type'] }) {
  return type === 'card' ? (
    <svg viewBox="0 0 32 24" className="h-6 w-8 shrink-0" aria-hidden="true">
      <rect x="1" y="1" width="30" height="22" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M1 8h30" stroke="currentColor" strokeWidth="3" />
      <path d="M6 17h8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  ) : (
    <svg viewBox="0 0 24 24" className="h-6 w-8 shrink-0" aria-hidden="true">
      <circle cx="12" cy="12" r="10.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M9 7h4.5a2.5 2.5 0 0 1 0 5H9zm0 5h5a2.5 2.5 0 0 1 0 5H9zm1.5-7v2m2 0V5m-2 12v2m2-2v2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const DESCRIPTIONS: Record<PaymentMethod['type'], { deposit: string; withdrawal: string }> = {
  card: { deposit: 'Instant, on a secure payment page', withdrawal: 'Back to the card you paid with' },
  crypto: { deposit: 'Send to your own address', withdrawal: 'To any wallet address' },
};

/** The cashier's payment methods as radio cards; the native radios keep arrow-key and screen-reader behaviour. */
export function MethodPicker({
  methods,
  value,
  onChange,
  direction,
  error,
}: {
  methods: PaymentMethod[];
  value: PaymentMethod['id'];
  onChange: (method: PaymentMethod) => void;
  direction: 'deposit' | 'withdrawal';
  error?: string;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-mist-100">Payment method</legend>
      <div className="grid grid-cols-2 gap-3">
        {methods.map((method) => {
          const checked = method.id === value;
          return (
            <label
              key={method.id}
              className={`flex cursor-pointer flex-col gap-2 rounded-xl border px-3 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-400 sm:flex-row sm:items-center sm:gap-3 sm:px-4 ${
                checked ? 'border-gold-400 bg-gold-400/10 text-gold-300' : 'border-night-600 bg-night-900 text-mist-300 hover:border-mist-400'
              }`}
            >
              <input type="radio" name="method" value={method.id} checked={checked} onChange={() => onChange(method)} className="sr-only" />
              <MethodIcon type={method.type} />
              <span className="min-w-0">
                <span className="block font-semibold text-mist-100">{method.name}</span>
                <span className="block text-xs text-mist-400">{DESCRIPTIONS[method.type][direction]}</span>
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-ruby-500">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
