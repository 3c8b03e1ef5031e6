import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/creatives';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { affiliateLoadBody, dataOf } from '../../features/affiliates/portal-load.ts';
import { Loading, Notice, PortalHeading } from '../../features/affiliates/portal-ui.tsx';
import { snippetOf } from '../../features/affiliates/snippet.ts';

/** The banners, and the affiliate's links to put in their code. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [creatives, links] = await Promise.all([affiliateLoadBody(request, '/api/affiliates/creatives'), affiliateLoadBody(request, '/api/affiliates/links')]);
  return { creatives: dataOf(creatives), links: dataOf(links) };
}

export function HydrateFallback() {
  return <Loading />;
}

/** Banners the casino made for partners, each with its tracking snippet for one of the affiliate's links. */
export default function AffiliateCreatives({ loaderData: { creatives, links } }: Route.ComponentProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const link = links.data?.find((item) => item.id === chosen) ?? links.data?.[0] ?? null;
  const error = creatives.error ?? links.error;

  return (
    <div className="space-y-5">
      <PortalHeading title="Creatives" lead="Banners served from the casino, so they stay current. Paste a banner's code where it should appear.">
        {links.data && links.data.length > 0 ? (
          <label className="flex items-center gap-2 text-sm text-mist-300">
            Link
            <select
              value={link?.id ?? ''}
              onChange={(event) => setChosen(event.target.value)}
              className="max-w-[14rem] rounded-lg border border-night-600 bg-night-900 px-3 py-1.5 text-mist-100"
            >
              {links.data.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name ?? item.landing_path}
                  {item.sub ? ` (${item.sub})` : ''}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </PortalHeading>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {creatives.data && creatives.data.length === 0 ? (
        <Notice>No banners yet: the casino adds them here.</Notice>
      ) : creatives.data ? (
        <>
          {!link ? (
            <Notice>
              Make a tracking link first on the{' '}
              <Link to="/affiliates/links" className="text-gold-300 underline">
                Links
              </Link>{' '}
              screen: the banners' code links through it.
            </Notice>
          ) : null}
          <ul className="grid gap-4 lg:grid-cols-2" aria-label="Banners">
            {creatives.data.map((creative) => {
              const snippet = link ? snippetOf(creative, link) : null;
              return (
                <li key={creative.id} className="min-w-0 rounded-card border border-night-700 bg-night-850 p-4" data-creative={creative.id}>
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h2 className="font-semibold text-mist-100">{creative.name}</h2>
                    <span className="text-xs tabular-nums text-mist-400">
                      {creative.width} × {creative.height} · for {creative.landing_path}
                    </span>
                  </div>
                  <div className="mt-3 flex justify-center overflow-hidden rounded-lg bg-night-900 p-3">
                    <img
                      src={creative.image_url}
                      alt={creative.name}
                      width={creative.width}
                      height={creative.height}
                      className="h-auto max-h-64 max-w-full object-contain"
                    />
                  </div>
                  {snippet ? (
                    <div className="mt-3 space-y-2">
                      <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded-lg border border-night-700 bg-night-900 p-3 text-xs text-mist-300">
                        <code>{snippet}</code>
                      </pre>
                      <CopyButton text={snippet} label={`Copy the code of ${creative.name}`} />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </div>
  );
}
