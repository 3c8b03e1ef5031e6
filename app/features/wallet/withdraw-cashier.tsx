import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { KycStatus } from '../../../contract/accounts.ts';
import type { Wallet, Withdrawal } from '../../../contract/wallet.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/card.tsx';
import { formatMoney } from '../../../contract/money.ts';
import { fetchPendingWithdrawals, fetchPlayer } from './cashier-api.ts';
import { CashierSkeleton } from './cashier-skeleton.tsx';
import { KycNotice } from './kyc-notice.tsx';
import { NoPaymentMethods } from './no-payment-methods.tsx';
import { PendingWithdrawals } from './pending-withdrawals.tsx';
import { usePaymentMethods } from './use-payment-methods.ts';
import { queryKeys } from '../../lib/queries.ts';
import { refreshWallet, useRootWallet, useWallet } from '../../lib/use-wallet.ts';
import { OnChainWithdraw } from './onchain-withdraw.tsx';
import { WithdrawForm } from './withdraw-form.tsx';

function Withdrawable({ wallet }: { wallet: Wallet | null }) {
  if (!wallet) return <Skeleton className="h-24" />;
  const money = (minor: number) => formatMoney(minor, wallet.currency);
  return (
    <div className="rounded-xl border border-night-600 bg-night-900 px-5 py-4">
      <p className="text-sm text-mist-400">Available to withdraw</p>
      <p className="font-display text-3xl font-bold tabular-nums text-gold-300" data-testid="withdrawable">
        {money(wallet.withdrawable)}
      </p>
      {wallet.bonus > 0 ? (
        <p className="mt-1 text-xs text-mist-400">Bonus money ({money(wallet.bonus)}) can be withdrawn once its wagering is complete.</p>
      ) : null}
      {wallet.pending_withdrawals > 0 ? <p className="mt-1 text-xs text-mist-400">{money(wallet.pending_withdrawals)} is waiting for review.</p> : null}
    </div>
  );
}

function Requested({ withdrawal, onAnother }: { withdrawal: Withdrawal; onAnother: () => void }) {
  return (
    <section role="status" aria-labelledby="withdrawal-requested" className="rounded-xl border border-felt-500/60 bg-felt-500/10 p-5">
      <h2 id="withdrawal-requested" className="font-display text-2xl font-bold text-mist-100">
        Withdrawal of {formatMoney(withdrawal.amount, withdrawal.currency)} requested
      </h2>
      <p className="mt-1 text-sm text-mist-300 [overflow-wrap:anywhere]">Pending review · to {withdrawal.destination}</p>
      <p className="mt-3 text-sm text-mist-100">
        Our team reviews every withdrawal before it is paid, usually within one working day. A withdrawal cannot be cancelled once requested.
      </p>
      <Button variant="ghost" className="mt-4" onClick={onAnother}>
        Request another withdrawal
      </Button>
    </section>
  );
}

function NothingToWithdraw() {
  return (
    <div className="rounded-xl border border-dashed border-night-600 px-5 py-6 text-center">
      <p className="font-semibold text-mist-100">Nothing to withdraw yet</p>
      <p className="mt-1 text-sm text-mist-400">Winnings from your cash balance can be withdrawn here.</p>
      <Link to="/deposit" className="btn btn-primary mt-4">
        Make a deposit
      </Link>
    </div>
  );
}

type Loaded = { kyc: KycStatus; pending: Withdrawal[] };

/** Whether the account may withdraw yet (its verification), and the requests waiting for review. */
async function readWithdrawals(): Promise<Loaded> {
  const [player, pending] = await Promise.all([fetchPlayer(), fetchPendingWithdrawals()]);
  if (!player.ok) throw new Error(player.message);
  if (!pending.ok) throw new Error(pending.message);
  return { kyc: player.body.kyc_status, pending: pending.body.data };
}

/** /withdraw: the withdrawable amount, the request form (once the account is verified) and the requests waiting for review. */
export function WithdrawCashier() {
  const wallet = useWallet(useRootWallet());
  const { methods, problem: methodsProblem } = usePaymentMethods();
  const client = useQueryClient();
  // Read afresh each time the cashier opens, and forgotten when it closes.
  const { data: loaded = null, error } = useQuery({ queryKey: queryKeys.withdrawals, queryFn: readWithdrawals, refetchOnMount: 'always', gcTime: 0 });
  const problem = error && !loaded ? error.message : null;
  const [kycRefusal, setKycRefusal] = useState<string | null>(null);
  const [requested, setRequested] = useState<Withdrawal | null>(null);

  useEffect(() => {
    void refreshWallet();
  }, []);

  async function afterRequest(withdrawal: Withdrawal) {
    setRequested(withdrawal);
    void refreshWallet();
    const pending = await fetchPendingWithdrawals();
    if (pending.ok) client.setQueryData<Loaded>(queryKeys.withdrawals, (current) => current && { ...current, pending: pending.body.data });
  }

  const trouble = problem ?? methodsProblem;
  if (trouble)
    return (
      <p role="alert" className="text-ruby-500">
        {trouble}
      </p>
    );
  if (!loaded || !methods || !wallet) {
    return (
      <div className="space-y-6">
        <Skeleton className="h-24" />
        <CashierSkeleton label="Loading the withdrawal form" />
      </div>
    );
  }
  const kycBlocked = kycRefusal !== null || loaded.kyc !== 'verified';
  return (
    <div className="space-y-8">
      <Withdrawable wallet={wallet} />
      {methods.length === 0 ? (
        <NoPaymentMethods direction="withdrawal" />
      ) : kycBlocked ? (
        <KycNotice status={loaded.kyc === 'verified' ? 'unverified' : loaded.kyc} message={kycRefusal ?? undefined} />
      ) : requested ? (
        <Requested withdrawal={requested} onAnother={() => setRequested(null)} />
      ) : wallet.withdrawable <= 0 ? (
        <NothingToWithdraw />
      ) : (
        <>
          <WithdrawForm
            methods={methods}
            withdrawable={wallet.withdrawable}
            currency={wallet.currency}
            onRequested={(w) => void afterRequest(w)}
            onKycRefused={setKycRefusal}
          />
          <OnChainWithdraw withdrawable={wallet.withdrawable} currency={wallet.currency} onRequested={(w) => void afterRequest(w)} />
        </>
      )}
      <PendingWithdrawals withdrawals={loaded.pending} />
    </div>
  );
}
