import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/links';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { affiliateApi } from '../../features/affiliates/portal-api.ts';
import { affiliateLoadBody, dataOf } from '../../features/affiliates/portal-load.ts';
import { count, day, Loading, Notice, Panel, PortalHeading } from '../../features/affiliates/portal-ui.tsx';
import type { TrackingLink } from '../../features/affiliates/types.ts';
import { firstErrors } from '../../lib/api.ts';

export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => dataOf(await affiliateLoadBody(request, '/api/affiliates/links'));

export function HydrateFallback() {
  return <Loading />;
}

/** Tracking links: make one for any page of the site with a sub-ID, and copy it. */
export default function AffiliateLinks({ loaderData: { data, error } }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<TrackingLink | null>(null);
  const [busy, setBusy] = useState(false);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    setBusy(true);
    const result = await affiliateApi('POST', '/api/affiliates/links', {
      name: value('name'),
      landing_path: value('landing_path'),
      sub: value('sub'),
    });
    setBusy(false);
    if (!result.ok) {
      setErrors({ ...firstErrors(result.errors), form: result.errors ? '' : result.message });
      return;
    }
    setErrors({});
    setCreated(result.body.data);
    formElement.reset();
    void revalidator.revalidate();
  }

  return (
    <div className="space-y-6">
      <PortalHeading
        title="Links"
        lead="Every visit through a link counts as a click (bots and repeat visits excluded); players who register within 7 days are yours."
      />
      <Panel title="New link">
        <form onSubmit={create} noValidate className="grid gap-3 md:grid-cols-[1fr_1fr_1fr_auto] md:items-start" aria-label="New link">
          <TextField label="Name (optional)" name="name" maxLength={80} placeholder="Spring newsletter" error={errors.name} />
          <TextField
            label="Landing page"
            name="landing_path"
            maxLength={200}
            placeholder="/"
            hint="A page of the site, e.g. /promotion"
            error={errors.landing_path}
          />
          <TextField
            label="Sub-ID (optional)"
            name="sub"
            maxLength={50}
            placeholder="campaign-42"
            hint="Letters, digits, dots, dashes, underscores"
            error={errors.sub}
          />
          <Button type="submit" busy={busy} className="md:mt-7">
            Create link
          </Button>
        </form>
        {errors.form ? (
          <div className="mt-3">
            <Notice tone="error">{errors.form}</Notice>
          </div>
        ) : null}
        {created ? (
          <div
            className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-felt-500/50 bg-night-900/50 p-3"
            data-testid="created-link"
            role="status"
          >
            <span className="w-full text-sm text-felt-500 sm:w-auto">Link created:</span>
            <code className="min-w-0 flex-1 basis-48 break-all text-sm text-mist-100">{created.url}</code>
            <CopyButton text={created.url} label="Copy the new link" />
          </div>
        ) : null}
      </Panel>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {data && data.length === 0 ? (
        <Notice>No links yet: create your first one above.</Notice>
      ) : data ? (
        <ul className="space-y-3" aria-label="Your links">
          {data.map((link) => (
            <li key={link.id} className="rounded-card border border-night-700 bg-night-850 p-4" data-link={link.token}>
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                <div className="min-w-0">
                  <h2 className="truncate font-semibold text-mist-100">{link.name ?? link.landing_path}</h2>
                  <p className="text-xs text-mist-400">
                    Landing page <span className="font-mono">{link.landing_path}</span>
                    {link.sub ? (
                      <>
                        {' '}
                        · sub-ID <span className="font-mono">{link.sub}</span>
                      </>
                    ) : null}{' '}
                    · created {day(link.created_at)}
                  </p>
                </div>
                <p className="flex gap-4 text-sm tabular-nums text-mist-300">
                  <span>
                    <strong className="text-mist-100">{count(link.clicks)}</strong> clicks
                  </span>
                  <span>
                    <strong className="text-mist-100">{count(link.registrations)}</strong> registrations
                  </span>
                </p>
              </div>
              <div className="mt-3 flex items-center gap-2">
                <code className="min-w-0 flex-1 truncate rounded-lg border border-night-700 bg-night-900 px-3 py-2 text-sm text-mist-100" title={link.url}>
                  {link.url}
                </code>
                <CopyButton text={link.url} label={`Copy the link ${link.name ?? link.landing_path}`} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
