import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/staff';
import type { StaffMember } from '../../../contract/operators.ts';
import { STAFF_ROLE_NAMES } from '../../../contract/operators.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { AdminList } from '../../features/admin/admin-list.tsx';
import { adminApi, adminLoad } from '../../features/admin/api.ts';
import { ReasonDialog } from '../../features/admin/reason-dialog.tsx';
import { useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, Badge, dateTime, Loading, Notice } from '../../features/admin/ui.tsx';
import { firstErrors } from '../../lib/api.ts';

const ROLES = STAFF_ROLE_NAMES.map((role) => ({ value: role, label: role[0]!.toUpperCase() + role.slice(1) }));
type StaffRole = (typeof STAFF_ROLE_NAMES)[number];
const roleName = (role: string) => ROLES.find((choice) => choice.value === role)?.label ?? role;

/**
 * A change to a member waiting for its confirmation and reason: a new role, disabling or enabling them, or a password
 * reset.
 */
type PendingChange = { member: StaffMember; role: StaffRole } | { member: StaffMember; disabled: boolean } | { member: StaffMember; reset: true };

function effectOf(change: PendingChange): string {
  const { email } = change.member;
  if ('reset' in change)
    return `Reset the password of ${email}? Their password stops working and they are signed out now; a link to choose a new one goes to ${email} (it works once, for 24 hours).`;
  if ('role' in change)
    return `Change the role of ${email} from ${roleName(change.member.role)} to ${roleName(change.role)}? They are signed out now and sign in again with the ${roleName(change.role)} role's permissions.`;
  return change.disabled
    ? `Disable ${email}? They are signed out at once and cannot sign in until an admin enables the account again.`
    : `Enable ${email}? They can sign in again with their password and second factor.`;
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => adminLoad(request, '/api/admin/staff');

export function HydrateFallback() {
  return <Loading />;
}

/**
 * Admins invite staff by e-mail (the member chooses their own password from the link, decision 0106), change roles,
 * disable accounts, reset passwords and two-factor sign-in. A role change, disabling or enabling an account and a
 * password reset are confirmed with a reason first (decision 0099): choosing a role in the list only opens the
 * confirmation.
 */
export default function AdminStaff({ loaderData: { data, error } }: Route.ComponentProps) {
  const me = useStaff();
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [pending, setPending] = useState<PendingChange | null>(null);

  async function act(promise: ReturnType<typeof adminApi>, done: string) {
    const result = await promise;
    setOutcome(result.ok ? { tone: 'success', text: done } : { tone: 'error', text: result.message });
    void revalidator.revalidate();
    return result;
  }
  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const email = String(form.get('email') ?? '');
    // The select holds one of the role names, support unless another is chosen.
    const role = STAFF_ROLE_NAMES.find((name) => name === form.get('role')) ?? 'support';
    const result = await act(
      adminApi('POST', '/api/admin/staff/invitations', { email, role }),
      `Invitation sent to ${email}. The link works once, for 72 hours.`,
    );
    setErrors(result.ok ? {} : firstErrors(result.errors));
    if (result.ok) element.reset();
  }

  return (
    <div className="space-y-5">
      <AdminHeading title="Staff" />
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {error !== null ? (
        <Notice tone="error">{error}</Notice>
      ) : (
        <AdminList
          caption="Staff accounts"
          empty="No staff accounts."
          rows={data}
          rowKey={(row) => row.id}
          columns={[
            {
              key: 'email',
              header: 'E-mail',
              cell: (row) => (
                <>
                  {row.email} {row.disabled ? <Badge tone="bad">disabled</Badge> : null}
                </>
              ),
            },
            {
              key: 'role',
              header: 'Role',
              cell: (row) =>
                row.id === me.id ? (
                  <span className="capitalize">{row.role}</span>
                ) : (
                  <select
                    aria-label={`Role of ${row.email}`}
                    className="rounded-lg border border-night-600 bg-night-900 px-2 py-1.5"
                    value={pending && 'role' in pending && pending.member.id === row.id ? pending.role : row.role}
                    onChange={(event) => {
                      setOutcome(null);
                      const role = STAFF_ROLE_NAMES.find((name) => name === event.target.value);
                      if (role && role !== row.role) setPending({ member: row, role });
                    }}
                  >
                    {ROLES.map((role) => (
                      <option key={role.value} value={role.value}>
                        {role.label}
                      </option>
                    ))}
                  </select>
                ),
            },
            {
              key: 'two_factor',
              header: 'Two-factor',
              cell: (row) => (
                <>
                  {row.two_factor ? <Badge tone="good">on</Badge> : <Badge tone="warn">off</Badge>}
                  {row.two_factor_locked_until ? (
                    <span className="mt-1 block" title="Too many wrong codes: the password is probably known to someone else. Reset 2FA or wait.">
                      <Badge tone="bad">locked until {dateTime(row.two_factor_locked_until).slice(11)} UTC</Badge>
                    </span>
                  ) : null}
                </>
              ),
            },
            { key: 'last_login', header: 'Last sign-in', cell: (row) => (row.last_login_at ? dateTime(row.last_login_at) : 'Never') },
            {
              key: 'actions',
              header: 'Actions',
              cell: (row) =>
                row.id === me.id ? null : (
                  <div className="flex flex-wrap gap-2">
                    {row.two_factor ? (
                      <Button
                        variant="ghost"
                        className="px-3 py-1.5 text-sm"
                        onClick={() => act(adminApi('POST', `/api/admin/staff/${row.id}/reset-two-factor`), 'Two-factor sign-in reset.')}
                      >
                        Reset 2FA
                      </Button>
                    ) : null}
                    <Button
                      variant="ghost"
                      className="px-3 py-1.5 text-sm"
                      aria-label={`Reset the password of ${row.email}`}
                      onClick={() => {
                        setOutcome(null);
                        setPending({ member: row, reset: true });
                      }}
                    >
                      Reset password…
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-3 py-1.5 text-sm"
                      aria-label={`${row.disabled ? 'Enable' : 'Disable'} ${row.email}`}
                      onClick={() => {
                        setOutcome(null);
                        setPending({ member: row, disabled: !row.disabled });
                      }}
                    >
                      {row.disabled ? 'Enable…' : 'Disable…'}
                    </Button>
                  </div>
                ),
            },
          ]}
        />
      )}
      {pending ? (
        <ReasonDialog
          title={
            'reset' in pending ? 'Reset password' : 'role' in pending ? 'Change role' : pending.disabled ? 'Disable staff account' : 'Enable staff account'
          }
          effect={effectOf(pending)}
          confirm={
            'reset' in pending
              ? 'Reset password'
              : 'role' in pending
                ? `Make ${roleName(pending.role).toLowerCase()}`
                : pending.disabled
                  ? 'Disable account'
                  : 'Enable account'
          }
          tone={'reset' in pending || 'role' in pending || pending.disabled ? 'danger' : 'primary'}
          send={(reason) =>
            'reset' in pending
              ? adminApi('POST', `/api/admin/staff/${pending.member.id}/reset-password`, { reason })
              : adminApi('PATCH', `/api/admin/staff/${pending.member.id}`, {
                  ...('role' in pending ? { role: pending.role } : { disabled: pending.disabled }),
                  reason,
                })
          }
          onClose={() => setPending(null)}
          onDone={() => {
            setOutcome({
              tone: 'success',
              text:
                'reset' in pending
                  ? `The password of ${pending.member.email} is reset; a link to choose a new one is on its way to them.`
                  : 'role' in pending
                    ? `${pending.member.email} is now ${roleName(pending.role).toLowerCase()}.`
                    : `${pending.member.email} is ${pending.disabled ? 'disabled' : 'enabled'}.`,
            });
            setPending(null);
            void revalidator.revalidate();
          }}
        />
      ) : null}
      <Card title="Invite a staff member" className="max-w-2xl">
        <p className="mb-3 text-sm text-mist-300">
          They get an e-mail with a link to choose their own password (it works once, for 72 hours), then set up two-factor sign-in.
        </p>
        <form onSubmit={invite} className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end" noValidate aria-label="Invite a staff member">
          <TextField label="E-mail" name="email" type="email" error={errors.email} />
          <SelectField label="Role" name="role" defaultValue="support" options={ROLES} />
          <div>
            <Button type="submit">Send invitation</Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
