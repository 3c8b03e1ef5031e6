import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../../contract/wallet.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { TRANSACTION_STATUS_LABELS, TRANSACTION_TYPE_LABELS } from './transaction-labels.tsx';
import { hasFilters, readTransactionQuery, transactionSearch, type FilterErrors, type TransactionFilters } from './transaction-query.ts';

/**
 * The history's filters. Without JavaScript it is a plain GET form; with it, only the filters that are set go
 * into the address, and the page starts again at 1.
 */
export function TransactionFiltersForm({ filters, errors }: { filters: TransactionFilters; errors: FilterErrors }) {
  const navigate = useNavigate();
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new URLSearchParams([...new FormData(event.currentTarget)].map(([key, value]) => [key, String(value)]));
    void navigate({ search: transactionSearch(readTransactionQuery(values).filters) });
  }
  // Keyed by the applied filters so the fields show what the address says after back and forward.
  const key = transactionSearch(filters);
  return (
    <form
      key={key}
      method="get"
      onSubmit={apply}
      aria-label="Filter transactions"
      className="grid grid-cols-2 gap-3 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
    >
      <SelectField
        label="Type"
        name="type"
        defaultValue={filters.type ?? ''}
        placeholder="All types"
        className="h-11"
        options={TRANSACTION_TYPES.map((type) => ({ value: type, label: TRANSACTION_TYPE_LABELS[type] }))}
      />
      <SelectField
        label="Status"
        name="status"
        defaultValue={filters.status ?? ''}
        placeholder="All statuses"
        className="h-11"
        options={TRANSACTION_STATUSES.map((status) => ({ value: status, label: TRANSACTION_STATUS_LABELS[status] }))}
      />
      {/* Two native date fields do not fit side by side on a phone. */}
      <div className="col-span-2 sm:col-span-1">
        <TextField label="From" name="from" type="date" className="h-11" defaultValue={filters.from ?? ''} error={errors.from} />
      </div>
      <div className="col-span-2 sm:col-span-1">
        <TextField label="To" name="to" type="date" className="h-11" defaultValue={filters.to ?? ''} error={errors.to} />
      </div>
      <div className="col-span-2 flex gap-2 lg:col-span-1">
        <Button type="submit" className="flex-1 lg:flex-none">
          Apply
        </Button>
        {hasFilters(filters) ? (
          <Link to={{ search: '' }} className="btn btn-ghost flex-1 lg:flex-none">
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}
