import { createColumnHelper, getCoreRowModel, getPaginationRowModel, getSortedRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { PlayerRow } from '../../../contract/operators.ts';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { downloadCsv, useAdminData } from '../../features/admin/api.ts';
import { SortableTable } from '../../features/admin/sortable-table.tsx';
import { AdminHeading, Badge, dateTime, Loading, Notice } from '../../features/admin/ui.tsx';

const STATUSES = ['active', 'inactive', 'blocked'].map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));
const KYC = ['unverified', 'pending', 'verified', 'rejected'].map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));
const VIP_RANK = { bronze: 0, silver: 1, gold: 2, platinum: 3 } as const;
const VIP = ['bronze', 'silver', 'gold', 'platinum'].map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));
const column = createColumnHelper<PlayerRow>();
const columns = [
  column.accessor((row) => Number(row.id), {
    id: 'id',
    header: 'ID',
    cell: (info) => (
      <Link className="text-gold-400 hover:underline" to={`/admin/players/${info.row.original.id}`}>
        {info.row.original.id}
      </Link>
    ),
  }),
  column.accessor('email', { header: 'E-mail' }),
  column.accessor('name', { header: 'Name' }),
  column.accessor('country', { header: 'Country' }),
  column.accessor((row) => (row.blocked ? 'blocked' : row.excluded ? 'excluded' : row.active ? 'active' : 'inactive'), {
    id: 'status',
    header: 'Status',
    cell: (info) => (
      <Badge tone={info.getValue() === 'blocked' ? 'bad' : info.getValue() === 'excluded' ? 'warn' : info.getValue() === 'active' ? 'good' : 'neutral'}>
        {info.getValue()}
      </Badge>
    ),
  }),
  column.accessor('kyc_status', { header: 'KYC', cell: (info) => <Badge tone={info.getValue() === 'verified' ? 'good' : 'neutral'}>{info.getValue()}</Badge> }),
  column.accessor((row) => VIP_RANK[row.vip_tier], {
    id: 'vip',
    header: 'VIP',
    cell: (info) => <Badge tone={info.row.original.vip_tier === 'bronze' ? 'neutral' : 'warn'}>{info.row.original.vip_tier}</Badge>,
  }),
  column.accessor('created_at', { header: 'Registered', cell: (info) => dateTime(info.getValue()) }),
];

/** Player search with filters (status, KYC, country, registration days, VIP tier), a sortable paginated table (TanStack Table) and CSV export. */
export default function AdminPlayers() {
  const [query, setQuery] = useState('');
  const { data, error, loading } = useAdminData<PlayerRow[]>(`/api/admin/players/search${query}`);
  const [sorting, setSorting] = useState<SortingState>([{ id: 'id', desc: true }]);
  const rows = useMemo(() => data ?? [], [data]);
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    initialState: { pagination: { pageSize: 20 } },
  });

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    for (const [key, value] of form) if (typeof value === 'string' && value.trim()) params.set(key, value.trim());
    setQuery(params.size ? `?${params}` : '');
  }

  return (
    <div className="space-y-5">
      <AdminHeading title="Players">
        <Button variant="ghost" onClick={() => downloadCsv(`/api/admin/players/export${query}`, 'players.csv')}>
          Export CSV
        </Button>
      </AdminHeading>
      <form
        onSubmit={search}
        className="grid gap-3 rounded-card border border-night-700 bg-night-850 p-4 sm:grid-cols-2 lg:grid-cols-4"
        aria-label="Search players"
      >
        <div className="sm:col-span-2">
          <TextField label="E-mail, name, phone or ID" name="q" type="search" />
        </div>
        <SelectField label="Status" name="status" defaultValue="" placeholder="Any" options={STATUSES} />
        <SelectField label="KYC" name="kyc" defaultValue="" placeholder="Any" options={KYC} />
        <SelectField label="VIP tier" name="vip" defaultValue="" placeholder="Any" options={VIP} />
        <TextField label="Country" name="country" maxLength={2} placeholder="MT" />
        <TextField label="Registered from" name="from" type="date" />
        <TextField label="Registered to" name="to" type="date" />
        <div className="flex items-end sm:col-span-2 lg:col-span-1">
          <Button type="submit">Search</Button>
        </div>
      </form>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {loading && !data ? (
        <Loading />
      ) : (
        <>
          <SortableTable table={table} caption="Players" minWidth="min-w-[50rem]" />
          {rows.length === 0 ? <Notice>No players match.</Notice> : null}
          <div className="flex items-center justify-between text-sm text-mist-300">
            <span>
              {rows.length} players · page {table.getState().pagination.pageIndex + 1} of {Math.max(1, table.getPageCount())}
            </span>
            <div className="flex gap-2">
              <Button variant="ghost" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
                Previous
              </Button>
              <Button variant="ghost" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
                Next
              </Button>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
