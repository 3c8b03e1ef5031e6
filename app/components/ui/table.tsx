import type { ReactNode } from 'react';

export type Column<Row> = { key: string; header: string; cell: (row: Row) => ReactNode; align?: 'left' | 'right' };

/**
 * A data table that scrolls sideways on narrow screens instead of breaking the layout. `wide` tables (the back
 * office's queues, with their buttons) keep more width before they scroll.
 */
export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  wide = false,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  wide?: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-card border border-night-700">
      <table className={`w-full text-sm ${wide ? 'min-w-[48rem]' : 'min-w-[32rem]'}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-night-800 text-mist-400">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={`px-4 py-2.5 font-medium ${column.align === 'right' ? 'text-right' : 'text-left'}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-night-700">
              {columns.map((column) => (
                <td key={column.key} className={`px-4 py-2.5 ${column.align === 'right' ? 'text-right tabular-nums' : ''}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Page links; the current page is marked for assistive technology. */
export function Pagination({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  if (pages <= 1) return null;
  const numbers = Array.from({ length: pages }, (_, i) => i + 1).filter((n) => n === 1 || n === pages || Math.abs(n - page) <= 1);
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-center gap-1">
      {page > 1 ? (
        <a href={hrefFor(page - 1)} className="btn btn-ghost min-h-0 px-3 py-1.5" rel="prev">
          Previous
        </a>
      ) : null}
      {numbers.map((n, i) => (
        <span key={n} className="flex items-center gap-1">
          {i > 0 && n - (numbers[i - 1] ?? n) > 1 ? <span className="px-1 text-mist-400">…</span> : null}
          <a
            href={hrefFor(n)}
            aria-current={n === page ? 'page' : undefined}
            className={`min-w-9 rounded-lg px-3 py-1.5 text-center text-sm ${n === page ? 'bg-gold-400 font-semibold text-night-950' : 'text-mist-300 hover:bg-night-700'}`}
          >
            {n}
          </a>
        </span>
      ))}
      {page < pages ? (
        <a href={hrefFor(page + 1)} className="btn btn-ghost min-h-0 px-3 py-1.5" rel="next">
          Next
        </a>
      ) : null}
    </nav>
  );
}
