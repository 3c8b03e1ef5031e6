import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Deposit, Wallet } from '../../../contract/wallet.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/card.tsx';
import { formatMoney } from '../../../contract/money.ts';
import { confirmSandboxTransfer, fetchDeposit } from './cashier-api.ts';
import { DepositAddress } from './deposit-address.tsx';
import { trackDepositOutcome } from './payment-analytics.ts';
import { queryKeys } from '../../lib/queries.ts';
import { refreshWallet } from '../../lib/use-wallet.ts';

// A pending deposit is asked about every 2 s for about a minute; after that the player may ask again.
const POLL_INTERVAL_MS = 2_000;
const POLL_LIMIT_MS = 60_000;

type Watch = { deposit: Deposit | null; problem: string | null; gaveUp: boolean };
type Answer = { deposit: Deposit | null; problem: string | null };

/** The deposit, or why it cannot be shown; no answer or a server error is thrown, to be asked about again. */
async function readDeposit(id: string): Promise<Answer> {
  const result = await fetchDeposit(id);
  if (result.ok) return { deposit: result.body.data, problem: null };
  if (result.status === 0 || result.status >= 500) throw new Error(result.message);
  return { deposit: null, problem: result.status === 400 || result.status === 404 ? 'We could not find this deposit.' : result.message };
}

/** Whether the last read leaves the deposit worth asking about again: still pending, or not answered. */
const unsettled = (state: { status: string; data?: Answer }) => state.status === 'error' || state.data?.deposit?.status === 'pending';

/** Follows one deposit until it is no longer pending; `again()` starts a fresh round of asking. */
function useDeposit(id: string): Watch & { again: () => void } {
  // Each round of asking is its own query, from its own start; the last answer stays on screen meanwhile.
  const [round, setRound] = useState(() => ({ number: 0, started: Date.now() }));
  const query = useQuery({
    queryKey: queryKeys.deposit(id, String(round.number)),
    queryFn: () => readDeposit(id),
    placeholderData: keepPreviousData,
    refetchInterval: (asked) => (unsettled(asked.state) && Date.now() - round.started < POLL_LIMIT_MS ? POLL_INTERVAL_MS : false),
    // The player may be in another tab, sending the coins.
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
  const answeredAt = Math.max(query.dataUpdatedAt, query.errorUpdatedAt);
  const gaveUp = !query.isPlaceholderData && unsettled(query) && answeredAt - round.started >= POLL_LIMIT_MS;
  return {
    deposit: query.data?.deposit ?? null,
    problem: query.data?.problem ?? null,
    gaveUp,
    again: () => setRound((current) => ({ number: current.number + 1, started: Date.now() })),
  };
}

function Outcome({ tone, title, children }: { tone: 'success' | 'failure' | 'waiting'; title: string; children: ReactNode }) {
  const icon =
    tone === 'success' ? (
      <path d="M14 24.5l6.5 6.5L34 17.5" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
    ) : tone === 'failure' ? (
      <path d="M17 17l14 14m0-14L17 31" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
    ) : (
      <path d="M24 14v10l6 4" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
    );
  const colour = tone === 'success' ? 'text-felt-500 bg-felt-500/15' : tone === 'failure' ? 'text-ruby-500 bg-ruby-500/15' : 'text-gold-400 bg-gold-400/15';
  return (
    <div role={tone === 'failure' ? 'alert' : 'status'} className="flex flex-col items-center text-center">
      <span className={`flex h-16 w-16 items-center justify-center rounded-full ${colour} ${tone === 'waiting' ? 'motion-safe:animate-pulse' : ''}`}>
        <svg viewBox="0 0 48 48" className="h-10 w-10" aria-hidden="true">
          {tone === 'waiting' ? <circle cx="24" cy="24" r="15" fill="none" stroke="currentColor" strokeWidth="3.5" /> : null}
          {icon}
        </svg>
      </span>
      <h2 className="mt-4 font-display text-2xl font-bold text-mist-100">{title}</h2>
      <div className="mt-2 max-w-md space-y-2 text-mist-300">{children}</div>
    </div>
  );
}

function Completed({ deposit }: { deposit: Deposit }) {
  const [wallet, setWallet] = useState<Wallet | null>(null);
  useEffect(() => {
    trackDepositOutcome(deposit);
    void refreshWallet().then(setWallet);
  }, [deposit]);
  return (
    <div className="space-y-6">
      <Outcome tone="success" title={`Deposit of ${formatMoney(deposit.amount, deposit.currency)} received`}>
        {wallet ? (
          <p>
            Your balance is now <strong className="text-gold-300 tabular-nums">{formatMoney(wallet.balance, wallet.currency)}</strong>.
          </p>
        ) : (
          <Skeleton className="mx-auto h-5 w-56" />
        )}
      </Outcome>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to="/" className="btn btn-primary">
          Play now
        </Link>
        <Link to="/account/transaction" className="btn btn-ghost">
          View transactions
        </Link>
      </div>
    </div>
  );
}

function Declined({ deposit }: { deposit: Deposit }) {
  useEffect(() => trackDepositOutcome(deposit), [deposit]);
  const retry = deposit.bonus_id ? `?${new URLSearchParams({ bonus: 'true', bonusId: deposit.bonus_id })}` : '';
  return (
    <div className="space-y-6">
      <Outcome tone="failure" title="Payment declined">
        <p className="font-semibold text-mist-100">{deposit.failure_message ?? 'The payment was declined.'}</p>
        <p>No money was taken and your balance has not changed.</p>
      </Outcome>
      <div className="flex justify-center">
        <Link to={{ search: retry }} className="btn btn-primary">
          Try again
        </Link>
      </div>
    </div>
  );
}

/** A deposit refunded, or taken back by the player's bank, after it was paid (docs/decisions/0104). */
function TakenBack({ deposit }: { deposit: Deposit }) {
  const refunded = deposit.status === 'refunded';
  return (
    <Outcome tone="failure" title={refunded ? 'Deposit refunded' : 'Deposit reversed by your bank'}>
      <p className="font-semibold text-mist-100">
        {refunded
          ? `The ${formatMoney(deposit.amount, deposit.currency)} of this deposit went back to where you paid from.`
          : `Your bank took back the ${formatMoney(deposit.amount, deposit.currency)} of this deposit.`}
      </p>
      <p>
        It has left your balance; each step shows in your{' '}
        <Link to="/account/transaction" className="text-gold-300 underline">
          transactions
        </Link>
        .
      </p>
    </Outcome>
  );
}

function StillWaiting({ onAgain }: { onAgain: () => void }) {
  return (
    <div className="space-y-3 text-center text-sm">
      <p className="text-mist-300">
        This is taking longer than usual. We add the money as soon as the payment is confirmed, and it shows in your{' '}
        <Link to="/account/transaction" className="text-gold-300 underline">
          transactions
        </Link>
        .
      </p>
      <Button variant="ghost" onClick={onAgain}>
        Check again
      </Button>
    </div>
  );
}

function CryptoPending({ deposit, gaveUp, onChanged }: { deposit: Deposit; gaveUp: boolean; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { sandbox_confirm_url: confirmUrl, sandbox_confirm_signature: signature } = deposit;

  async function confirm(url: string, signed: string) {
    setBusy(true);
    setProblem(null);
    const result = await confirmSandboxTransfer(url, signed);
    setBusy(false);
    if (!result.ok) setProblem(result.message);
    onChanged();
  }

  return (
    <div className="space-y-6">
      <div>
        <h2 className="font-display text-2xl font-bold text-mist-100">Send {formatMoney(deposit.amount, deposit.currency)} in crypto</h2>
        <p className="mt-1 text-mist-300">
          Send the amount to your personal address below. We add it to your balance as soon as the network confirms the transfer.
        </p>
      </div>
      {deposit.address ? <DepositAddress address={deposit.address} /> : null}
      <p role="status" className="flex items-center gap-2 text-sm text-mist-300">
        <span aria-hidden="true" className="h-3 w-3 rounded-full bg-gold-400 motion-safe:animate-pulse" />
        Waiting for the network to confirm your transfer…
      </p>
      {gaveUp ? <StillWaiting onAgain={onChanged} /> : null}
      {confirmUrl && signature ? (
        <div className="rounded-xl border border-dashed border-gold-500/60 p-4">
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-400">Sandbox network</p>
          <p className="mt-1 text-sm text-mist-300">No real coins move here. Pretend the transfer was sent and let the network confirm it.</p>
          {problem ? (
            <p role="alert" className="mt-2 text-sm text-ruby-500">
              {problem}
            </p>
          ) : null}
          <Button className="mt-3 w-full whitespace-normal sm:w-auto" busy={busy} onClick={() => void confirm(confirmUrl, signature)}>
            Simulate network confirmation
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function CardPending({ deposit, gaveUp, onAgain }: { deposit: Deposit; gaveUp: boolean; onAgain: () => void }) {
  return (
    <div className="space-y-6">
      <Outcome tone="waiting" title="Waiting for confirmation">
        <p>
          We are waiting for the payment provider to confirm your payment of{' '}
          <strong className="text-mist-100">{formatMoney(deposit.amount, deposit.currency)}</strong>. This usually takes a few seconds.
        </p>
      </Outcome>
      {gaveUp ? <StillWaiting onAgain={onAgain} /> : null}
      {/* The gateway's Cancel link also leads here, with the payment still open. */}
      {deposit.redirect_url ? (
        <p className="text-center text-sm text-mist-400">
          Left the payment page before paying?{' '}
          <a href={deposit.redirect_url} className="text-gold-300 underline underline-offset-2">
            Return to the payment page
          </a>
        </p>
      ) : null}
    </div>
  );
}

/** `/deposit?deposit={id}`: where the gateway sends the player back, and where a crypto deposit waits for its transfer. */
export function DepositStatus({ id }: { id: string }) {
  const { deposit, problem, gaveUp, again } = useDeposit(id);
  if (problem) {
    return (
      <div className="space-y-6">
        <Outcome tone="failure" title="Something went wrong">
          <p>{problem}</p>
        </Outcome>
        <div className="flex justify-center">
          <Link to={{ search: '' }} className="btn btn-primary">
            Back to deposit
          </Link>
        </div>
      </div>
    );
  }
  if (!deposit) {
    return (
      // biome-ignore lint/a11y/useAriaPropsSupportedByRole: giving this skeleton a role would change what screen readers announce, which is no lint fix (decision 0026)
      <div className="space-y-4" aria-label="Loading your deposit">
        <Skeleton className="mx-auto h-16 w-16 rounded-full" />
        <Skeleton className="mx-auto h-7 w-2/3" />
        <Skeleton className="mx-auto h-5 w-1/2" />
      </div>
    );
  }
  if (deposit.status === 'completed') return <Completed deposit={deposit} />;
  if (deposit.status === 'declined') return <Declined deposit={deposit} />;
  if (deposit.status === 'refunded' || deposit.status === 'charged_back') return <TakenBack deposit={deposit} />;
  if (deposit.method === 'sandbox-crypto') return <CryptoPending deposit={deposit} gaveUp={gaveUp} onChanged={again} />;
  return <CardPending deposit={deposit} gaveUp={gaveUp} onAgain={again} />;
}
