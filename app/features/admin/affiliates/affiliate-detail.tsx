// One affiliate in the console: who they are and how they are paid, their standing (approve, suspend), their
// commission plan, a one-time sign-in link, their tracking links and the postbacks sent for them.
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { adminAffiliateDetailSchema, PlanView, postbackLogSchema } from '../../../../contract/affiliates.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { adminApi, type Loaded } from '../api.ts';
import { type Outcome, ReasonDialog } from '../reason-dialog.tsx';
import { Badge, dateTime, Notice, money } from '../ui.tsx';
import { AFFILIATE_STATUS, PAYOUT_METHOD, planSummary } from './labels.ts';

export type AdminAffiliateDetail = z.output<typeof adminAffiliateDetailSchema>;
type PostbackLog = z.output<typeof postbackLogSchema>;

type Action = { kind: 'approved' | 'suspended' } | { kind: 'plan'; plan: PlanView | null } | { kind: 'sign-in-link' };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-mist-400">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-mist-100">{children}</dd>
    </div>
  );
}

/** The postbacks sent for the affiliate, a page at a time (the page in the address, read by the screen's loader). */
function PostbackLogSection({ postbacks }: { postbacks: Loaded<PostbackLog> }) {
  const [, setSearchParams] = useSearchParams();
  const toPage = (page: number) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('log', String(page));
        return next;
      },
      { preventScrollReset: true },
    );
  if (postbacks.error !== null) return <Notice tone="error">{postbacks.error}</Notice>;
  const log = postbacks.data;
  if (log.data.length === 0) return <p className="text-sm text-mist-400">No postbacks sent for this affiliate.</p>;
  return (
    <>
      <ul className="space-y-2" aria-label="Postback log">
        {log.data.map((row) => (
          <li key={row.id} className="rounded-lg border border-night-700 bg-night-900/40 px-3 py-2 text-sm" data-postback={row.event}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-mist-100">
                {row.event.replace('_', ' ')} · <span className="font-mono text-xs text-mist-300">{row.player_ref}</span>
              </span>
              <span className="flex items-center gap-2 text-xs text-mist-400">
                <Badge tone={row.status === 'sent' ? 'good' : row.status === 'failed' ? 'bad' : 'warn'}>{row.status}</Badge>
                {row.attempts} {row.attempts === 1 ? 'try' : 'tries'} · {dateTime(row.created_at)}
              </span>
            </div>
            <p className="mt-1 truncate font-mono text-xs text-mist-400" title={row.url}>
              {row.url}
            </p>
            {row.last_error ? <p className="mt-1 break-words text-xs text-ruby-500">{row.last_error}</p> : null}
          </li>
        ))}
      </ul>
      {log.meta.last_page > 1 ? (
        <div className="mt-2 flex items-center justify-end gap-2 text-sm text-mist-300">
          <span>
            Page {log.meta.current_page} of {log.meta.last_page}
          </span>
          <Button variant="ghost" className="min-h-0 px-3 py-1" disabled={log.meta.current_page <= 1} onClick={() => toPage(log.meta.current_page - 1)}>
            Previous
          </Button>
          <Button
            variant="ghost"
            className="min-h-0 px-3 py-1"
            disabled={log.meta.current_page >= log.meta.last_page}
            onClick={() => toPage(log.meta.current_page + 1)}
          >
            Next
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** One affiliate; the screen keys it by the affiliate, so the plan chosen and a sign-in link made belong to this one. */
export function AffiliateDetail({
  affiliate,
  postbacks,
  plans,
  canManage,
  onChanged,
}: {
  affiliate: AdminAffiliateDetail;
  postbacks: Loaded<PostbackLog>;
  plans: PlanView[];
  canManage: boolean;
  onChanged: (outcome: Outcome) => void;
}) {
  const [action, setAction] = useState<Action | null>(null);
  const [planId, setPlanId] = useState(affiliate.plan?.id ?? '');
  const [signInLink, setSignInLink] = useState<{ url: string; expires_at: string } | null>(null);
  const status = AFFILIATE_STATUS[affiliate.status];
  const chosenPlan = plans.find((plan) => plan.id === planId) ?? null;

  return (
    <section
      className="space-y-5 rounded-card border border-night-700 bg-night-850 p-4 sm:p-5 [overflow-wrap:anywhere]"
      aria-labelledby="affiliate-title"
      data-testid="affiliate-detail"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="affiliate-title" className="text-lg font-semibold text-mist-100">
            {affiliate.name}
          </h2>
          <p className="text-sm text-mist-400">
            {affiliate.kind === 'company' ? 'Company' : 'Private person'} · applied {dateTime(affiliate.created_at)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span data-testid="affiliate-status">
            <Badge tone={status.tone}>{status.label}</Badge>
          </span>
          {canManage && affiliate.status !== 'approved' ? (
            <Button className="min-h-0 px-3 py-1.5 text-sm" onClick={() => setAction({ kind: 'approved' })}>
              Approve…
            </Button>
          ) : null}
          {canManage && affiliate.status !== 'suspended' ? (
            <Button variant="ghost" className="min-h-0 px-3 py-1.5 text-sm" onClick={() => setAction({ kind: 'suspended' })}>
              {affiliate.status === 'pending' ? 'Decline…' : 'Suspend…'}
            </Button>
          ) : null}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 lg:grid-cols-4">
        <Fact label="Contact">{affiliate.contact_name}</Fact>
        <Fact label="E-mail">{affiliate.email}</Fact>
        <Fact label="Country">{affiliate.country}</Fact>
        <Fact label="Website">
          {affiliate.website ? (
            <a href={affiliate.website} target="_blank" rel="noopener noreferrer nofollow" className="text-gold-400 hover:underline">
              {affiliate.website}
            </a>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Payout">
          {PAYOUT_METHOD[affiliate.payout_method]}
          <span className="block whitespace-pre-wrap text-xs text-mist-300">{affiliate.payout_details}</span>
        </Fact>
        <Fact label="Approved">{dateTime(affiliate.approved_at)}</Fact>
        <Fact label="Two-factor sign-in">{affiliate.two_factor ? 'On' : 'Off'}</Fact>
        <Fact label="Players">
          {affiliate.registrations} registered · {affiliate.ftds} deposited
        </Fact>
      </dl>

      <div className="rounded-lg border border-night-700 p-4">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-mist-400">Commission plan</h3>
        <p className="mt-1 text-sm text-mist-100" data-testid="affiliate-plan">
          {affiliate.plan ? (
            <>
              <strong>{affiliate.plan.name}</strong>: {planSummary(affiliate.plan, money)}
            </>
          ) : (
            'No plan yet: the affiliate earns nothing until one is assigned.'
          )}
        </p>
        {canManage ? (
          <div className="mt-3 flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1 basis-56">
              <SelectField
                label="Plan"
                value={planId}
                onChange={(event) => setPlanId(event.target.value)}
                placeholder="No plan"
                options={plans.map((plan) => ({ value: plan.id, label: `${plan.name} (${plan.type})` }))}
              />
            </div>
            <Button variant="ghost" disabled={planId === (affiliate.plan?.id ?? '')} onClick={() => setAction({ kind: 'plan', plan: chosenPlan })}>
              Assign plan…
            </Button>
          </div>
        ) : null}
      </div>

      {canManage && affiliate.status === 'approved' ? (
        <div className="rounded-lg border border-night-700 p-4">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-mist-400">One-time sign-in link</h3>
          <p className="mt-1 text-sm text-mist-300">
            For an affiliate who cannot sign in: a link that signs them in once, within 30 minutes. Send it only to {affiliate.email}.
          </p>
          {signInLink ? (
            <div className="mt-3 flex items-center gap-2" data-testid="sign-in-link">
              <code className="min-w-0 flex-1 truncate rounded-lg border border-night-700 bg-night-900 px-3 py-2 text-xs text-mist-100" title={signInLink.url}>
                {signInLink.url}
              </code>
              <CopyButton text={signInLink.url} label="Copy the sign-in link" />
            </div>
          ) : (
            <Button variant="ghost" className="mt-3" onClick={() => setAction({ kind: 'sign-in-link' })}>
              Make a sign-in link…
            </Button>
          )}
        </div>
      ) : null}

      <div>
        <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-mist-400">Tracking links</h3>
        {affiliate.links_list.length === 0 ? (
          <p className="text-sm text-mist-400">No links yet.</p>
        ) : (
          <div className="relative overflow-x-auto rounded-lg border border-night-700">
            <table className="w-full min-w-[36rem] text-sm">
              <caption className="sr-only">Tracking links of {affiliate.name}</caption>
              <thead className="bg-night-800 text-left text-mist-400">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Link
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Landing page · sub-ID
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Clicks
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Registrations
                  </th>
                </tr>
              </thead>
              <tbody>
                {affiliate.links_list.map((link) => (
                  <tr key={link.id} className="border-t border-night-700">
                    <td className="px-3 py-2">
                      <span className="block text-mist-100">{link.name ?? '—'}</span>
                      <span className="block font-mono text-xs text-mist-400">{link.token}</span>
                    </td>
                    <td className="px-3 py-2 font-mono text-xs text-mist-300">
                      {link.landing_path}
                      {link.sub ? ` · ${link.sub}` : ''}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{link.clicks}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{link.registrations}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <div>
        <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-mist-400">Postbacks</h3>
        <PostbackLogSection postbacks={postbacks} />
      </div>

      {action?.kind === 'approved' || action?.kind === 'suspended' ? (
        <ReasonDialog
          title={action.kind === 'approved' ? 'Approve affiliate' : affiliate.status === 'pending' ? 'Decline application' : 'Suspend affiliate'}
          effect={
            action.kind === 'approved'
              ? `Approve ${affiliate.name} (${affiliate.email})? They can sign in to the partner portal at once and are told by e-mail. Assign a plan so they earn commission.`
              : `Suspend ${affiliate.name} (${affiliate.email})? Their portal sessions end now and they cannot sign in; their links stop earning commission.`
          }
          confirm={action.kind === 'approved' ? 'Approve' : affiliate.status === 'pending' ? 'Decline' : 'Suspend'}
          tone={action.kind === 'approved' ? 'primary' : 'danger'}
          send={(reason) => adminApi('POST', `/api/admin/affiliates/${affiliate.id}/status`, { status: action.kind, reason })}
          onClose={() => setAction(null)}
          onDone={() => {
            setAction(null);
            onChanged({ tone: 'success', text: action.kind === 'approved' ? `${affiliate.name} is approved.` : `${affiliate.name} is suspended.` });
          }}
        />
      ) : null}
      {action?.kind === 'plan' ? (
        <ReasonDialog
          title="Assign commission plan"
          effect={
            action.plan
              ? `Put ${affiliate.name} on ${action.plan.name}: ${planSummary(action.plan, money)}. Statements made from now on use it.`
              : `Take ${affiliate.name} off their plan? Statements made from now on pay them nothing.`
          }
          confirm={action.plan ? 'Assign plan' : 'Remove plan'}
          tone="primary"
          send={(reason) => adminApi('PUT', `/api/admin/affiliates/${affiliate.id}/plan`, { plan_id: action.plan?.id ?? null, reason })}
          onClose={() => setAction(null)}
          onDone={() => {
            setAction(null);
            onChanged({ tone: 'success', text: action.plan ? `${affiliate.name} is on ${action.plan.name}.` : `${affiliate.name} has no plan.` });
          }}
        />
      ) : null}
      {action?.kind === 'sign-in-link' ? (
        <ReasonDialog
          title="Make a sign-in link"
          effect={`A link that signs ${affiliate.name} in to the partner portal once, within 30 minutes. Anyone holding it can sign in as them: send it only to ${affiliate.email}.`}
          confirm="Make link"
          tone="primary"
          send={(reason) => adminApi('POST', `/api/admin/affiliates/${affiliate.id}/sign-in-link`, { reason })}
          onClose={() => setAction(null)}
          onDone={(result) => {
            setAction(null);
            setSignInLink(result.body.data);
          }}
        />
      ) : null}
    </section>
  );
}
