import type { AdminProviders } from '../../../contract/providers.ts';
import { useAdminData } from '../../features/admin/api.ts';
import { ProviderConnection } from '../../features/admin/providers/connection.tsx';
import { ProviderGames } from '../../features/admin/providers/provider-games.tsx';
import { ProviderReconciliation } from '../../features/admin/providers/reconciliation.tsx';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, Loading, Notice } from '../../features/admin/ui.tsx';

/** Game aggregators (Hub88): the connection and its games for games.manage; the day's reconciliation for reports.read. */
function ConnectionAndGames() {
  const { data, error, reload } = useAdminData<AdminProviders>('/api/admin/providers');
  if (error) return <Notice tone="error">{error}</Notice>;
  if (!data) return <Loading />;
  return (
    <>
      <ProviderConnection status={data.status} onSynced={reload} />
      <ProviderGames data={data} reload={reload} />
    </>
  );
}

export default function AdminProvidersScreen() {
  const me = useStaff();
  return (
    <div className="space-y-10">
      <AdminHeading title="Providers" />
      {hasPermission(me, 'games.manage') ? <ConnectionAndGames /> : null}
      {hasPermission(me, 'reports.read') ? <ProviderReconciliation /> : null}
    </div>
  );
}
