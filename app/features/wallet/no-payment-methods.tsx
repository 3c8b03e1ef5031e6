import { Link } from 'react-router';

const COPY = {
  deposit: {
    title: 'No payment method is available right now',
    body: 'Deposits are paused for the moment, so there is nothing to pay with yet. Please come back a little later.',
  },
  withdrawal: {
    title: 'No payment method is available right now',
    body: 'Withdrawals are paused for the moment. Your balance stays safe, and requests you already made are still reviewed.',
  },
} as const;

/** The cashier when the site offers no payment method at all: said plainly, instead of an empty form. */
export function NoPaymentMethods({ direction }: { direction: 'deposit' | 'withdrawal' }) {
  const copy = COPY[direction];
  return (
    <section
      role="status"
      aria-labelledby="no-payment-methods"
      className="rounded-xl border border-dashed border-night-600 bg-night-900/60 px-5 py-8 text-center"
    >
      <svg viewBox="0 0 48 48" className="mx-auto h-12 w-12 text-mist-400" aria-hidden="true">
        <rect x="5" y="11" width="38" height="26" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M5 19h38" stroke="currentColor" strokeWidth="4" />
        <path d="M12 30h9" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        <path d="M33 27l6 6m0-6l-6 6" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <h2 id="no-payment-methods" className="mt-3 font-display text-xl font-bold text-mist-100">
        {copy.title}
      </h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-mist-300">{copy.body}</p>
      <Link to="/" className="btn btn-ghost mt-5">
        Back to the games
      </Link>
    </section>
  );
}
