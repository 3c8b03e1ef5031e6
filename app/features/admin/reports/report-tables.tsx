// The reports screen's tables (docs/decisions/0103-operator-reports.md): the grouped figures with their total, and
// deposits and withdrawals by method. Sortable (TanStack Table), scrolling sideways inside their box on a phone.
import {
  type ColumnDef,
  createColumnHelper,
  getCoreRowModel,
  getSortedRowModel,
  type OnChangeFn,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useMemo, useState } from 'react';
import type { PaymentMethodRow, ReportFigures, ReportRow } from '../../../../contract/reports.ts';
import { REPORT_GROUP_LABELS, REPORT_MONEY_FIGURES, type ReportGroup } from '../../../../contract/reports.rules.ts';
import { SortableTable } from '../admin-list.tsx';
import { money } from '../ui.tsx';

/** A table sorted in the browser: the rows are one report's, never paged. */
// biome-ignore lint/suspicious/noExplicitAny: TanStack's own type for a table's columns, each with a value of its own type.
type Columns<T> = ColumnDef<T, any>[];

function useSortedTable<T>(data: T[], columns: Columns<T>, sorting: SortingState, setSorting: OnChangeFn<SortingState>) {
  return useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
}

const row = createColumnHelper<ReportRow>();
const amount = (value: number, currency: string) => <span className="whitespace-nowrap tabular-nums">{money(value, currency)}</span>;
const count = (value: number) => <span className="tabular-nums">{value.toLocaleString('en-US')}</span>;

export function FiguresTable({ rows, totals, group, currency }: { rows: ReportRow[]; totals: ReportFigures; group: ReportGroup; currency: string }) {
  const [sorting, setSorting] = useState<SortingState>(group === 'day' ? [{ id: 'label', desc: false }] : [{ id: 'stakes', desc: true }]);
  const columns = useMemo(
    () => [
      row.accessor('label', {
        header: REPORT_GROUP_LABELS[group],
        cell: (info) => (
          <span className={info.row.original.key === null ? 'italic text-mist-400' : 'font-medium text-mist-100'}>
            {info.getValue()}
            {info.row.original.email ? <span className="block text-xs font-normal text-mist-400">{info.row.original.email}</span> : null}
          </span>
        ),
      }),
      row.accessor('stakes', { header: 'Stakes', cell: (info) => amount(info.getValue(), currency) }),
      row.accessor('wins', { header: 'Wins', cell: (info) => amount(info.getValue(), currency) }),
      row.accessor('ggr', { header: 'GGR', cell: (info) => amount(info.getValue(), currency) }),
      row.accessor('bonus_cost', { header: 'Bonus cost', cell: (info) => amount(info.getValue(), currency) }),
      row.accessor('adjustments_credited', { header: 'Adj. credited', cell: (info) => amount(info.getValue(), currency) }),
      row.accessor('adjustments_debited', { header: 'Adj. debited', cell: (info) => amount(info.getValue(), currency) }),
      row.accessor('ngr', { header: 'NGR', cell: (info) => amount(info.getValue(), currency) }),
      row.accessor('rounds', { header: 'Rounds', cell: (info) => count(info.getValue()) }),
      row.accessor('players', { header: 'Players', cell: (info) => count(info.getValue()) }),
    ],
    [group, currency],
  );
  const table = useSortedTable(rows, columns, sorting, setSorting);
  const total: Record<string, ReactNode> = {
    label: 'Total',
    ...Object.fromEntries(REPORT_MONEY_FIGURES.map((figure) => [figure, amount(totals[figure], currency)])),
    rounds: count(totals.rounds),
    players: count(totals.players),
  };
  return (
    <SortableTable
      table={table}
      caption={`Figures by ${REPORT_GROUP_LABELS[group].toLowerCase()}`}
      minWidth="min-w-[56rem]"
      dense
      footer={
        <tr data-total="true">
          {table.getVisibleLeafColumns().map((column) => (
            <td key={column.id} className="px-3 py-2.5">
              {total[column.id]}
            </td>
          ))}
        </tr>
      }
    />
  );
}

const method = createColumnHelper<PaymentMethodRow>();

export function PaymentsTable({ rows, currency }: { rows: PaymentMethodRow[]; currency: string }) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'deposit_amount', desc: true }]);
  const columns = useMemo(
    () => [
      method.accessor('method', { header: 'Method', cell: (info) => <span className="font-medium text-mist-100">{info.getValue()}</span> }),
      method.accessor('deposits', { header: 'Deposits', cell: (info) => count(info.getValue()) }),
      method.accessor('deposit_amount', { header: 'Deposited', cell: (info) => amount(info.getValue(), currency) }),
      method.accessor('withdrawals', { header: 'Withdrawals', cell: (info) => count(info.getValue()) }),
      method.accessor('withdrawal_amount', { header: 'Withdrawn', cell: (info) => amount(info.getValue(), currency) }),
    ],
    [currency],
  );
  const table = useSortedTable(rows, columns, sorting, setSorting);
  return <SortableTable table={table} caption="Deposits and withdrawals by method" minWidth="min-w-[36rem]" dense />;
}
