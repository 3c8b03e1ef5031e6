import { useState } from 'react';
import type { ProviderStatus, ProviderSync } from '../../../../contract/providers.ts';
import { Button } from '../../../components/ui/button.tsx';
import { adminApi } from '../api.ts';
import { Badge, dateTime, Notice, Stat } from '../ui.tsx';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

const syncSummary = (sync: ProviderSync) =>
  sync.ok ? `${sync.total} games listed: ${sync.added} new, ${sync.updated} updated, ${sync.withdrawn} withdrawn` : (sync.error ?? 'failed');

/** How the connection stands: configured or not, healthy or failing, from the syncs, our calls and Hub88's calls. */
function health(status: ProviderStatus): { tone: 'good' | 'bad' | 'warn' | 'neutral'; label: string } {
  if (!status.configured) return { tone: 'neutral', label: 'Not configured' };
  if (status.last_sync && status.last_sync.ok === false) return { tone: 'bad', label: 'Last sync failed' };
  if ((status.error_rate ?? 0) >= 10) return { tone: 'warn', label: 'Calls failing' };
  if (!status.last_sync) return { tone: 'warn', label: 'Never synced' };
  return { tone: 'good', label: 'Connected' };
}

/** Hub88's connection: its health, the last sync and "Sync now", the last wallet call, our calls' error rate. */
export function ProviderConnection({ status, onSynced }: { status: ProviderStatus; onSynced: () => void }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const state = health(status);

  async function syncNow() {
    setBusy(true);
    const result = await adminApi('POST', '/api/admin/providers/sync');
    setBusy(false);
    setOutcome(result.ok ? { tone: 'success', text: `Synced: ${syncSummary(result.body.data)}.` } : { tone: 'error', text: result.message });
    onSynced();
  }

  return (
    <section className="space-y-4" aria-labelledby="provider-connection">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="provider-connection" className="flex items-center gap-3 text-lg font-semibold text-mist-100">
          Hub88 <Badge tone={state.tone}>{state.label}</Badge>
        </h2>
        <Button onClick={syncNow} busy={busy} disabled={!status.configured}>
          Sync now
        </Button>
      </div>
      {!status.configured ? (
        <Notice>Set HUB88_OPERATOR_ID, HUB88_API_URL, HUB88_PUBLIC_KEY and HUB88_PRIVATE_KEY to offer Hub88's games.</Notice>
      ) : (
        <p className="text-sm text-mist-400">
          Operator {status.operator_id} at <span className="break-all font-mono text-mist-300">{status.api_url}</span>. The game list syncs every hour.
        </p>
      )}
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Stat
          label="Last sync"
          value={status.last_sync ? dateTime(status.last_sync.finished_at ?? status.last_sync.started_at) : 'Never'}
          hint={status.last_sync ? `${status.last_sync.trigger === 'operator' ? 'By hand' : 'Scheduled'} · ${syncSummary(status.last_sync)}` : undefined}
        />
        <Stat
          label="Last wallet call"
          value={dateTime(status.last_callback_at)}
          hint={`${status.callbacks_24h} transactions in 24 h, ${status.refused_callbacks_24h} refused`}
        />
        <Stat
          label="Error rate, 24 h"
          value={status.error_rate === null ? '—' : `${status.error_rate.toFixed(1)} %`}
          hint={
            status.last_failure
              ? `${status.failed_calls_24h} of ${status.calls_24h} calls failed; last: ${status.last_failure.endpoint} at ${dateTime(status.last_failure.at)}`
              : `${status.calls_24h} calls to Hub88, none failed`
          }
        />
        <Stat label="Games" value={`${status.games.enabled} of ${status.games.total} on`} hint={`${status.games.withdrawn} withdrawn by Hub88`} />
      </div>
    </section>
  );
}
