import { data } from 'react-router';
import type { Route } from './+types/test-route';
import { pageMeta } from '../lib/meta.ts';
import { siteStateContext } from '../lib/context.ts';
import { failPageValidation } from '../lib/page-validation.ts';
import { stagingOnly } from '../lib/route-rules.ts';
import { DesignSystemGallery } from '../features/site/design-system-gallery.tsx';

/**
 * Staging only: shows what the server knows about this request and, with `?status=…&type=…&message=…`,
 * raises that error so each error screen can be checked on a staging deployment.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const state = context.get(siteStateContext);
  if (!stagingOnly(state.settings.app_env)) failPageValidation(url);
  const query = url.searchParams;
  const status = Number(query.get('status'));
  if (Number.isInteger(status) && status >= 400 && status <= 599) {
    throw data({ message: query.get('message') ?? '', type: query.get('type') ?? undefined }, { status });
  }
  return { settings: state.settings, viewer: state.viewer, rules: state.rules.length };
}

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'Staging test route'), { name: 'robots', content: 'noindex' }];

export default function TestRoute({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-3xl font-bold">Staging test route</h1>
      <pre className="mt-6 overflow-x-auto rounded-card bg-night-850 p-4 text-sm">{JSON.stringify(loaderData, null, 2)}</pre>
      <DesignSystemGallery />
    </main>
  );
}
