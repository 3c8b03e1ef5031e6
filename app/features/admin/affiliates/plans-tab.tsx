// Commission plans: the ones there are, a new one, and changes to one (they apply to statements made afterwards).
import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { PlanView } from '../../../../contract/affiliates.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox, SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { firstErrors } from '../../../lib/api.ts';
import { AdminList } from '../admin-list.tsx';
import { adminApi, type Loaded } from '../api.ts';
import { Notice, money } from '../ui.tsx';
import { PLAN_TYPE, planSummary } from './labels.ts';
import { EMPTY_PLAN, type PlanFields, planBody, planFields } from './plan-form.ts';

function PlanForm({ plan, onSaved, onCancel }: { plan: PlanView | null; onSaved: (plan: PlanView) => void; onCancel: () => void }) {
  const [fields, setFields] = useState<PlanFields>(plan ? planFields(plan) : EMPTY_PLAN);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof PlanFields>(name: K, value: PlanFields[K]) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: '' }));
  };
  const text = (name: Exclude<keyof PlanFields, 'negative_carryover' | 'type'>) => ({
    name,
    value: fields[name],
    error: errors[name] || undefined,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = planBody(fields);
    if (read.errors) {
      setErrors(read.errors);
      return;
    }
    setBusy(true);
    const result = plan
      ? await adminApi('PATCH', `/api/admin/affiliate-plans/${plan.id}`, read.body)
      : await adminApi('POST', '/api/admin/affiliate-plans', read.body);
    setBusy(false);
    if (!result.ok) {
      const found = firstErrors(result.errors);
      // The API names tiers by index ("revshare_tiers.0.percent"): the form has one field for them.
      const tiers = Object.entries(found).find(([key]) => key.startsWith('revshare_tiers'))?.[1];
      setErrors({ ...found, ...(tiers ? { tiers } : {}), form: result.errors ? '' : result.message });
      return;
    }
    onSaved(result.body.data);
  }

  const cpa = fields.type !== 'revshare';
  const revshare = fields.type !== 'cpa';
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-card border border-night-700 bg-night-850 p-4 sm:p-5"
      aria-label={plan ? `Change ${plan.name}` : 'New plan'}
    >
      <h3 className="text-base font-semibold text-mist-100">{plan ? `Change ${plan.name}` : 'New plan'}</h3>
      {plan ? <Notice>Changes apply to statements made from now on; statements already made keep their figures.</Notice> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Name" maxLength={80} {...text('name')} />
        <SelectField
          label="Type"
          name="type"
          value={fields.type}
          onChange={(event) => set('type', event.target.value as PlanFields['type'])}
          options={Object.entries(PLAN_TYPE).map(([value, label]) => ({ value, label }))}
        />
        <TextField label="Currency" maxLength={3} {...text('currency')} />
      </div>
      {cpa ? (
        <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="mb-2 text-sm font-semibold text-mist-300">CPA</legend>
          <TextField label="Amount per player" inputMode="decimal" placeholder="50.00" {...text('cpa_amount')} />
          <TextField label="Qualifying first deposit, at least" inputMode="decimal" placeholder="20.00" {...text('cpa_min_deposit')} />
          <TextField label="Within days of registering" inputMode="numeric" {...text('cpa_window_days')} />
          <TextField label="Wagered, at least (optional)" inputMode="decimal" placeholder="0.00" {...text('cpa_min_wagering')} />
        </fieldset>
      ) : null}
      {revshare ? (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-mist-300">Revenue share of NGR</legend>
          <TextAreaField label="Tiers" rows={3} hint='One a line, "active players: percent", e.g. "0: 25" then "20: 30".' {...text('tiers')} />
          <div className="pt-7">
            <Checkbox
              name="negative_carryover"
              checked={fields.negative_carryover}
              onChange={(event) => set('negative_carryover', event.target.checked)}
              label="Negative carry-over: a month with negative NGR is set against the next months' revenue share."
            />
          </div>
        </fieldset>
      ) : null}
      {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy}>
          {plan ? 'Save plan' : 'Create plan'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The plans the screen's loader read; a plan saved reads them again. */
export function PlansTab({ plans: loaded, canManage }: { plans: Loaded<PlanView[]>; canManage: boolean }) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<PlanView | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const plans = loaded.data ?? [];
  return (
    <div className="space-y-4">
      {loaded.error !== null ? <Notice tone="error">{loaded.error}</Notice> : null}
      {saved ? <Notice tone="success">{saved}</Notice> : null}
      {loaded.error === null ? (
        <AdminList
          caption="Commission plans"
          rows={plans}
          rowKey={(plan) => plan.id}
          empty="No plans yet."
          cards={{
            label: 'Commission plans',
            layout: 'space-y-2',
            card: (plan) => (
              <div
                className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-night-700 bg-night-850 px-4 py-3"
                data-plan={plan.name}
              >
                <div className="min-w-0 flex-1 basis-72">
                  <p className="font-medium text-mist-100">{plan.name}</p>
                  <p className="text-xs text-mist-300">{planSummary(plan, money)}</p>
                </div>
                {canManage ? (
                  <Button variant="ghost" className="min-h-0 px-3 py-1.5 text-sm" aria-label={`Change ${plan.name}`} onClick={() => setEditing(plan)}>
                    Change
                  </Button>
                ) : null}
              </div>
            ),
          }}
        />
      ) : null}
      {canManage && editing === null ? <Button onClick={() => setEditing('new')}>New plan</Button> : null}
      {editing ? (
        <PlanForm
          key={editing === 'new' ? 'new' : editing.id}
          plan={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(plan) => {
            setEditing(null);
            setSaved(`${plan.name} is saved.`);
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </div>
  );
}
