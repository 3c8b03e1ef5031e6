import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { BonusOffer } from '../../../contract/bonuses.ts';
import type { PaymentMethod } from '../../../contract/wallet.ts';
import { Button } from '../../components/ui/button.tsx';
import { firstErrors } from '../../lib/api.ts';
import { formatMoney } from '../../../contract/money.ts';
import { AmountField } from './amount-field.tsx';
import { amountProblem, parseAmount } from './amount-input.ts';
import { createAttemptKeys } from '../../lib/attempt-keys.ts';
import { BonusCard } from './bonus-card.tsx';
import { createDeposit } from './cashier-api.ts';
import { type ChosenBonus, fromOffer } from './chosen-bonus.ts';
import { DepositOffers } from './deposit-offers.tsx';
import { MethodPicker } from './method-picker.tsx';
import { trackPayment } from './payment-analytics.ts';
import { FormProblem } from './form-problem.tsx';

/**
 * The deposit form. A card deposit continues on the gateway's hosted page, which sends the player back to
 * `?deposit={id}`; a crypto deposit goes there at once, where its address is shown.
 */
export function DepositForm({ methods, bonus: given, offers = [] }: { methods: PaymentMethod[]; bonus: ChosenBonus | null; offers?: BonusOffer[] }) {
  const [, setSearch] = useSearchParams();
  // The bonus this deposit claims: the one the player came with, else none until they pick one of `offers`.
  const [bonus, setBonus] = useState(given);
  // The page's query changed (the card's Remove link, another offer's link): that is the choice now.
  useEffect(() => setBonus(given), [given]);
  const choices = given?.offer && !offers.some((offer) => offer.slug === given.id) ? [given.offer, ...offers] : offers;
  const [method, setMethod] = useState(methods[0]!);
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useRef(createAttemptKeys()).current;
  const minor = parseAmount(amount);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = amountProblem(minor, method.deposit, method.currency);
    if (invalid || minor === null) return setErrors({ amount: invalid ?? '' });
    setErrors({});
    setProblem(null);
    setBusy(true);
    const body = { method: method.id, amount: minor, ...(bonus ? { bonusId: bonus.id } : {}) };
    const result = await createDeposit(body, keys.keyFor(body));
    keys.answered(result.status);
    if (!result.ok) {
      setBusy(false);
      const fieldErrors = firstErrors(result.errors);
      setErrors(fieldErrors);
      if (!fieldErrors.amount && !fieldErrors.method) setProblem(Object.values(fieldErrors)[0] ?? result.message);
      trackPayment('deposit', method.id, minor, Object.values(fieldErrors)[0] ?? result.message);
      return;
    }
    const deposit = result.body.data;
    // Busy until the browser has left for the gateway's page.
    if (deposit.redirect_url) return window.location.assign(deposit.redirect_url);
    setSearch({ deposit: deposit.id });
  }

  const valid = minor !== null && amountProblem(minor, method.deposit, method.currency) === null;
  return (
    <form className="space-y-6" onSubmit={(event) => void submit(event)} noValidate>
      <DepositOffers offers={choices} chosen={bonus?.id ?? null} onChoose={(offer) => setBonus(offer ? fromOffer(offer) : null)} currency={method.currency} />
      {bonus ? (
        <BonusCard bonus={bonus} amount={minor} currency={method.currency} onRemove={bonus.id !== given?.id ? () => setBonus(null) : undefined} />
      ) : null}
      <MethodPicker
        methods={methods}
        value={method.id}
        direction="deposit"
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
          if (errors.amount) setErrors({});
        }}
        currency={method.currency}
        limits={method.deposit}
        quickAmounts={method.quick_amounts}
        error={errors.amount}
      />
      <FormProblem problem={problem} />
      <div className="space-y-3">
        <Button type="submit" busy={busy} className="w-full py-3 text-base">
          {valid ? `Deposit ${formatMoney(minor, method.currency)}` : 'Deposit'}
        </Button>
        <p className="text-center text-xs text-mist-400">
          {method.type === 'card'
            ? 'You will pay on our payment partner’s secure page and come straight back here.'
            : 'Next you get your personal deposit address and its QR code.'}
        </p>
      </div>
    </form>
  );
}
