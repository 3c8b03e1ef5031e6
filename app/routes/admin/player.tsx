import { useRevalidator } from 'react-router';
import type { Route } from './+types/player';
import { Card } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { adminLoad } from '../../features/admin/api.ts';
import { RoundsSection } from '../../features/admin/player-rounds.tsx';
import { ActionForm, BonusesSection, Facts, LimitsSection, LoyaltySection, Rows, standingOf } from '../../features/admin/player-sections.tsx';
import { PlayerDocuments } from '../../features/admin/kyc-documents.tsx';
import { PlayerSignInsSections } from '../../features/admin/player-sign-ins.tsx';
import { PlayerCompliance } from '../../features/admin/compliance/player-compliance.tsx';
import { PlayerAffiliate } from '../../features/admin/affiliates/player-affiliate.tsx';
import { AdjustmentAction, BlockAction } from '../../features/admin/player-actions.tsx';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, Badge, dateTime, Loading, money, Notice } from '../../features/admin/ui.tsx';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad(request, `/api/admin/players/${params.id}`);
}

export function HydrateFallback() {
  return <Loading />;
}

/**
 * A player's page (issue 18): standing, profile and balances, identity documents, game rounds with fairness data,
 * bonuses, limits and exclusions, loyalty and VIP, then money history, messages, notes and sign-ins, each with the
 * actions the staff member's role allows. The sections live in app/features/admin/player-sections.tsx and
 * player-rounds.tsx. The loader reads the player, and reads it again after every action. The documents, compliance
 * and sign-ins sections read their own data (TanStack Query): the first two are shown to some roles only, and each
 * read of the sign-ins is written to the audit log, so it is not repeated after every other action.
 */
export default function AdminPlayer({ loaderData: player, params: { id } }: Route.ComponentProps) {
  const me = useStaff();
  const revalidator = useRevalidator();
  if (player.error !== null) return <Notice tone="error">{player.error}</Notice>;
  const data = player.data;
  const reload = () => void revalidator.revalidate();
  const { profile, wallet } = data;
  const standing = standingOf(data);
  const can = (permission: string) => hasPermission(me, permission);
  return (
    // Keyed by the player: another player's page (a linked account) starts with its forms and outcomes fresh.
    <div key={id} className="space-y-5">
      <AdminHeading title={`${profile.name} ${profile.surname}`}>
        <span data-testid="player-standing">
          <Badge tone={standing.tone}>{standing.until ? `${standing.label} until ${dateTime(standing.until)}` : standing.label}</Badge>
        </span>
        <Badge tone={profile.kyc_status === 'verified' ? 'good' : 'neutral'}>KYC {profile.kyc_status}</Badge>
        <Badge tone={data.vip.tier.slug === 'bronze' ? 'neutral' : 'warn'}>VIP {data.vip.tier.name}</Badge>
      </AdminHeading>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title="Profile" className="lg:col-span-2">
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {[
              ['ID', profile.id],
              ['E-mail', profile.email],
              ['Phone', profile.phone],
              ['Birthdate', profile.birthdate],
              ['Address', `${profile.address1}, ${profile.postcode} ${profile.city}, ${profile.country}`],
              ['Registered', dateTime(profile.created_at)],
              ['Last sign-in', dateTime(profile.last_login_at)],
              ['Registration IP', profile.registration_ip ?? '—'],
            ].map(([label, value]) => (
              <div key={label} className="flex gap-2">
                <dt className="w-32 shrink-0 text-mist-400">{label}</dt>
                <dd className="break-all text-mist-100">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <div className="space-y-4">
          <Card title="Balances">
            <Facts
              items={[
                ['Cash', money(wallet.cash, wallet.currency)],
                ['Bonus', money(wallet.bonus, wallet.currency)],
                ['Pending withdrawals', money(wallet.pending_withdrawals, wallet.currency)],
                ['Net deposits (lifetime)', money(wallet.net_deposits.lifetime, wallet.currency)],
                ['Net deposits (this month)', money(wallet.net_deposits.this_month, wallet.currency)],
              ]}
            />
          </Card>
          {can('affiliates.read') ? <PlayerAffiliate playerId={id} affiliate={data.affiliate} canManage={can('affiliates.manage')} reload={reload} /> : null}
        </div>
      </div>
      <RoundsSection rounds={data.rounds} />
      <PlayerDocuments playerId={id} />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <BonusesSection data={data} id={id} canGrant={can('bonuses.manage')} reload={reload} />
        <LimitsSection data={data} id={id} canManage={can('limits.manage')} reload={reload} />
      </div>
      <Card title="Actions">
        <div className="grid gap-6 md:grid-cols-2">
          {can('players.block') ? <BlockAction profile={profile} reload={reload} /> : null}
          {can('messages.send') ? (
            <ActionForm
              title="Send a message"
              path="/api/admin/messages"
              method="POST"
              submit="Send"
              reload={reload}
              toBody={(form) => ({ player_id: id, subject: String(form.get('subject') ?? ''), body: String(form.get('body') ?? '') })}
            >
              <TextField label="Subject" name="subject" maxLength={150} />
              <TextField label="Message" name="body" maxLength={5000} />
            </ActionForm>
          ) : null}
          {can('adjustments.request') ? <AdjustmentAction profile={profile} currency={wallet.currency} reload={reload} /> : null}
          {can('players.notes') ? (
            <ActionForm
              title="Add a staff note"
              path={`/api/admin/players/${id}/notes`}
              method="POST"
              submit="Add note"
              reload={reload}
              toBody={(form) => ({ body: String(form.get('body') ?? '') })}
            >
              <TextField label="Note" name="body" maxLength={2000} />
            </ActionForm>
          ) : null}
        </div>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <LoyaltySection data={data} id={id} canAdjust={can('loyalty.manage')} reload={reload} />
        <Card title="Transactions">
          <Rows empty={data.transactions.length === 0}>
            {data.transactions.map((row) => (
              <li key={row.id} className="flex justify-between gap-3 py-2">
                <span>
                  <span className="capitalize text-mist-100">{row.type}</span> <span className="text-mist-400">{row.status}</span>
                  <span className="block text-xs text-mist-400">{dateTime(row.created_at)}</span>
                </span>
                <span className="tabular-nums text-mist-100">{money(row.amount, row.currency)}</span>
              </li>
            ))}
          </Rows>
        </Card>
        <Card title="Balance adjustments">
          <Rows empty={data.adjustments.length === 0}>
            {data.adjustments.map((row) => (
              <li key={row.id} className="flex justify-between gap-3 py-2">
                <span>
                  {row.reason}{' '}
                  <Badge tone={row.status === 'approved' ? 'good' : row.status === 'rejected' ? 'bad' : 'warn'}>{row.status.replace('_', ' ')}</Badge>
                </span>
                <span className="tabular-nums">{money(row.amount, row.currency)}</span>
              </li>
            ))}
          </Rows>
        </Card>
        <Card title="Messages">
          <Rows empty={data.messages.length === 0}>
            {data.messages.map((row) => (
              <li key={row.id} className="py-2">
                <span className="text-mist-100">{row.subject}</span> <span className="text-xs text-mist-400">{dateTime(row.created_at)}</span>
                {row.read_at ? null : <Badge>unread</Badge>}
              </li>
            ))}
          </Rows>
        </Card>
        <Card title="Staff notes">
          <Rows empty={data.notes.length === 0}>
            {data.notes.map((row) => (
              <li key={row.id} className="py-2">
                <p className="text-mist-100">{row.body}</p>
                <p className="text-xs text-mist-400">
                  {row.staff_email ?? `staff ${row.staff_id}`} · {dateTime(row.created_at)}
                </p>
              </li>
            ))}
          </Rows>
        </Card>
      </div>
      <PlayerSignInsSections playerId={id} canFlag={can('players.block')} />
      {can('compliance.read') ? <PlayerCompliance playerId={id} canManage={can('compliance.manage')} /> : null}
    </div>
  );
}
