import { useRevalidator } from 'react-router';
import type { Route } from './+types/providers';
import type { AdminProviders } from '../../../contract/providers.ts';
import { adminLoad, type Loaded } from '../../features/admin/api.ts';
import { ProviderConnection } from '../../features/admin/providers/connection.tsx';
import { ProviderGames } from '../../features/admin/providers/provider-games.tsx';
import { ProviderReconciliation, reconciliationQuery } from '../../features/admin/providers/reconciliation.tsx';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, Loading, Notice } from '../../features/admin/ui.tsx';

// Both parts are read at once; a part the member's role does not open is refused (403) and not shown.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = reconciliationQuery(new URL(request.url).searchParams);
  const [providers, reconciliation] = await Promise.all([
    adminLoad(request, '/api/admin/providers'),
    adminLoad(request, `/api/admin/providers/reconciliation?${query}`),
  ]);
  return { providers, reconciliation };
}

export function HydrateFallback() {
  return <Loading />;
}

/** Game aggregators (Hub88): the connection and its games for games.manage; the day's reconciliation for reports.read. */
function ConnectionAndGames({ providers: { data, error } }: { providers: Loaded<AdminProviders> }) {
  const revalidator = useRevalidator();
  if (error !== null) return <Notice tone="error">{error}</Notice>;
  const reload = () => void revalidator.revalidate();
  return (
    <>
      <ProviderConnection status={data.status} onSynced={reload} />
      <ProviderGames data={data} reload={reload} />
    </>
  );
}

export default function AdminProvidersScreen({ loaderData: { providers, reconciliation } }: Route.ComponentProps) {
  const me = useStaff();
  return (
    <div className="space-y-10">
      <AdminHeading title="Providers" />
      {hasPermission(me, 'games.manage') ? <ConnectionAndGames providers={providers} /> : null}
      {hasPermission(me, 'reports.read') ? <ProviderReconciliation reconciliation={reconciliation} /> : null}
    </div>
  );
}
