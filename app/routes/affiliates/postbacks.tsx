import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { affiliateApi, useAffiliateData } from '../../features/affiliates/portal-api.ts';
import { Badge, DataTable, dateTime, Loading, Notice, Panel, PortalHeading } from '../../features/affiliates/portal-ui.tsx';
import { type PageMeta, POSTBACK_EVENTS, type PostbackDelivery, type PostbackSettings } from '../../features/affiliates/types.ts';
import { firstErrors } from '../../lib/api.ts';

const DELIVERY_TONES: Record<PostbackDelivery['status'], 'good' | 'bad' | 'warn' | 'neutral'> = {
  sent: 'good',
  failed: 'bad',
  pending: 'warn',
  sending: 'neutral',
};
/** A delivery's state in words: a pending one that was tried already is waiting for its next try. */
function deliveryWord(row: PostbackDelivery): string {
  if (row.status === 'pending') return row.attempts > 0 ? 'Will retry' : 'Queued';
  return { sending: 'Sending', sent: 'Delivered', failed: 'Gave up' }[row.status];
}
const eventLabel = (event: PostbackDelivery['event']) => POSTBACK_EVENTS.find((item) => item.value === event)?.label ?? event;

function Settings({ settings, onSaved }: { settings: PostbackSettings; onSaved: (settings: PostbackSettings) => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [showSecret, setShowSecret] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = Object.fromEntries(POSTBACK_EVENTS.map(({ value }) => [value, String(form.get(value) ?? '').trim() || null]));
    setBusy(true);
    setSaved(false);
    const result = await affiliateApi<{ data: PostbackSettings }>('PUT', '/api/affiliates/postbacks', body);
    setBusy(false);
    if (!result.ok) {
      setErrors({ ...firstErrors(result.errors), form: result.errors ? '' : result.message });
      return;
    }
    setErrors({});
    setSaved(true);
    onSaved(result.body.data);
  }

  return (
    <Panel title="Postback URLs">
      <form onSubmit={save} noValidate className="space-y-4" aria-label="Postback URLs">
        {POSTBACK_EVENTS.map(({ value, label }) => (
          <TextField
            key={value}
            label={label}
            name={value}
            type="url"
            inputMode="url"
            maxLength={500}
            placeholder="https://tracker.example/postback?click={click_id}&amount={amount}"
            defaultValue={settings.urls[value] ?? ''}
            error={errors[value]}
          />
        ))}
        <p className="text-xs text-mist-400">
          Macros:{' '}
          {settings.macros.map((macro) => (
            <code key={macro} className="mr-2 text-mist-300">
              {macro}
            </code>
          ))}
        </p>
        {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
        {saved ? <Notice tone="success">Postback URLs saved.</Notice> : null}
        <Button type="submit" busy={busy}>
          Save
        </Button>
      </form>
      <div className="mt-5 border-t border-night-700 pt-4">
        <h3 className="text-sm font-semibold text-mist-100">Signature</h3>
        <p className="mt-1 text-xs text-mist-400">
          Every postback carries <code>X-Croupier-Signature: sha256=…</code>, the HMAC-SHA256 of <code>{'{timestamp}.{url}'}</code> with this secret, and{' '}
          <code>X-Croupier-Timestamp</code>. Check both before you trust a postback.
        </p>
        <div className="mt-2 flex items-center gap-2">
          <code
            className="min-w-0 flex-1 truncate rounded-lg border border-night-700 bg-night-900 px-3 py-2 text-sm text-mist-100"
            data-testid="signing-secret"
          >
            {showSecret ? settings.signing_secret : '•'.repeat(24)}
          </code>
          <button type="button" className="btn btn-ghost min-h-0 shrink-0 px-3 py-1.5 text-sm" onClick={() => setShowSecret(!showSecret)}>
            {showSecret ? 'Hide' : 'Show'}
          </button>
          <CopyButton text={settings.signing_secret} label="Copy the signing secret" />
        </div>
      </div>
    </Panel>
  );
}

function DeliveryLog() {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ rows: PostbackDelivery[]; meta: PageMeta } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    const result = await affiliateApi<{ data: PostbackDelivery[]; meta: PageMeta }>('GET', `/api/affiliates/postbacks/log?page=${page}&per_page=20`);
    if (result.ok) {
      setState({ rows: result.body.data, meta: result.body.meta });
      setError(null);
    } else setError(result.message);
  }, [page]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Panel
      title="Delivery log"
      action={
        <Button variant="ghost" className="min-h-0 px-3 py-1.5 text-sm" onClick={() => void load()}>
          Refresh
        </Button>
      }
    >
      {error ? <Notice tone="error">{error}</Notice> : null}
      {!state && !error ? (
        <Loading />
      ) : state && state.rows.length === 0 ? (
        <p className="text-sm text-mist-400">No postbacks sent yet.</p>
      ) : state ? (
        <>
          {/* A phone gets each delivery as a card: five columns would push the status off the screen. */}
          <ul className="space-y-2 sm:hidden" aria-label="Postback deliveries">
            {state.rows.map((row) => (
              <li key={row.id} className="rounded-lg border border-night-700 bg-night-900/40 p-3 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium text-mist-100">{eventLabel(row.event)}</span>
                  <Badge tone={DELIVERY_TONES[row.status]}>{deliveryWord(row)}</Badge>
                </div>
                <p className="mt-1 text-xs text-mist-400">
                  {dateTime(row.created_at)} · <span className="font-mono">{row.player_ref}</span> · {row.attempts} {row.attempts === 1 ? 'try' : 'tries'}
                  {row.last_error ? ` · ${row.last_error}` : ''}
                </p>
                <p className="mt-1 break-all font-mono text-xs text-mist-300">{row.url}</p>
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <DataTable caption="Postback deliveries" head={['Time', 'Event', 'Player', 'Status', 'URL sent']} minWidth="min-w-[52rem]">
              {state.rows.map((row) => (
                <tr key={row.id} data-delivery={row.event}>
                  <td className="whitespace-nowrap tabular-nums text-mist-300">{dateTime(row.created_at)}</td>
                  <td className="whitespace-nowrap text-mist-100">{eventLabel(row.event)}</td>
                  <td className="font-mono text-xs text-mist-300">{row.player_ref}</td>
                  <td>
                    <Badge tone={DELIVERY_TONES[row.status]}>{deliveryWord(row)}</Badge>
                    <span className="block text-xs text-mist-400">
                      {row.attempts} {row.attempts === 1 ? 'try' : 'tries'}
                      {row.last_error ? ` · ${row.last_error}` : ''}
                    </span>
                  </td>
                  <td className="max-w-[22rem] truncate font-mono text-xs text-mist-300" title={row.url}>
                    {row.url}
                  </td>
                </tr>
              ))}
            </DataTable>
          </div>
          <div className="mt-3 flex items-center justify-between gap-3 text-sm text-mist-300">
            <span>
              Page {state.meta.current_page} of {Math.max(state.meta.last_page, 1)}
            </span>
            <div className="flex gap-2">
              <Button variant="ghost" className="min-h-0 px-3 py-1.5 text-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button variant="ghost" className="min-h-0 px-3 py-1.5 text-sm" disabled={page >= state.meta.last_page} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </div>
          </div>
        </>
      ) : null}
    </Panel>
  );
}

/** Server-to-server postbacks: a URL per event, the signing secret, and every delivery with its outcome. */
export default function AffiliatePostbacks() {
  const { data, error, loading, reload } = useAffiliateData<PostbackSettings>('/api/affiliates/postbacks');
  const [settings, setSettings] = useState<PostbackSettings | null>(null);
  const shown = settings ?? data;
  return (
    <div className="space-y-6">
      <PortalHeading
        title="Postbacks"
        lead="We call your URL when one of your players registers, makes a first deposit or qualifies for CPA. Failed calls are tried again for a while."
      />
      {error ? <Notice tone="error">{error}</Notice> : null}
      {loading && !shown ? (
        <Loading />
      ) : shown ? (
        <Settings
          settings={shown}
          onSaved={(next) => {
            setSettings(next);
            void reload();
          }}
        />
      ) : null}
      <DeliveryLog />
    </div>
  );
}
