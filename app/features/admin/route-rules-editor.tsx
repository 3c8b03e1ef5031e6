import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { AdminRouteRule } from '../../../contract/operators.ts';
import { ROUTE_RULE_STATUSES } from '../../../contract/operators.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { firstErrors } from '../../lib/api.ts';
import { AdminList } from './admin-list.tsx';
import { adminApi, type Loaded } from './api.ts';
import { Notice } from './ui.tsx';

const STATUS_LABELS: Record<number, string> = {
  301: '301 Moved permanently',
  302: '302 Found (temporary)',
  307: '307 Temporary, keeps the method',
  308: '308 Permanent, keeps the method',
};
const STATUS_OPTIONS = ROUTE_RULE_STATUSES.map((status) => ({ value: String(status), label: STATUS_LABELS[status]! }));

/** The fields of a rule; `rule` given, it edits that rule, else it adds one. */
function RuleForm({ rule, onDone, onCancel }: { rule?: AdminRouteRule; onDone: (text: string) => void; onCancel?: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const status = ROUTE_RULE_STATUSES.find((choice) => choice === Number(form.get('status')));
    if (!status) return setErrors({ status: 'Choose how it redirects.' });
    const body = { source: String(form.get('source') ?? ''), target: String(form.get('target') ?? ''), status };
    setBusy(true);
    const result = rule ? await adminApi('PUT', `/api/admin/route-rules/${rule.id}`, body) : await adminApi('POST', '/api/admin/route-rules', body);
    setBusy(false);
    if (!result.ok) return setErrors(result.errors ? firstErrors(result.errors) : { form: result.message });
    setErrors({});
    if (!rule) element.reset();
    onDone(rule ? 'Route rule saved.' : `Route rule added: ${body.source} now redirects.`);
  }
  const idPrefix = rule ? `rule-${rule.id}` : 'new-rule';
  return (
    <form onSubmit={submit} noValidate aria-label={rule ? 'Edit route rule' : 'Add a route rule'} className={rule ? 'grid gap-3' : 'grid gap-3 sm:grid-cols-2'}>
      <TextField
        id={`${idPrefix}-source`}
        label="Source path"
        name="source"
        defaultValue={rule?.source}
        placeholder="/spring-offer"
        hint="A path on this site; it matches with and without /en."
        error={errors.source}
      />
      <TextField
        id={`${idPrefix}-target`}
        label="Target"
        name="target"
        defaultValue={rule?.target}
        placeholder="/promotion or https://…"
        hint="A path here, or a full http(s) address."
        error={errors.target}
      />
      <SelectField
        id={`${idPrefix}-status`}
        label="Redirect"
        name="status"
        defaultValue={String(rule?.status ?? 302)}
        options={STATUS_OPTIONS}
        error={errors.status}
      />
      <div className="flex items-end justify-end gap-2">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" busy={busy}>
          {rule ? 'Save rule' : 'Add rule'}
        </Button>
      </div>
      {errors.form ? (
        <div className={rule ? '' : 'sm:col-span-2'}>
          <Notice tone="error">{errors.form}</Notice>
        </div>
      ) : null}
    </form>
  );
}

/** The site's redirect table (the settings screen's loader read it): list, add, edit and delete; every change applies at once on every server and is audited. */
export function RouteRulesEditor({ rules }: { rules: Loaded<AdminRouteRule[]> }) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<AdminRouteRule | null>(null);
  const [deleting, setDeleting] = useState<AdminRouteRule | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const done = (text: string) => {
    setOutcome({ tone: 'success', text });
    setEditing(null);
    void revalidator.revalidate();
  };
  async function remove(rule: AdminRouteRule) {
    const result = await adminApi('DELETE', `/api/admin/route-rules/${rule.id}`);
    setDeleting(null);
    setOutcome(result.ok ? { tone: 'success', text: `Route rule for ${rule.source} deleted.` } : { tone: 'error', text: result.message });
    await revalidator.revalidate();
  }
  return (
    <Card title="Route rules">
      <p className="mb-4 text-sm text-mist-400">
        Requests for a source path are redirected to its target. The home page, /maintenance, /admin and /api cannot be redirected.
      </p>
      {outcome ? (
        <div className="mb-4">
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
        </div>
      ) : null}
      {rules.error !== null ? (
        <Notice tone="error">{rules.error}</Notice>
      ) : (
        <AdminList
          caption="Route rules"
          rows={rules.data}
          rowKey={(rule) => String(rule.id)}
          empty="No route rules yet."
          minWidth="min-w-[32rem]"
          columns={[
            { key: 'source', header: 'Source', cell: (rule) => <code className="break-all text-mist-100">{rule.source}</code> },
            { key: 'target', header: 'Target', cell: (rule) => <code className="break-all text-mist-300">{rule.target}</code> },
            { key: 'status', header: 'Status', cell: (rule) => rule.status },
            {
              key: 'actions',
              header: 'Actions',
              align: 'right',
              cell: (rule) => (
                <span className="inline-flex gap-2">
                  <Button variant="ghost" className="min-h-0 px-3 py-1.5" aria-label={`Edit rule ${rule.source}`} onClick={() => setEditing(rule)}>
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    className="min-h-0 px-3 py-1.5 text-ruby-500"
                    aria-label={`Delete rule ${rule.source}`}
                    onClick={() => setDeleting(rule)}
                  >
                    Delete
                  </Button>
                </span>
              ),
            },
          ]}
        />
      )}
      <div className="mt-5 border-t border-night-700 pt-5">
        <h3 className="mb-3 font-medium text-mist-100">Add a rule</h3>
        <RuleForm onDone={done} />
      </div>
      {editing ? (
        <Dialog title="Edit route rule" onClose={() => setEditing(null)}>
          <RuleForm rule={editing} onDone={done} onCancel={() => setEditing(null)} />
        </Dialog>
      ) : null}
      {deleting ? (
        <Dialog title="Delete route rule?" onClose={() => setDeleting(null)}>
          <p className="text-sm text-mist-300">
            {deleting.source} will no longer redirect to {deleting.target}.
          </p>
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => remove(deleting)}>
              Delete rule
            </Button>
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}
