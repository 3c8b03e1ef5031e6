import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/compliance-rules';
import type { RuleThresholds } from '../../../contract/compliance.ts';
import { Button } from '../../components/ui/button.tsx';
import { AlertKindBadge } from '../../features/admin/compliance/facts.tsx';
import { adminApi, adminLoad } from '../../features/admin/api.ts';
import { type Outcome, ReasonDialog } from '../../features/admin/reason-dialog.tsx';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, Badge, Loading, Notice } from '../../features/admin/ui.tsx';

type Values = RuleThresholds['values'];
const shown = (values: Values) =>
  Object.entries(values)
    .filter(([key]) => key !== 'hold')
    .map(([key, value]) => `${key.replaceAll('_', ' ')} ${String(value)}`)
    .join(' · ');

function RuleCard({ rule, canManage, onSaved }: { rule: RuleThresholds; canManage: boolean; onSaved: (outcome: Outcome) => void }) {
  const [draft, setDraft] = useState<Values>(rule.values);
  const [confirming, setConfirming] = useState(false);
  const changed = Object.fromEntries(Object.entries(draft).filter(([key, value]) => rule.values[key] !== value));
  const hasHold = 'hold' in rule.defaults;
  return (
    <section className="rounded-card border border-night-700 bg-night-850 p-4" aria-labelledby={`rule-${rule.rule}`} data-testid="rule">
      <div className="flex flex-wrap items-center gap-2">
        <AlertKindBadge kind={rule.kind} />
        <h2 id={`rule-${rule.rule}`} className="text-base font-semibold text-mist-100">
          {rule.label}
        </h2>
        {rule.values.hold === true ? <Badge tone="bad">Holds withdrawals</Badge> : null}
      </div>
      <p className="mt-1 text-sm text-mist-300">{rule.description}</p>
      <p className="mt-1 text-xs text-mist-400">Defaults: {shown(rule.defaults) || 'none'}</p>
      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {rule.params.map((param) => (
          <label key={param.key} className="block text-sm text-mist-300">
            {param.label}
            <input
              type="number"
              inputMode="numeric"
              min={param.min}
              max={param.max}
              disabled={!canManage}
              value={String(draft[param.key] ?? '')}
              onChange={(event) => setDraft({ ...draft, [param.key]: Number(event.target.value) })}
              className="mt-1 block w-full rounded-lg border border-night-600 bg-night-900 px-3 py-2 text-mist-100"
            />
          </label>
        ))}
        {hasHold ? (
          <label className="flex items-center gap-2 self-end text-sm text-mist-300">
            <input
              type="checkbox"
              disabled={!canManage}
              checked={draft.hold === true}
              onChange={(event) => setDraft({ ...draft, hold: event.target.checked })}
            />
            Hold withdrawals on a hit
          </label>
        ) : null}
      </div>
      {canManage && Object.keys(changed).length > 0 ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button onClick={() => setConfirming(true)}>Save thresholds</Button>
          <Button variant="ghost" onClick={() => setDraft(rule.values)}>
            Undo
          </Button>
        </div>
      ) : null}
      {confirming ? (
        <ReasonDialog
          title={`Change ${rule.label}`}
          effect={<>New thresholds apply to every event from now on; alerts already raised stay as they are.</>}
          confirm="Save thresholds"
          tone="primary"
          send={(reason) => adminApi('PUT', `/api/admin/compliance/rules/${rule.rule}`, { values: changed, reason })}
          onClose={() => setConfirming(false)}
          onDone={() => {
            setConfirming(false);
            onSaved({ tone: 'success', text: `${rule.label}: thresholds saved.` });
          }}
        />
      ) : null}
    </section>
  );
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => adminLoad(request, '/api/admin/compliance/rules');

export function HydrateFallback() {
  return <Loading />;
}

/** The rules' thresholds, as compliance staff set them (every change audited with its reason). */
export default function AdminComplianceRules({ loaderData: rules }: Route.ComponentProps) {
  const me = useStaff();
  const canManage = hasPermission(me, 'compliance.manage');
  const revalidator = useRevalidator();
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <div className="space-y-5">
      <AdminHeading title="Rules and thresholds" />
      <p className="text-sm">
        <Link className="text-gold-400 underline" to="/admin/compliance">
          Back to compliance
        </Link>
      </p>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {rules.error !== null ? (
        <Notice tone="error">{rules.error}</Notice>
      ) : (
        <div className="space-y-4">
          {rules.data.map((rule) => (
            <RuleCard
              key={`${rule.rule}:${JSON.stringify(rule.values)}`}
              rule={rule}
              canManage={canManage}
              onSaved={(done) => {
                setOutcome(done);
                void revalidator.revalidate();
              }}
            />
          ))}
        </div>
      )}
    </div>
  );
}
