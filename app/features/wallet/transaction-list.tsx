import type { Transaction } from '../../../contract/wallet.ts';
import { Table } from '../../components/ui/table.tsx';
import { formatDay, formatTime } from './dates.ts';
import { SignedAmount } from './signed-amount.tsx';
import { StatusBadge, transactionLabel } from './transaction-labels.tsx';

// Deposit and withdrawal ids are UUIDs; their first block is enough to tell them apart and to quote to support.
/** A UUID (a round, a deposit) by its first group, as support reads it out; a name (a provider's game) whole. */
const shortReference = (reference: string | null) => {
  if (!reference) return '—';
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(reference) ? reference.slice(0, 8) : reference;
};

/** The history as a table on wide screens and as a list of cards on narrow ones, so a phone never scrolls sideways. */
export function TransactionList({ transactions }: { transactions: Transaction[] }) {
  return (
    <>
      <div className="hidden lg:block">
        <Table
          caption="Your transactions"
          rows={transactions}
          rowKey={(row) => row.id}
          columns={[
            {
              key: 'date',
              header: 'Date (UTC)',
              cell: (row) => (
                <span className="whitespace-nowrap">
                  {formatDay(row.created_at)} <span className="text-mist-400">{formatTime(row.created_at)}</span>
                </span>
              ),
            },
            { key: 'type', header: 'Type', cell: (row) => <span className="font-medium text-mist-100">{transactionLabel(row)}</span> },
            { key: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
            {
              key: 'reference',
              header: 'Reference',
              cell: (row) => (
                <span className="inline-block max-w-[16rem] truncate align-bottom font-mono text-xs text-mist-400" title={row.reference_id ?? undefined}>
                  {shortReference(row.reference_id)}
                </span>
              ),
            },
            { key: 'amount', header: 'Amount', align: 'right', cell: (row) => <SignedAmount transaction={row} /> },
          ]}
        />
      </div>
      <ul className="space-y-2 lg:hidden" aria-label="Your transactions">
        {transactions.map((row) => (
          <li key={row.id} className="rounded-xl border border-night-700 bg-night-900 px-4 py-3" data-transaction={row.type}>
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 truncate font-semibold text-mist-100">{transactionLabel(row)}</span>
              <SignedAmount transaction={row} />
            </div>
            <div className="mt-1.5 flex items-center justify-between gap-3 text-xs text-mist-400">
              <span>
                {formatDay(row.created_at)}, {formatTime(row.created_at)} UTC
              </span>
              <StatusBadge status={row.status} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
