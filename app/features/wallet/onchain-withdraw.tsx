import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { chainName, withdrawalCoins } from '../../../contract/chain.rules.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { Withdrawal } from '../../../contract/wallet.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { firstErrors } from '../../lib/api.ts';
import { createAttemptKeys } from '../../lib/attempt-keys.ts';
import { AmountField } from './amount-field.tsx';
import { amountProblem, parseAmount } from './amount-input.ts';
import { requestWithdrawal } from './cashier-api.ts';
import { cryptoInfoQuery } from './crypto-info.ts';
import { FormProblem } from './form-problem.tsx';

// Withdrawal to the player's own wallet on the site's network (docs/decisions/0123-signer.md): the coin, the amount
// in the wallet currency with what it comes to in the coin at today's rate, and the address. Reviewed by the team
// like every withdrawal; then sent on chain. Shown only where the operator runs the rail with a signer.

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function OnChainWithdraw({
  withdrawable,
  currency,
  onRequested,
}: {
  withdrawable: number;
  currency: string;
  onRequested: (withdrawal: Withdrawal) => void;
}) {
  const { data } = useQuery(cryptoInfoQuery());
  const info = data?.info ?? null;
  // The coin the player picked; until then the first priced coin other than ETH, else the first priced one.
  const [picked, setCoin] = useState<string | null>(null);
  const coin =
    picked ??
    info?.withdrawal?.tokens.find((token) => token.rate !== null && token.symbol !== 'ETH')?.symbol ??
    info?.withdrawal?.tokens.find((token) => token.rate)?.symbol ??
    null;
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useRef(createAttemptKeys()).current;

  const offer = info?.withdrawal;
  if (!info || !offer) return null;
  const network = chainName(info.chain_id);
  const token = offer.tokens.find((candidate) => candidate.symbol === coin) ?? null;
  const limits = { min: offer.min, max: offer.max };
  const minor = parseAmount(amount);
  const coins = token?.rate && minor !== null ? withdrawalCoins(minor, token.decimals, token.rate) : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!token) found.token = 'Choose the coin to receive.';
    const amountError = amountProblem(minor, limits, currency, withdrawable);
    if (amountError) found.amount = amountError;
    if (!address.trim()) found.address = 'Enter the address of your wallet.';
    else if (!ADDRESS.test(address.trim())) found.address = 'The address must be 0x followed by 40 letters a–f and digits.';
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0 || minor === null || !token) return;
    setBusy(true);
    const body = { method: 'onchain' as const, amount: minor, token: token.symbol, address: address.trim() };
    const result = await requestWithdrawal(body, keys.keyFor(body));
    keys.answered(result.status);
    setBusy(false);
    if (result.ok) return onRequested(result.body.data);
    const fieldErrors = firstErrors(result.errors);
    setErrors(fieldErrors);
    if (!fieldErrors.amount && !fieldErrors.address && !fieldErrors.token) setProblem(result.message);
  }

  return (
    <section
      aria-labelledby="onchain-withdraw"
      className="space-y-5 rounded-2xl border border-night-600 bg-night-850 p-4 sm:p-6"
      data-testid="onchain-withdraw"
    >
      <div className="space-y-1">
        <h2 id="onchain-withdraw" className="font-display text-xl font-bold text-mist-100">
          Withdraw crypto to your own wallet
        </h2>
        <p className="text-sm text-mist-300">
          We send coins on {network} to the address you give, at today's exchange rate, once our team has reviewed the withdrawal.
        </p>
      </div>
      <form className="space-y-5" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-mist-100">Network and coin</legend>
          <div className="flex flex-wrap gap-2">
            {offer.tokens.map((candidate) => {
              const checked = candidate.symbol === token?.symbol;
              const off = candidate.rate === null;
              return (
                <label
                  key={candidate.symbol}
                  className={`rounded-full border px-4 py-1.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-400 ${
                    off
                      ? 'cursor-not-allowed border-night-700 text-mist-500'
                      : checked
                        ? 'cursor-pointer border-gold-400 bg-gold-400/10 text-gold-300'
                        : 'cursor-pointer border-night-600 bg-night-900 text-mist-300 hover:border-mist-400'
                  }`}
                >
                  <input
                    type="radio"
                    name="withdraw-coin"
                    value={candidate.symbol}
                    checked={checked}
                    disabled={off}
                    onChange={() => setCoin(candidate.symbol)}
                    className="sr-only"
                  />
                  {candidate.symbol} on {network}
                  {off ? ' (not available now)' : ''}
                </label>
              );
            })}
          </div>
          {errors.token ? (
            <p role="alert" className="mt-1 text-sm text-ruby-500">
              {errors.token}
            </p>
          ) : null}
        </fieldset>
        <AmountField
          value={amount}
          onChange={(next) => {
            setAmount(next);
            if (errors.amount) setErrors(({ amount: _, ...rest }) => rest);
          }}
          currency={currency}
          limits={limits}
          error={errors.amount}
        />
        {token?.rate ? (
          <p className="text-sm text-mist-300" data-testid="onchain-withdraw-quote">
            {coins && minor
              ? `You receive about ${coins} ${token.symbol} (at ${token.rate} ${currency} per ${token.symbol}); the rate is fixed when you ask.`
              : `Today's rate: ${token.rate} ${currency} per ${token.symbol}.`}
          </p>
        ) : null}
        <TextField
          label={`Your ${token?.symbol ?? 'wallet'} address on ${network}`}
          name="address"
          autoComplete="off"
          spellCheck={false}
          value={address}
          onChange={(event) => {
            setAddress(event.target.value);
            if (errors.address) setErrors(({ address: _, ...rest }) => rest);
          }}
          error={errors.address}
          hint="Copy it from your wallet app: 0x and 40 characters. Coins sent to a wrong address cannot be recovered."
          className="font-mono text-sm"
        />
        <FormProblem problem={problem} />
        <Button type="submit" busy={busy} className="w-full py-3 text-base">
          {minor !== null && token && !amountProblem(minor, limits, currency, withdrawable)
            ? `Withdraw ${formatMoney(minor, currency)} in ${token.symbol}`
            : 'Request crypto withdrawal'}
        </Button>
      </form>
    </section>
  );
}
