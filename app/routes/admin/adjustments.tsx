import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/adjustments';
import type { Adjustment } from '../../../contract/operators.ts';
import { Button } from '../../components/ui/button.tsx';
import { AdminList } from '../../features/admin/admin-list.tsx';
import { adminApi, adminLoad } from '../../features/admin/api.ts';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, Badge, dateTime, Loading, money, Notice, PlayerLink } from '../../features/admin/ui.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, '/api/admin/adjustments');
}

export function HydrateFallback() {
  return <Loading />;
}

/** Balance adjustments: another staff member approves what one requested (four-eyes). */
export default function AdminAdjustments({ loaderData: adjustments }: Route.ComponentProps) {
  const me = useStaff();
  const revalidator = useRevalidator();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const canDecide = hasPermission(me, 'adjustments.decide');
  async function decide(row: Adjustment, decision: 'approve' | 'reject') {
    const result = await adminApi('POST', `/api/admin/adjustments/${row.id}/${decision}`);
    setOutcome(result.ok ? { tone: 'success', text: `Adjustment ${result.body.data.status}.` } : { tone: 'error', text: result.message });
    await revalidator.revalidate();
  }
  return (
    <div className="space-y-5">
      <AdminHeading title="Balance adjustments" />
      <p className="text-sm text-mist-300">Request an adjustment from a player’s page. It moves money only when another staff member approves it.</p>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {adjustments.error !== null ? (
        <Notice tone="error">{adjustments.error}</Notice>
      ) : (
        <AdminList
          caption="Balance adjustments"
          rows={adjustments.data}
          rowKey={(row) => row.id}
          empty="No adjustments yet."
          columns={[
            {
              key: 'requested',
              header: 'Requested',
              cell: (row) => (
                <>
                  {dateTime(row.created_at)}
                  <span className="block text-xs text-mist-400">by staff {row.requested_by}</span>
                </>
              ),
            },
            { key: 'player', header: 'Player', cell: (row) => <PlayerLink id={row.player_id} name={row.player_name} email={row.player_email} /> },
            { key: 'reason', header: 'Reason', cell: (row) => row.reason },
            { key: 'amount', header: 'Amount', align: 'right', cell: (row) => money(row.amount, row.currency) },
            {
              key: 'status',
              header: 'Status',
              cell: (row) => (
                <Badge tone={row.status === 'approved' ? 'good' : row.status === 'rejected' ? 'bad' : 'warn'}>{row.status.replace('_', ' ')}</Badge>
              ),
            },
            {
              key: 'decision',
              header: 'Decision',
              cell: (row) =>
                row.status === 'pending_approval' && canDecide ? (
                  row.requested_by === me.id ? (
                    <span className="text-xs text-mist-400">Awaiting another staff member</span>
                  ) : (
                    <div className="flex gap-2">
                      <Button className="px-3 py-1.5 text-sm" onClick={() => decide(row, 'approve')}>
                        Approve
                      </Button>
                      <Button variant="ghost" className="px-3 py-1.5 text-sm" onClick={() => decide(row, 'reject')}>
                        Reject
                      </Button>
                    </div>
                  )
                ) : (
                  <span className="text-xs text-mist-400">{row.decided_by ? (row.decided_by_email ?? `staff ${row.decided_by}`) : '—'}</span>
                ),
            },
          ]}
        />
      )}
    </div>
  );
}
