import { useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import type { Route } from './+types/withdrawals';
import type { AdminWithdrawalRow } from '../../../contract/operators.ts';
import { Button } from '../../components/ui/button.tsx';
import { AdminList, type ListColumn } from '../../features/admin/admin-list.tsx';
import { adminApi, adminLoad } from '../../features/admin/api.ts';
import { ReasonDialog } from '../../features/admin/reason-dialog.tsx';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, Badge, ChoiceGroup, dateTime, Loading, money, Notice, PlayerLink } from '../../features/admin/ui.tsx';

/**
 * The player's risk hints as compact badges (issue 18): how they paid in, net deposits, bonus record, account age
 * and KYC, and a compliance hold. Amber or red marks what deserves a second look: a withdrawal above what was put
 * in, forfeited bonuses, a bonus still running, a new account, an unverified identity, a hold.
 */
function RiskHints({ row }: { row: AdminWithdrawalRow }) {
  const { risk } = row;
  const bonus = risk.bonuses;
  return (
    <ul className="flex min-w-[12rem] max-w-[17rem] flex-wrap gap-1" aria-label={`Risk hints for player ${row.player_id}`} data-testid="risk-hints">
      {risk.deposit_methods.length === 0 ? (
        <li>
          <Badge tone="bad">no deposits</Badge>
        </li>
      ) : (
        risk.deposit_methods.map((method) => (
          <li key={method}>
            <Badge>{method}</Badge>
          </li>
        ))
      )}
      <li>
        <Badge tone={risk.net_deposits < row.amount ? 'warn' : 'neutral'}>net {money(risk.net_deposits, row.currency)}</Badge>
      </li>
      <li>
        <Badge tone={bonus.forfeited > 0 ? 'bad' : bonus.active > 0 ? 'warn' : 'neutral'}>
          {bonus.total === 0
            ? 'no bonuses'
            : [
                `${bonus.total} bonus${bonus.total === 1 ? '' : 'es'}`,
                bonus.active ? `${bonus.active} open` : '',
                bonus.forfeited ? `${bonus.forfeited} forfeited` : '',
              ]
                .filter(Boolean)
                .join(', ')}
        </Badge>
      </li>
      <li>
        <Badge tone={risk.account_age_days < 7 ? 'warn' : 'neutral'}>{risk.account_age_days} d old</Badge>
      </li>
      <li>
        <Badge tone={risk.kyc_status === 'verified' ? 'good' : 'bad'}>KYC {risk.kyc_status}</Badge>
      </li>
      {risk.compliance_hold ? (
        <li>
          <Link to={`/admin/players/${row.player_id}`} title="An open compliance alert holds this player's withdrawals">
            <Badge tone="bad">Compliance hold</Badge>
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

/** Whether a pending request is past the review time its player's VIP tier promised. */
const overdue = (row: AdminWithdrawalRow, at: number) => row.status === 'pending' && row.review_due_at !== null && new Date(row.review_due_at).getTime() < at;

const STATUSES = ['pending', 'paid', 'rejected'] as const;
type Status = (typeof STATUSES)[number];
/** The queue shown: the address's `status`, pending unless it names another. */
const statusOf = (params: URLSearchParams): Status => STATUSES.find((status) => status === params.get('status')) ?? 'pending';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const status = statusOf(new URL(request.url).searchParams);
  return { status, withdrawals: await adminLoad(request, `/api/admin/withdrawals?status=${status}`) };
}

export function HydrateFallback() {
  return <Loading />;
}

/**
 * The withdrawals queue: approve or reject; above the four-eyes threshold a second staff member pays. Pending
 * requests come in the order their VIP review times run out (decision 0066), overdue ones marked.
 */
export default function AdminWithdrawals({ loaderData: { status, withdrawals } }: Route.ComponentProps) {
  const me = useStaff();
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const canDecide = hasPermission(me, 'withdrawals.decide');
  const [shownAt] = useState(() => Date.now());
  /** The request whose rejection waits for its confirmation and reason. */
  const [rejecting, setRejecting] = useState<AdminWithdrawalRow | null>(null);

  async function approve(row: AdminWithdrawalRow) {
    const result = await adminApi('POST', `/api/admin/withdrawals/${row.id}/approve`, {});
    if (!result.ok) setOutcome({ tone: 'error', text: result.message });
    else if (result.status === 202) setOutcome({ tone: 'success', text: 'First approval recorded. Another staff member must approve it to pay it.' });
    else setOutcome({ tone: 'success', text: `Withdrawal ${result.body.data.status}.` });
    await revalidator.revalidate();
  }

  const columns: ListColumn<AdminWithdrawalRow>[] = [
    { key: 'requested', header: 'Requested', cell: (row) => dateTime(row.created_at) },
    ...(status === 'pending'
      ? [
          {
            key: 'review',
            header: 'Review by',
            cell: (row: AdminWithdrawalRow) => (
              <>
                <span data-testid="review-by">{row.review_due_at ? dateTime(row.review_due_at) : 'No tier time'}</span>
                {overdue(row, shownAt) ? (
                  <span className="ml-2">
                    <Badge tone="bad">Overdue</Badge>
                  </span>
                ) : null}
              </>
            ),
          },
        ]
      : []),
    { key: 'player', header: 'Player', cell: (row) => <PlayerLink id={row.player_id} name={row.player_name} email={row.player_email} /> },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      cell: (row) => (
        <>
          {money(row.amount, row.currency)}
          <span className="block text-xs text-mist-400">{row.method.replace('sandbox-', '')}</span>
        </>
      ),
    },
    { key: 'risk', header: 'Risk hints', cell: (row) => <RiskHints row={row} /> },
    {
      key: 'control',
      header: 'Control',
      cell: (row) =>
        row.status !== 'pending' ? (
          <Badge tone={row.status === 'paid' ? 'good' : 'bad'}>
            {row.status === 'paid' ? (row.four_eyes ? 'Paid after 2 approvals' : 'Paid after 1 approval') : 'Rejected'}
          </Badge>
        ) : row.four_eyes ? (
          <Badge tone="warn">
            {row.first_approval_by ? `1 of 2 approvals (${row.first_approval_email ?? `staff ${row.first_approval_by}`})` : 'Needs 2 approvals'}
          </Badge>
        ) : (
          <Badge>1 approval</Badge>
        ),
    },
    ...(status === 'pending' && canDecide
      ? [
          {
            key: 'decision',
            header: 'Decision',
            cell: (row: AdminWithdrawalRow) => (
              <div className="flex flex-wrap gap-2">
                <Button
                  className="px-3 py-1.5 text-sm"
                  onClick={() => approve(row)}
                  disabled={row.risk.compliance_hold}
                  title={row.risk.compliance_hold ? 'Held by compliance: it can be approved once compliance closes the alert.' : undefined}
                  aria-label={`Approve withdrawal of ${money(row.amount, row.currency)}`}
                >
                  Approve
                </Button>
                <Button
                  variant="ghost"
                  className="px-3 py-1.5 text-sm"
                  onClick={() => {
                    setOutcome(null);
                    setRejecting(row);
                  }}
                  aria-label={`Reject withdrawal of ${money(row.amount, row.currency)}`}
                >
                  Reject…
                </Button>
              </div>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="space-y-5">
      <AdminHeading title="Withdrawals">
        <ChoiceGroup
          label="Status"
          value={status}
          choices={STATUSES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))}
          onChoose={(value) => setSearchParams({ status: value }, { preventScrollReset: true })}
        />
      </AdminHeading>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {withdrawals.error !== null ? (
        <Notice tone="error">{withdrawals.error}</Notice>
      ) : (
        <AdminList caption="Withdrawals" rows={withdrawals.data} columns={columns} rowKey={(row) => row.id} empty={`No ${status} withdrawals.`} />
      )}
      {rejecting ? (
        <ReasonDialog
          title="Reject withdrawal"
          effect={`Reject the withdrawal of ${money(rejecting.amount, rejecting.currency)} (${rejecting.method.replace('sandbox-', '')}) asked by player ${rejecting.player_id} on ${dateTime(rejecting.created_at)}? Nothing is paid out: the amount goes back to the player’s cash balance.`}
          confirm="Reject withdrawal"
          send={(reason) => adminApi('POST', `/api/admin/withdrawals/${rejecting.id}/reject`, { reason })}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null);
            setOutcome({ tone: 'success', text: 'Withdrawal rejected.' });
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </div>
  );
}
