import { TRANSACTION_STATUSES, TRANSACTION_TYPES, type TransactionStatus, type TransactionType } from '../../../contract/wallet.rules.ts';

// The transaction history's filters and page live in the address, so a view can be shared, reloaded and
// downloaded as it is. Anything the API would refuse is left out here and explained beside its field.

export const TRANSACTIONS_PER_PAGE = 20;

export type TransactionFilters = { type?: TransactionType; status?: TransactionStatus; from?: string; to?: string };
export type FilterErrors = Partial<Record<'from' | 'to', string>>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((candidate) => candidate === value);

export function readTransactionQuery(search: URLSearchParams): { filters: TransactionFilters; page: number; errors: FilterErrors } {
  const filters: TransactionFilters = { type: oneOf(TRANSACTION_TYPES, search.get('type')), status: oneOf(TRANSACTION_STATUSES, search.get('status')) };
  const errors: FilterErrors = {};
  for (const field of ['from', 'to'] as const) {
    const value = search.get(field)?.trim();
    if (!value) continue;
    if (isDay(value)) filters[field] = value;
    else errors[field] = 'Enter a date as YYYY-MM-DD.';
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    errors.to = 'The to date must be on or after the from date.';
    delete filters.to;
  }
  const page = /^[1-9]\d{0,5}$/.test(search.get('page') ?? '') ? Number(search.get('page')) : 1;
  return { filters, page, errors };
}

/** `?type=…&page=…` with only the filters that are set, and the page only past the first; '' when neither. */
export function transactionSearch(filters: TransactionFilters, page = 1): string {
  const query = new URLSearchParams();
  for (const field of ['type', 'status', 'from', 'to'] as const) {
    const value = filters[field];
    if (value) query.set(field, value);
  }
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The CSV download of the same filtered history (every page). */
export function transactionsExportHref(filters: TransactionFilters): string {
  return `/api/player/transactions/export${transactionSearch(filters)}`;
}

export function hasFilters(filters: TransactionFilters): boolean {
  return Boolean(filters.type || filters.status || filters.from || filters.to);
}
