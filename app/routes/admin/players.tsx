import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/players';
import type { PlayerRow } from '../../../contract/operators.ts';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { AdminList, FilterForm, type ListColumn } from '../../features/admin/admin-list.tsx';
import { adminLoad, downloadCsv, filtersOf } from '../../features/admin/api.ts';
import { AdminHeading, Badge, dateTime, Loading, Notice } from '../../features/admin/ui.tsx';

const STATUSES = ['active', 'inactive', 'blocked'].map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));
const KYC = ['unverified', 'pending', 'verified', 'rejected'].map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));
const VIP_RANK = { bronze: 0, silver: 1, gold: 2, platinum: 3 } as const;
const VIP = ['bronze', 'silver', 'gold', 'platinum'].map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));
const statusOf = (row: PlayerRow) => (row.blocked ? 'blocked' : row.excluded ? 'excluded' : row.active ? 'active' : 'inactive');
const columns: ListColumn<PlayerRow>[] = [
  {
    key: 'id',
    header: 'ID',
    sortBy: (row) => Number(row.id),
    cell: (row) => (
      <Link className="text-gold-400 hover:underline" to={`/admin/players/${row.id}`}>
        {row.id}
      </Link>
    ),
  },
  { key: 'email', header: 'E-mail', sortBy: (row) => row.email, cell: (row) => row.email },
  { key: 'name', header: 'Name', sortBy: (row) => row.name, cell: (row) => row.name },
  { key: 'country', header: 'Country', sortBy: (row) => row.country, cell: (row) => row.country },
  {
    key: 'status',
    header: 'Status',
    sortBy: statusOf,
    cell: (row) => {
      const status = statusOf(row);
      return <Badge tone={status === 'blocked' ? 'bad' : status === 'excluded' ? 'warn' : status === 'active' ? 'good' : 'neutral'}>{status}</Badge>;
    },
  },
  {
    key: 'kyc',
    header: 'KYC',
    sortBy: (row) => row.kyc_status,
    cell: (row) => <Badge tone={row.kyc_status === 'verified' ? 'good' : 'neutral'}>{row.kyc_status}</Badge>,
  },
  {
    key: 'vip',
    header: 'VIP',
    sortBy: (row) => VIP_RANK[row.vip_tier],
    cell: (row) => <Badge tone={row.vip_tier === 'bronze' ? 'neutral' : 'warn'}>{row.vip_tier}</Badge>,
  },
  { key: 'created_at', header: 'Registered', sortBy: (row) => row.created_at, cell: (row) => dateTime(row.created_at) },
];
/** The search's filters, as the address and the API both name them. */
const FILTERS = ['q', 'status', 'kyc', 'vip', 'country', 'from', 'to'] as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filters = filtersOf(request, FILTERS);
  const query = filters.size ? `?${filters}` : '';
  return { query, players: await adminLoad(request, `/api/admin/players/search?${filters}`) };
}

export function HydrateFallback() {
  return <Loading />;
}

/** Player search with filters (status, KYC, country, registration days, VIP tier), a sortable paginated table (TanStack Table) and CSV export. */
export default function AdminPlayers({ loaderData: { query, players } }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <div className="space-y-5">
      <AdminHeading title="Players">
        <Button variant="ghost" onClick={() => downloadCsv(`/api/admin/players/export${query}`, 'players.csv')}>
          Export CSV
        </Button>
      </AdminHeading>
      <FilterForm label="Search players" className="grid gap-3 rounded-card border border-night-700 bg-night-850 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <TextField label="E-mail, name, phone or ID" name="q" type="search" defaultValue={params.get('q') ?? ''} />
        </div>
        <SelectField label="Status" name="status" defaultValue={params.get('status') ?? ''} placeholder="Any" options={STATUSES} />
        <SelectField label="KYC" name="kyc" defaultValue={params.get('kyc') ?? ''} placeholder="Any" options={KYC} />
        <SelectField label="VIP tier" name="vip" defaultValue={params.get('vip') ?? ''} placeholder="Any" options={VIP} />
        <TextField label="Country" name="country" maxLength={2} placeholder="MT" defaultValue={params.get('country') ?? ''} />
        <TextField label="Registered from" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        <TextField label="Registered to" name="to" type="date" defaultValue={params.get('to') ?? ''} />
        <div className="flex items-end sm:col-span-2 lg:col-span-1">
          <Button type="submit">Search</Button>
        </div>
      </FilterForm>
      {players.error !== null ? (
        <Notice tone="error">{players.error}</Notice>
      ) : (
        <AdminList
          caption="Players"
          rows={players.data}
          columns={columns}
          rowKey={(row) => row.id}
          empty="No players match."
          noun="players"
          paging={{ size: 20 }}
          initialSort={[{ id: 'id', desc: true }]}
          minWidth="min-w-[50rem]"
        />
      )}
    </div>
  );
}
