import type { Transaction, TransactionStatus, TransactionType } from '../../../contract/wallet.ts';

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  bet: 'Bet',
  win: 'Win',
  bonus: 'Bonus',
  adjustment: 'Adjustment',
};

/** A row's label: its type, and for a bet or a win the game's name ("Bet · Lantern Orchard", issue 34 §6). */
export function transactionLabel(row: Pick<Transaction, 'type' | 'game_name'>): string {
  return row.game_name ? `${TRANSACTION_TYPE_LABELS[row.type]} · ${row.game_name}` : TRANSACTION_TYPE_LABELS[row.type];
}

export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  declined: 'Declined',
  paid: 'Paid',
  rejected: 'Rejected',
  refunded: 'Refunded to you',
  charged_back: 'Reversed by your bank',
  reversed: 'Reversed by your bank',
  debt_repaid: 'Covers a reversed deposit',
};

const STATUS_TONES: Record<TransactionStatus, string> = {
  pending: 'border-gold-500/50 bg-gold-400/10 text-gold-300',
  completed: 'border-felt-500/50 bg-felt-500/10 text-felt-500',
  paid: 'border-felt-500/50 bg-felt-500/10 text-felt-500',
  declined: 'border-ruby-500/50 bg-ruby-500/10 text-ruby-500',
  rejected: 'border-ruby-500/50 bg-ruby-500/10 text-ruby-500',
  refunded: 'border-mist-400/50 bg-mist-400/10 text-mist-300',
  charged_back: 'border-ruby-500/50 bg-ruby-500/10 text-ruby-500',
  reversed: 'border-ruby-500/50 bg-ruby-500/10 text-ruby-500',
  debt_repaid: 'border-mist-400/50 bg-mist-400/10 text-mist-300',
};

export function StatusBadge({ status }: { status: TransactionStatus }) {
  return (
    <span className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold ${STATUS_TONES[status]}`}>{TRANSACTION_STATUS_LABELS[status]}</span>
  );
}
