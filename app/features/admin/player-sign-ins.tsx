// The player page's sign-ins, devices and linked accounts (issue 33 §1 and §3, docs/decisions/0112): where and on
// what the player signed in, which accounts share something with theirs and why, and the duplicate flag (audited).
import { Card } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { useAdminData } from './api.ts';
import { ActionForm, Rows } from './player-sections.tsx';
import { Badge, dateTime, Loading, Notice, PlayerLink } from './ui.tsx';

const REASON_LABEL: Record<string, string> = {
  device: 'Same device',
  payment: 'Same payment instrument',
  address: 'Same address',
  phone: 'Same phone',
  ip: 'Same IP within a day',
};

/** A user agent cut down to what staff scan for: the browser and system in the first words. */
const agentSummary = (agent: string | null) => (agent ? (agent.length > 60 ? `${agent.slice(0, 57)}…` : agent) : '—');

export function PlayerSignInsSections({ playerId, canFlag }: { playerId: string; canFlag: boolean }) {
  const { data, error, reload } = useAdminData(`/api/admin/players/${playerId}/sign-ins`);
  if (error) return <Notice tone="error">{error}</Notice>;
  if (!data) return <Loading />;
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <Card title="Sign-ins and devices" action={<span className="text-xs text-mist-400">latest {data.sign_ins.length} of up to 50</span>}>
        <Rows empty={data.sign_ins.length === 0}>
          {data.sign_ins.map((row) => (
            <li key={row.id} className="grid gap-1 py-2 sm:grid-cols-[9rem_1fr]" data-testid="sign-in-row">
              <span className="text-mist-100 tabular-nums">{dateTime(row.signed_in_at)}</span>
              <span className="min-w-0 space-y-0.5">
                <span className="block break-all text-mist-100">
                  {row.ip ?? 'IP forgotten'} <span className="text-mist-400">· {row.method}</span>
                </span>
                <span className="block truncate text-xs text-mist-400" title={row.user_agent ?? undefined}>
                  {agentSummary(row.user_agent)}
                </span>
                <span className="block text-xs text-mist-400">
                  device <span className="font-mono">{row.device_id ? `${row.device_id.slice(0, 8)}…` : '—'}</span> ·{' '}
                  {row.ended_at ? `ended ${dateTime(row.ended_at)}` : `last seen ${dateTime(row.last_seen_at)}`}
                </span>
              </span>
            </li>
          ))}
        </Rows>
      </Card>
      <Card title="Linked accounts">
        <div className="space-y-4">
          {data.duplicate ? (
            <Notice tone="error">
              Flagged as a duplicate account on {dateTime(data.duplicate.flagged_at)}: {data.duplicate.reason}. No bonuses, no affiliate commission.
            </Notice>
          ) : null}
          <Rows empty={data.linked.length === 0}>
            {data.linked.map((account) => (
              <li key={account.player_id} className="space-y-1 py-2" data-testid="linked-account">
                <span className="flex flex-wrap items-center gap-2">
                  <PlayerLink id={account.player_id} email={account.email} />
                  {account.duplicate ? <Badge tone="bad">duplicate</Badge> : null}
                </span>
                <span className="flex flex-wrap gap-1.5">
                  {account.reasons.map((reason) => (
                    <span key={reason.reason} title={`found ${dateTime(reason.found_at)}`}>
                      <Badge tone="warn">{REASON_LABEL[reason.reason] ?? reason.reason}</Badge>{' '}
                      <span className="break-all text-xs text-mist-400">{reason.detail}</span>
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </Rows>
          {canFlag ? (
            <ActionForm
              title={data.duplicate ? 'Clear the duplicate flag' : 'Flag as a duplicate account'}
              path={`/api/admin/players/${playerId}/duplicate`}
              method="PUT"
              submit={data.duplicate ? 'Clear flag' : 'Flag as duplicate'}
              reload={reload}
              toBody={(form) => ({ duplicate: !data.duplicate, reason: String(form.get('reason') ?? '') })}
            >
              <TextField label="Reason (kept in the audit log)" name="reason" maxLength={500} />
            </ActionForm>
          ) : null}
        </div>
      </Card>
    </div>
  );
}
