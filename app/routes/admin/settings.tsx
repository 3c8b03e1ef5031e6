import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/settings';
import type { AdminSettings as Settings } from '../../../contract/operators.ts';
import type { ActivationType } from '../../../contract/site.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { adminApi, adminLoad } from '../../features/admin/api.ts';
import { RouteRulesEditor } from '../../features/admin/route-rules-editor.tsx';
import { AdminHeading, Badge, Loading, Notice } from '../../features/admin/ui.tsx';

type Outcome = { tone: 'success' | 'error'; text: string } | null;
const ACTIVATIONS: { value: ActivationType; label: string }[] = [
  { value: 'email', label: 'E-mail link' },
  { value: 'sms', label: 'SMS code' },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [settings, rules] = await Promise.all([adminLoad(request, '/api/admin/settings'), adminLoad(request, '/api/admin/route-rules')]);
  return { settings, rules };
}

export function HydrateFallback() {
  return <Loading />;
}

/** The maintenance switch, asked twice: it closes (or opens) the whole site for every player at once. */
function Maintenance({ settings, onChanged }: { settings: Settings; onChanged: () => void }) {
  const on = settings.maintenance === 'true';
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function flip() {
    setBusy(true);
    const result = await adminApi('PUT', '/api/admin/settings', { maintenance: on ? 'false' : 'true' });
    setBusy(false);
    setConfirming(false);
    setOutcome(
      result.ok
        ? { tone: 'success', text: on ? 'Maintenance is off: the site is open again.' : 'Maintenance is on: players are sent to the maintenance page.' }
        : { tone: 'error', text: result.message },
    );
    onChanged();
  }
  return (
    <Card title="Maintenance" action={on ? <Badge tone="warn">Site closed</Badge> : <Badge tone="good">Site open</Badge>}>
      <p className="text-sm text-mist-300">
        While maintenance is on, every page of the player site sends players to the maintenance page, on every server at once. The back office stays open.
      </p>
      {settings.maintenance_locked ? (
        <div className="mt-4">
          <Notice>The MAINTENANCE variable of the servers decides for now ({on ? 'on' : 'off'}); this switch applies once it is unset.</Notice>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button variant={on ? 'primary' : 'danger'} onClick={() => setConfirming(true)} disabled={settings.maintenance_locked}>
          {on ? 'End maintenance' : 'Start maintenance'}
        </Button>
      </div>
      {outcome ? (
        <div className="mt-4">
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
        </div>
      ) : null}
      {confirming ? (
        <Dialog title={on ? 'End maintenance?' : 'Start maintenance?'} onClose={() => setConfirming(false)}>
          <p className="text-sm text-mist-300">
            {on
              ? 'The site opens again for every player, at once.'
              : 'Every player is sent to the maintenance page at once, including those playing now. Rounds in progress are kept and can be finished later.'}
          </p>
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant={on ? 'primary' : 'danger'} busy={busy} onClick={flip}>
              {on ? 'Yes, open the site' : 'Yes, close the site'}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}

/** Site settings an admin changes at once: maintenance, how new players activate their account, and the route rules. */
export default function AdminSettings({ loaderData: { settings, rules } }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const reload = () => void revalidator.revalidate();
  async function change(value: string) {
    const activation = ACTIVATIONS.find((option) => option.value === value)?.value;
    if (!activation) return;
    const result = await adminApi('PUT', '/api/admin/settings', { registration_activation_type: activation });
    setOutcome(result.ok ? { tone: 'success', text: 'Saved. It applies to the next registration.' } : { tone: 'error', text: result.message });
    reload();
  }
  return (
    <div className="max-w-4xl space-y-5">
      <AdminHeading title="Settings" />
      {settings.error !== null ? (
        <Notice tone="error">{settings.error}</Notice>
      ) : (
        <>
          <Maintenance settings={settings.data} onChanged={reload} />
          <Card title="Registration">
            <div className="max-w-md">
              <SelectField
                label="New players activate their account by"
                value={settings.data.registration_activation_type}
                onChange={(event) => change(event.target.value)}
                options={ACTIVATIONS}
              />
            </div>
            {outcome ? (
              <div className="mt-4">
                <Notice tone={outcome.tone}>{outcome.text}</Notice>
              </div>
            ) : null}
          </Card>
          <RouteRulesEditor rules={rules} />
        </>
      )}
    </div>
  );
}
