import { flexRender, type Row, type Table } from '@tanstack/react-table';
import type { HTMLAttributes, ReactNode } from 'react';

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
}: {
  table: Table<T>;
  caption: string;
  /** A Tailwind min-width class, e.g. `min-w-[50rem]`. */
  minWidth: string;
  rowProps?: (row: Row<T>) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  dense?: boolean;
  /** Rows after the sorted ones (a total), kept last whatever the sort. */
  footer?: ReactNode;
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
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={!sortable ? undefined : sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                    className={`whitespace-nowrap ${pad} py-2.5 text-left font-medium`}
                  >
                    {sortable ? (
                      <button type="button" className="inline-flex items-center gap-1 hover:text-mist-100" onClick={header.column.getToggleSortingHandler()}>
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}</span>
                      </button>
                    ) : (
                      <span className="sr-only">{flexRender(header.column.columnDef.header, header.getContext()) || header.id}</span>
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
                  <td key={cell.id} className={`${pad} py-2.5 align-middle`}>
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
