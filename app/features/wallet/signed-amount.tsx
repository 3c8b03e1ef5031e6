import type { Transaction } from '../../../contract/wallet.ts';
import { formatMoney } from '../../../contract/money.ts';

/** Whether the money of a history row has left or reached the player's balance (a pending withdrawal is already held). */
function moved({ type, status }: Pick<Transaction, 'type' | 'status'>): boolean {
  return status !== 'pending' ? status !== 'declined' && status !== 'rejected' : type === 'withdrawal';
}

/**
 * A history amount from the player's side: money in green with a plus, money out red with a minus. Money that
 * has not moved (a deposit still pending, anything declined or rejected) is grey, struck through when it never will.
 */
export function SignedAmount({ transaction }: { transaction: Pick<Transaction, 'amount' | 'currency' | 'type' | 'status'> }) {
  const { amount, currency, status } = transaction;
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  const tone = !moved(transaction)
    ? `text-mist-400 ${status === 'declined' || status === 'rejected' ? 'line-through' : ''}`
    : amount > 0
      ? 'text-felt-500'
      : amount < 0
        ? 'text-ruby-500'
        : 'text-mist-300';
  return (
    <span className={`font-semibold whitespace-nowrap tabular-nums ${tone}`}>
      {sign}
      {formatMoney(Math.abs(amount), currency)}
    </span>
  );
}
