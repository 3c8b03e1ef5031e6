import { useRef, useState, type FormEvent } from 'react';
import type { PaymentMethod, Withdrawal } from '../../../contract/wallet.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { formatMoney } from '../../../contract/money.ts';
import { firstErrors } from '../../lib/api.ts';
import { AmountField } from './amount-field.tsx';
import { amountProblem, parseAmount } from './amount-input.ts';
import { createAttemptKeys } from '../../lib/attempt-keys.ts';
import { requestWithdrawal } from './cashier-api.ts';
import { MethodPicker } from './method-picker.tsx';
import { trackPayment } from './payment-analytics.ts';
import { FormProblem } from './form-problem.tsx';

/** The withdrawal request form; a kyc refusal from the server is handed up, as the page shows it in place of the form. */
export function WithdrawForm({
  methods,
  withdrawable,
  currency,
  onRequested,
  onKycRefused,
}: {
  methods: PaymentMethod[];
  withdrawable: number;
  currency: string;
  onRequested: (withdrawal: Withdrawal) => void;
  onKycRefused: (message: string) => void;
}) {
  const [method, setMethod] = useState(methods[0]!);
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The server's warning that withdrawing forfeits the active bonus; the player confirms to go ahead. */
  const [forfeitWarning, setForfeitWarning] = useState<string | null>(null);
  const keys = useRef(createAttemptKeys()).current;
  const minor = parseAmount(amount);
  const crypto = method.type === 'crypto';

  async function submit(event: FormEvent<HTMLFormElement> | null, forfeitBonus = false) {
    event?.preventDefault();
    const found: Record<string, string> = {};
    const amountError = amountProblem(minor, method.withdrawal, currency, withdrawable);
    if (amountError) found.amount = amountError;
    if (crypto && !address.trim()) found.address = 'Enter the wallet address to send the money to.';
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0 || minor === null) return;
    setBusy(true);
    const body = { method: method.id, amount: minor, ...(crypto ? { address: address.trim() } : {}), ...(forfeitBonus ? { forfeit_bonus: true } : {}) };
    const result = await requestWithdrawal(body, keys.keyFor(body));
    keys.answered(result.status);
    setBusy(false);
    setForfeitWarning(null);
    if (result.ok) {
      trackPayment('withdrawal', method.id, minor);
      return onRequested(result.body.data);
    }
    trackPayment('withdrawal', method.id, minor, result.message);
    if (result.type === 'kyc') return onKycRefused(result.message);
    if (result.type === 'bonus' && result.status === 409) return setForfeitWarning(result.message);
    const fieldErrors = firstErrors(result.errors);
    setErrors(fieldErrors);
    if (!fieldErrors.amount && !fieldErrors.method && !fieldErrors.address) setProblem(result.message);
  }

  return (
    <form className="space-y-6" onSubmit={(event) => void submit(event)} noValidate>
      <MethodPicker
        methods={methods}
        value={method.id}
        direction="withdrawal"
        error={errors.method}
        onChange={(next) => {
          setMethod(next);
          setErrors({});
        }}
      />
      <AmountField
        value={amount}
        onChange={(next) => {
          setAmount(next);
          if (errors.amount) setErrors(({ amount: _, ...rest }) => rest);
        }}
        currency={currency}
        limits={method.withdrawal}
        error={errors.amount}
      />
      {crypto ? (
        <TextField
          label="Wallet address"
          name="address"
          autoComplete="off"
          spellCheck={false}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          error={errors.address}
          hint="The address of your own wallet: 26 to 90 letters and digits."
          className="font-mono text-sm"
        />
      ) : null}
      <FormProblem problem={problem} />
      {forfeitWarning ? (
        <div role="alertdialog" aria-label="Forfeit your bonus?" className="space-y-3 rounded-lg border border-gold-500/60 p-4">
          <p className="text-sm text-mist-200">{forfeitWarning}</p>
          <div className="flex flex-wrap gap-3">
            <Button variant="danger" busy={busy} onClick={() => void submit(null, true)}>
              Withdraw and forfeit bonus
            </Button>
            <Button variant="ghost" onClick={() => setForfeitWarning(null)}>
              Keep my bonus
            </Button>
          </div>
        </div>
      ) : null}
      <div className="space-y-3">
        <Button type="submit" busy={busy} className="w-full py-3 text-base">
          {minor !== null && !amountProblem(minor, method.withdrawal, currency, withdrawable)
            ? `Withdraw ${formatMoney(minor, currency)}`
            : 'Request withdrawal'}
        </Button>
        <p className="text-center text-xs text-mist-400">Every withdrawal is reviewed by our team before it is paid. Once requested it cannot be cancelled.</p>
      </div>
    </form>
  );
}
