import { data } from 'react-router';
import type { Route } from './+types/listing';
import { pageMeta } from '../lib/meta.ts';
import { PageHeading } from '../components/site-frame.tsx';
import { servicesContext } from '../lib/context.ts';
import { UNMATCHED_ROUTE_MESSAGE } from '../lib/messages.ts';
import { failPageValidation, pagePath } from '../lib/page-validation.ts';

// First segments that belong to other screens: a path under them that no screen matched is an
// unmatched route (non-fatal "Page not found"), not a game listing.
const reservedSegments = new Set(['account', 'play', 'promotion', 'player', 'refer-a-friend', 'api', 'assets', 'builds', 'en', 'broadcasting']);

export async function loader({ url, context }: Route.LoaderArgs) {
  const path = pagePath(url);
  const first = path.split('/')[1] ?? '';
  if (reservedSegments.has(first)) {
    return data({ kind: 'unmatched' as const, message: UNMATCHED_ROUTE_MESSAGE }, { status: 404 });
  }
  // The all-games guard: the slug must name a category or a provider.
  const target = await context.get(servicesContext).resolveListing(path);
  if (!target) failPageValidation(url);
  return { kind: 'listing' as const, target };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.kind === 'listing' ? pageMeta(matches, `${loaderData.target.name} games`, loaderData.target.description) : pageMeta(matches, UNMATCHED_ROUTE_MESSAGE);

export default function Listing({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'unmatched') {
    return (
      <div role="alert" data-unmatched-route className="rounded-card border border-night-700 bg-night-850 p-10 text-center">
        <h1 className="font-display text-3xl font-bold">{loaderData.message}</h1>
        <p className="mt-2 text-mist-300">There is nothing at this address. Try the categories above or go back to the lobby.</p>
      </div>
    );
  }
  const { target } = loaderData;
  return (
    <>
      <PageHeading title={target.kind === 'provider' ? target.name : `${target.name}`} lead={target.description} />
      <p className="rounded-card border border-dashed border-night-600 p-10 text-center text-mist-400">
        The games of this {target.kind} appear here.
      </p>
    </>
  );
}
