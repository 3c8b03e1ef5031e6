import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type ChainDeposit, chainDepositProgress, chainName } from '../../../contract/chain.rules.ts';
import { formatMoney } from '../../../contract/money.ts';
import { useLiveChainDeposits } from '../../lib/use-chain-deposits.ts';
import { cryptoInfoQuery } from './crypto-info.ts';
import { DepositAddress } from './deposit-address.tsx';

// The on-chain crypto deposit (docs/decisions/0109-crypto-rail.md): the player's own address on the site's network,
// the coin to send, and each transfer's progress, live: seen, n of N confirmations, credited at its quote. Shown only
// where the operator runs the rail (the API answers 404 otherwise).

function shortHash(hash: string): string {
  return `${hash.slice(0, 10)}…${hash.slice(-6)}`;
}

function DepositRow({ deposit }: { deposit: ChainDeposit }) {
  const done = deposit.status === 'credited';
  const progress = Math.min(1, deposit.confirmations / Math.max(1, deposit.required_confirmations));
  return (
    <li className="space-y-2 rounded-xl border border-night-600 bg-night-900 px-4 py-3" data-testid="chain-deposit" data-status={deposit.status}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-display text-lg font-bold text-mist-100">
          {deposit.amount} {deposit.token}
        </span>
        {deposit.quote ? (
          <span className="text-sm text-mist-300">
            {done ? 'Credited' : 'Worth'} <strong className="text-gold-300">{formatMoney(deposit.quote.amount, deposit.quote.currency)}</strong> at{' '}
            {deposit.quote.rate} {deposit.quote.currency} per {deposit.token}
          </span>
        ) : null}
      </div>
      <p
        className={`text-sm ${deposit.status === 'dropped' ? 'text-ruby-500' : done ? 'text-emerald-400' : 'text-mist-200'}`}
        data-testid="chain-deposit-progress"
      >
        {chainDepositProgress(deposit)}
      </p>
      {deposit.status === 'seen' || deposit.status === 'confirmed' ? (
        <div
          className="h-1.5 overflow-hidden rounded-full bg-night-700"
          role="progressbar"
          aria-label="Confirmations"
          aria-valuemin={0}
          aria-valuemax={deposit.required_confirmations}
          aria-valuenow={deposit.confirmations}
        >
          <div className="h-full rounded-full bg-gold-400 transition-[width]" style={{ width: `${progress * 100}%` }} />
        </div>
      ) : null}
      <p className="truncate font-mono text-xs text-mist-400" title={deposit.tx_hash}>
        Transaction {shortHash(deposit.tx_hash)}
      </p>
    </li>
  );
}

/** `onOffered`: told once the rail answers, so the cashier above knows crypto is on offer even with no other method. */
export function OnChainDeposit({ onOffered }: { onOffered?: () => void } = {}) {
  const { data } = useQuery(cryptoInfoQuery());
  const info = data?.info ?? null;
  const problem = data?.problem ?? null;
  // The coin the player picked; until then a token's (the first with a contract), else the first coin.
  const [picked, setCoin] = useState<string | null>(null);
  const coin = picked ?? info?.tokens.find((token) => token.contract)?.symbol ?? info?.tokens[0]?.symbol ?? null;
  const live = useLiveChainDeposits();
  // The latest callback, without telling again when the parent renders a new one.
  const offered = useRef(onOffered);
  offered.current = onOffered;
  useEffect(() => {
    if (info) offered.current?.();
  }, [info]);

  if (problem)
    return (
      <p role="alert" className="text-ruby-500">
        {problem}
      </p>
    );
  if (!info) return null;

  // Deposits heard of live since the page loaded come first, newest first; the rest as the page loaded them.
  const known = new Map(info.deposits.map((deposit) => [deposit.id, deposit]));
  for (const [id, deposit] of live) known.set(id, deposit);
  const deposits = [...known.values()].sort((a, b) => b.seen_at.localeCompare(a.seen_at));
  const token = info.tokens.find((candidate) => candidate.symbol === coin) ?? info.tokens[0];
  const network = chainName(info.chain_id);

  return (
    <section aria-labelledby="onchain-deposit" className="space-y-5 rounded-2xl border border-night-600 bg-night-850 p-4 sm:p-6" data-testid="onchain-deposit">
      <div className="space-y-1">
        <h2 id="onchain-deposit" className="font-display text-xl font-bold text-mist-100">
          Deposit crypto from your own wallet
        </h2>
        <p className="text-sm text-mist-300">
          Send coins to your personal address on {network}. We credit your balance after {info.confirmations} network confirmations, at the exchange rate of
          that moment.
        </p>
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-mist-100">Network and coin</legend>
        <div className="flex flex-wrap gap-2">
          {info.tokens.map((candidate) => {
            const checked = candidate.symbol === token?.symbol;
            return (
              <label
                key={candidate.symbol}
                className={`cursor-pointer rounded-full border px-4 py-1.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-400 ${
                  checked ? 'border-gold-400 bg-gold-400/10 text-gold-300' : 'border-night-600 bg-night-900 text-mist-300 hover:border-mist-400'
                }`}
              >
                <input type="radio" name="coin" value={candidate.symbol} checked={checked} onChange={() => setCoin(candidate.symbol)} className="sr-only" />
                {candidate.symbol} on {network}
              </label>
            );
          })}
        </div>
      </fieldset>
      <DepositAddress address={info.address} />
      {token ? (
        <p className="text-sm text-mist-300" data-testid="onchain-coin-note">
          Send only {token.symbol} on {network} to this address
          {token.contract ? (
            <>
              {' '}
              (token contract <span className="font-mono break-all text-mist-200">{token.contract}</span>)
            </>
          ) : null}
          . Coins sent on another network, or other coins, cannot be credited.
        </p>
      ) : null}
      <div className="space-y-2">
        <h3 className="text-sm font-medium text-mist-100">Your crypto deposits</h3>
        {deposits.length === 0 ? (
          <p className="text-sm text-mist-400" data-testid="chain-deposits-empty">
            Nothing received yet. A payment you send appears here as soon as the network sees it.
          </p>
        ) : (
          <ul className="space-y-2" aria-live="polite">
            {deposits.map((deposit) => (
              <DepositRow key={deposit.id} deposit={deposit} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
