import { type FormEvent, useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import type { Route } from './+types/postbacks';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { affiliateApi } from '../../features/affiliates/portal-api.ts';
import { affiliateLoadBody, dataOf, type Loaded } from '../../features/affiliates/portal-load.ts';
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

function Settings({ settings, onSaved }: { settings: PostbackSettings; onSaved: () => void }) {
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
    const result = await affiliateApi('PUT', '/api/affiliates/postbacks', body);
    setBusy(false);
    if (!result.ok) {
      setErrors({ ...firstErrors(result.errors), form: result.errors ? '' : result.message });
      return;
    }
    setErrors({});
    setSaved(true);
    onSaved();
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

/** The page of the delivery log the address names (?page=), read by the screen's loader. */
function DeliveryLog({ log }: { log: Loaded<{ data: PostbackDelivery[]; meta: PageMeta }> }) {
  const revalidator = useRevalidator();
  const [, setSearchParams] = useSearchParams();
  const error = log.error;
  const state = log.data ? { rows: log.data.data, meta: log.data.meta } : null;
  const page = state?.meta.current_page ?? 1;
  const setPage = (next: number) => setSearchParams({ page: String(next) }, { preventScrollReset: true });

  return (
    <Panel
      title="Delivery log"
      action={
        <Button variant="ghost" className="min-h-0 px-3 py-1.5 text-sm" onClick={() => void revalidator.revalidate()}>
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

/** The postback settings and the delivery log's page. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const page = new URL(request.url).searchParams.get('page');
  const [settings, log] = await Promise.all([
    affiliateLoadBody(request, '/api/affiliates/postbacks'),
    affiliateLoadBody(request, `/api/affiliates/postbacks/log?page=${page && /^[1-9]\d{0,5}$/.test(page) ? page : '1'}&per_page=20`),
  ]);
  return { settings: dataOf(settings), log };
}

export function HydrateFallback() {
  return <Loading />;
}

/** Server-to-server postbacks: a URL per event, the signing secret, and every delivery with its outcome. */
export default function AffiliatePostbacks({ loaderData: { settings, log } }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  return (
    <div className="space-y-6">
      <PortalHeading
        title="Postbacks"
        lead="We call your URL when one of your players registers, makes a first deposit or qualifies for CPA. Failed calls are tried again for a while."
      />
      {settings.error !== null ? (
        <Notice tone="error">{settings.error}</Notice>
      ) : (
        <Settings settings={settings.data} onSaved={() => void revalidator.revalidate()} />
      )}
      <DeliveryLog log={log} />
    </div>
  );
}
