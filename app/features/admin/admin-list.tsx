import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type Row,
  type RowData,
  type SortingState,
  type Table,
  useReactTable,
} from '@tanstack/react-table';
import { type FormEvent, type HTMLAttributes, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import type { ListPage } from './api.ts';
import { Notice } from './ui.tsx';

// The console's one list (issue 27 §4): the rows a screen's loader read, sortable by their headers, paged in the
// browser or by the API (the page in the address), with the filters in the address's search parameters so that a
// reload, a shared link or Back shows the same list. The loader reads; this draws; nothing here fetches.

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** A header for assistive technology only (an actions column). Unset, a column that does not sort has one. */
    quiet?: boolean;
    align?: 'left' | 'right';
  }
}

/**
 * A TanStack table drawn the console's way: column headers that sort (announced with aria-sort), a header
 * without a sort (an actions column) read by assistive technology only, and sideways scrolling on narrow screens.
 */
export function SortableTable<T>({
  table,
  caption,
  minWidth,
  rowProps,
  dense = false,
  footer,
  wrapPlainHeaders = false,
}: {
  table: Table<T>;
  caption: string;
  /** A Tailwind min-width class, e.g. `min-w-[50rem]`. */
  minWidth: string;
  rowProps?: (row: Row<T>) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  dense?: boolean;
  /** Rows after the sorted ones (a total), kept last whatever the sort. */
  footer?: ReactNode;
  /** Headers without a sort may wrap, leaving the width to the cells (the console's plain lists). */
  wrapPlainHeaders?: boolean;
}) {
  const pad = dense ? 'px-3' : 'px-4';
  return (
    // relative: the screen-reader-only header of an actions column is positioned absolutely; without a positioned
    // ancestor inside the scroller it escapes the scrolling and widens the page on a phone.
    <div className="relative overflow-x-auto rounded-card border border-night-700">
      <table className={`w-full text-sm ${minWidth}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-night-800 text-mist-400">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const sortable = header.column.getCanSort();
                const meta = header.column.columnDef.meta;
                const quiet = meta?.quiet ?? !sortable;
                const title = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={!sortable ? undefined : sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                    className={`${sortable || !wrapPlainHeaders ? 'whitespace-nowrap' : ''} ${pad} py-2.5 font-medium ${meta?.align === 'right' ? 'text-right' : 'text-left'}`}
                  >
                    {sortable ? (
                      <button type="button" className="inline-flex items-center gap-1 hover:text-mist-100" onClick={header.column.getToggleSortingHandler()}>
                        {title}
                        <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}</span>
                      </button>
                    ) : quiet ? (
                      <span className="sr-only">{title || header.id}</span>
                    ) : (
                      title
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const props = rowProps?.(row) ?? {};
            return (
              <tr key={row.id} {...props} className={`border-t border-night-700 ${props.className ?? ''}`}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={`${pad} py-2.5 align-middle ${cell.column.columnDef.meta?.align === 'right' ? 'text-right tabular-nums' : ''}`}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
        {footer ? <tfoot className="border-t-2 border-night-600 bg-night-800 font-semibold text-mist-100">{footer}</tfoot> : null}
      </table>
    </div>
  );
}

/** A column of an AdminList. */
export type ListColumn<Row> = {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** What the column sorts by; a column without it does not sort. */
  sortBy?: (row: Row) => string | number;
  /** An actions column: its header is for assistive technology only. */
  quiet?: boolean;
};

/** A cards-only list's columns: one array, so the table's column definitions are not rebuilt on every render. */
const NO_COLUMNS: never[] = [];

/** How the list is paged: in the browser (`size` rows a page), or by the API (its page's meta; the page in the address). */
type Paging = { size: number } | { meta: ListPage<unknown>['meta'] };

export function AdminList<Row>({
  caption,
  rows,
  columns = NO_COLUMNS,
  rowKey,
  empty,
  noun,
  paging,
  initialSort = [],
  minWidth = 'min-w-[48rem]',
  rowProps,
  cards,
  dense = false,
}: {
  caption: string;
  rows: Row[];
  /** The table's columns; without any, the rows are drawn only as `cards`, at every width. */
  columns?: ListColumn<Row>[];
  rowKey: (row: Row) => string;
  /** What an empty list says (a Notice in place of the table). */
  empty: ReactNode;
  /** The pager line's count, e.g. "players" in "12 players · page 1 of 1". */
  noun?: string;
  paging?: Paging;
  initialSort?: SortingState;
  minWidth?: string;
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  /**
   * A phone's list: each row as a card below the `sm` (or `md`) breakpoint, where the table's columns would not fit;
   * the only list when there are no columns (rows too rich for a table's cells, such as an affiliate's statement).
   */
  cards?: { label: string; card: (row: Row) => ReactNode; below?: 'sm' | 'md' /** The cards' own layout (a grid) in place of a column. */; layout?: string };
  /** Narrower cell padding, for wide tables of many columns. */
  dense?: boolean;
}) {
  const [sorting, setSorting] = useState<SortingState>(initialSort);
  const defs = useMemo(
    () =>
      columns.map(
        (column): ColumnDef<Row, string | number | null> => ({
          id: column.key,
          header: column.header,
          accessorFn: column.sortBy ?? (() => null),
          enableSorting: Boolean(column.sortBy),
          cell: (info) => column.cell(info.row.original),
          meta: { quiet: column.quiet ?? false, align: column.align },
        }),
      ),
    [columns],
  );
  const browserPaged = paging && 'size' in paging;
  const table = useReactTable({
    data: rows,
    columns: defs,
    getRowId: rowKey,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    ...(browserPaged ? { getPaginationRowModel: getPaginationRowModel(), initialState: { pagination: { pageIndex: 0, pageSize: paging.size } } } : {}),
  });
  const busy = useListLoading();
  const [, setSearchParams] = useSearchParams();

  // An empty list needs no pager, unless the API's page is past the first (rows removed since): its Previous leads back.
  const pageless = !paging || (rows.length === 0 && ('size' in paging || paging.meta.current_page <= 1));
  const pager = pageless ? null : 'size' in paging ? (
    <PageLine
      label={`${rows.length} ${noun} · page ${table.getState().pagination.pageIndex + 1} of ${Math.max(1, table.getPageCount())}`}
      previous={table.getCanPreviousPage() ? () => table.previousPage() : null}
      next={table.getCanNextPage() ? () => table.nextPage() : null}
    />
  ) : (
    <PageLine
      label={`${paging.meta.total} ${noun} · page ${paging.meta.current_page} of ${paging.meta.last_page}`}
      previous={paging.meta.current_page > 1 ? () => setSearchParams(pageTo(paging.meta.current_page - 1), { preventScrollReset: true }) : null}
      next={paging.meta.current_page < paging.meta.last_page ? () => setSearchParams(pageTo(paging.meta.current_page + 1), { preventScrollReset: true }) : null}
    />
  );

  return (
    <div className={`space-y-5 transition-opacity ${busy ? 'opacity-60' : ''}`} aria-busy={busy || undefined}>
      {rows.length === 0 ? (
        <Notice>{empty}</Notice>
      ) : (
        <>
          {columns.length > 0 ? (
            <div className={!cards ? undefined : cards.below === 'md' ? 'hidden md:block' : 'hidden sm:block'}>
              <SortableTable
                table={table}
                caption={caption}
                minWidth={minWidth}
                rowProps={rowProps ? (row) => rowProps(row.original) : undefined}
                dense={dense}
                wrapPlainHeaders
              />
            </div>
          ) : null}
          {cards ? (
            <ul
              className={`${cards.layout ?? 'space-y-3'} ${columns.length === 0 ? '' : cards.below === 'md' ? 'md:hidden' : 'sm:hidden'}`}
              aria-label={cards.label}
            >
              {table.getRowModel().rows.map((row) => (
                <li key={row.id}>{cards.card(row.original)}</li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      {pager}
    </div>
  );
}

/** The address's search parameters with the list on `page`. */
const pageTo = (page: number) => (current: URLSearchParams) => {
  const next = new URLSearchParams(current);
  next.set('page', String(page));
  return next;
};

function PageLine({ label, previous, next }: { label: string; previous: (() => void) | null; next: (() => void) | null }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-mist-300">
      <span>{label}</span>
      <div className="flex gap-2">
        <Button variant="ghost" onClick={() => previous?.()} disabled={!previous}>
          Previous
        </Button>
        <Button variant="ghost" onClick={() => next?.()} disabled={!next}>
          Next
        </Button>
      </div>
    </div>
  );
}

/** Whether this screen's loader is reading again for new filters or a new page (the old rows stay, dimmed). */
export function useListLoading(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === 'loading' && navigation.location.pathname === location.pathname;
}

/**
 * A list's filter form: on submit its filled fields become the address's search parameters (the list back on its
 * first page, `keep` kept), which runs the screen's loader. The fields start from, and follow, the address.
 */
export function FilterForm({
  label,
  keep = [],
  defaults = {},
  className,
  children,
}: {
  label: string;
  keep?: readonly string[];
  /** What a field shows when the address names no value for it (the loader's own default, e.g. today). */
  defaults?: Record<string, string>;
  className: string;
  children: ReactNode;
}) {
  const [params, setSearchParams] = useSearchParams();
  const form = useRef<HTMLFormElement>(null);
  // Back and Forward change the address under the form: its uncontrolled fields are set to what the list shows.
  useEffect(() => {
    for (const element of Array.from(form.current?.elements ?? [])) {
      if ((element instanceof HTMLInputElement || element instanceof HTMLSelectElement) && element.name)
        element.value = params.get(element.name) ?? defaults[element.name] ?? '';
    }
    // The defaults are the loader's and do not change while the form is shown; only the address does.
  }, [params]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const key of keep) {
      const value = params.get(key);
      if (value) next.set(key, value);
    }
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === 'string' && value.trim()) next.set(key, value.trim());
    setSearchParams(next, { preventScrollReset: true });
  }
  return (
    <form ref={form} onSubmit={submit} aria-label={label} className={className}>
      {children}
    </form>
  );
}
