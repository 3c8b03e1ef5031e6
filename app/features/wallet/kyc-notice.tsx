import { Link } from 'react-router';
import type { KycStatus } from '../../../contract/accounts.ts';
import { KYC_MESSAGE } from '../../../contract/wallet.rules.ts';

const NEXT_STEP: Record<KycStatus, string> = {
  unverified: 'Verify your identity once to unlock withdrawals: upload a photo ID and a proof of address.',
  pending: 'We are checking your documents. Withdrawals unlock as soon as your account is verified.',
  rejected: 'We could not accept your last documents. Please upload new ones to unlock withdrawals.',
  verified: '',
};

/** Why a withdrawal cannot be requested yet, and where to fix it (SPEC.md §2: the kyc error's "Go to verification"). */
export function KycNotice({ status, message = KYC_MESSAGE }: { status: KycStatus; message?: string }) {
  return (
    <section role="alert" className="rounded-xl border border-gold-500/60 bg-gold-400/10 p-5">
      <div className="flex items-start gap-4">
        <svg viewBox="0 0 32 32" className="h-9 w-9 shrink-0 text-gold-400" aria-hidden="true">
          <path d="M16 3l11 4v8c0 7-4.7 12.2-11 14-6.3-1.8-11-7-11-14V7z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          <path d="M16 10v7m0 4.5v.5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        <div className="min-w-0 space-y-2">
          <p className="font-semibold text-mist-100">{message}</p>
          {NEXT_STEP[status] ? <p className="text-sm text-mist-300">{NEXT_STEP[status]}</p> : null}
          <Link to="/account/verification" className="btn btn-primary mt-1">
            Go to verification
          </Link>
        </div>
      </div>
    </section>
  );
}
